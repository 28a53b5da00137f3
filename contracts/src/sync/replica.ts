// A device's side of sync, as pure state changes (no network, no storage, no clock): the records as
// this device knows them, the mutations it made that the server has not confirmed (the outbox, in the
// order they were made), and how far it has read each scope (the cookie). The cook-app's sync engine
// keeps one of these, sends pushRequest() and pull requests, and feeds the answers back in; the
// convergence property test drives three of them against an in-memory server.
import {
  applyMutation,
  isLive,
  mergeRecords,
  recordKey,
  type Mutation,
  type Scope,
  type SyncRecord,
} from './records';

/** A mutation with its number on this device (1, 2, 3...: the server confirms up to a number). */
export type NumberedMutation = Mutation & { mid: number };

/** How far this device has read each scope: the server's version of the last change it pulled. */
export type Cookie = Partial<Record<Scope, number>>;

export type ReplicaState = {
  clientId: string;
  records: Record<string, SyncRecord>;
  outbox: NumberedMutation[];
  nextMid: number;
  cookie: Cookie;
};

export type PushRequestBody = { clientId: string; mutations: NumberedMutation[] };
export type PushAnswer = { lastMutationId: number };
export type PullRequestBody = { clientId: string; cookie: Cookie };
export type PullAnswer = {
  /** The scopes this account reads now; a scope left out was left (or removed from). */
  scopes: Scope[];
  cookie: Cookie;
  records: SyncRecord[];
  /** The last of this device's mutations the server has applied. */
  lastMutationId: number;
  /** More changes wait: pull again with the new cookie. */
  more: boolean;
};

export const emptyReplica = (clientId: string): ReplicaState => ({
  clientId,
  records: {},
  outbox: [],
  nextMid: 1,
  cookie: {},
});

/** A change made on this device: applied at once, and queued for the server. */
export function recordLocal(state: ReplicaState, mutations: readonly Mutation[]): ReplicaState {
  if (mutations.length === 0) return state;
  const records = { ...state.records };
  const outbox = [...state.outbox];
  let mid = state.nextMid;
  for (const mutation of mutations) {
    const key = recordKey(mutation);
    records[key] = applyMutation(records[key], mutation);
    outbox.push({ ...mutation, mid });
    mid += 1;
  }
  return { ...state, records, outbox, nextMid: mid };
}

/**
 * The next batch to send: the oldest mutations of the outbox, at most `max` of them and (but for the
 * first) at most `maxBytes` as JSON.
 */
export function pushRequest(state: ReplicaState, max = 500, maxBytes = Infinity): PushRequestBody {
  const mutations: NumberedMutation[] = [];
  let bytes = 0;
  for (const mutation of state.outbox) {
    if (mutations.length >= max) break;
    bytes += JSON.stringify(mutation).length + 1;
    if (mutations.length > 0 && bytes > maxBytes) break;
    mutations.push(mutation);
  }
  return { clientId: state.clientId, mutations };
}

/** The server applied every mutation up to `lastMutationId`: they leave the outbox. */
export function acknowledge(state: ReplicaState, lastMutationId: number): ReplicaState {
  const outbox = state.outbox.filter((m) => m.mid > lastMutationId);
  return outbox.length === state.outbox.length ? state : { ...state, outbox };
}

/**
 * The server refused these mutations for good (their scope is no longer this account's): they leave
 * the outbox, and the records they touched are dropped until the next pull says otherwise.
 */
export function dropRejected(state: ReplicaState, mids: readonly number[]): ReplicaState {
  const refused = new Set(mids);
  const dropped = state.outbox.filter((m) => refused.has(m.mid));
  if (dropped.length === 0) return state;
  const records = { ...state.records };
  for (const m of dropped) delete records[recordKey(m)];
  return { ...state, records, outbox: state.outbox.filter((m) => !refused.has(m.mid)) };
}

/**
 * A pull's answer: its records merged into this device's (a join, so this device's own unconfirmed
 * changes stay on top of them), the scopes this account no longer reads dropped with their records and
 * queued changes, the cookie moved on and the confirmed mutations out of the outbox.
 */
export function applyPull(state: ReplicaState, answer: PullAnswer): ReplicaState {
  const readable = new Set<string>(answer.scopes);
  const records: Record<string, SyncRecord> = {};
  for (const [key, record] of Object.entries(state.records))
    if (readable.has(record.scope)) records[key] = record;
  for (const incoming of answer.records) {
    if (!readable.has(incoming.scope)) continue;
    const key = recordKey(incoming);
    const held = records[key];
    records[key] = held ? mergeRecords(held, incoming) : incoming;
  }
  const cookie: Cookie = {};
  for (const scope of answer.scopes) cookie[scope] = answer.cookie[scope] ?? state.cookie[scope] ?? 0;
  const outbox = state.outbox.filter((m) => readable.has(m.scope));
  return acknowledge({ ...state, records, cookie, outbox }, answer.lastMutationId);
}

/** The live (not deleted) records, for the app. */
export const liveRecords = (state: ReplicaState): SyncRecord[] => Object.values(state.records).filter(isLive);

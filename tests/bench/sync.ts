// Prints the sync figures of issue 20 (docs/sync.md, "Cost"), measured through the gateway of the built
// stack: withStack runs scripts/serve-stack.mjs on port 8191 with a database of its own (dropped at the
// end), or measures BENCH_URL. The phones are tests/support/sync-phone.ts: contracts' replica (the code
// the cook-app's engine runs) over fetch, the live stream read with eventsource-parser as the app reads it.
//
//   node --import tsx tests/bench/sync.ts            (from the repository root)
//
//   1. Change-to-other-phone latency with BENCH_SYNC_CLIENTS (200) connected clients: half as many accounts,
//      two phones each, every phone holding its live stream open. In each of BENCH_SYNC_ROUNDS rounds (10,
//      after one warm-up round that is not reported) one phone of every account (A, then B, in turn) sets
//      fields of one run_steps record (`sent_at` carries the send time) and pushes at once. The writes are
//      spread evenly at BENCH_SYNC_RATE per second (20: each account writes every 5 s; 50 a second takes
//      about both cores of the 2-core machine for the stack and the bench together). The latency runs
//      from the change to the end of the other phone's pull that holds it (push, poke, pull). The app waits
//      20 ms to batch a change before it pushes (docs/sync.md); the bench pushes at once.
//   2. Catch-up of a device BENCH_SYNC_BEHIND (10,000) changes behind: one phone of a fresh account makes
//      the changes, pushed 500 per push as the engine does, while a second phone of the account, which had
//      synced the account's earlier records, is offline. Then that phone pulls until nothing is left (its
//      cookie is stale), and so does a new phone (an empty cookie). Two shapes: 10,000 records changed once
//      (the worst case: every change is a record to send) and 2,000 records changed 5 times (the server
//      sends each record's current state once).
//   3. Server memory per connected client: VmRSS of the sync service (and of the gateway, which holds one
//      upstream connection per stream) from /proc, found by the port it listens on, after a warm-up with
//      no stream open and again with every phone connected and its first pull done (nothing forced: no
//      GC). The sync service's V8 heap in use comes from its own /metrics. BENCH_SYNC_PORT names the sync
//      service's port when it is not the gateway's + 5 (scripts/lib/stack.mjs portsFrom).
//   4. The sync engine's bundle cost: the gzip size of the cook-app build's lazily loaded sync-runner chunk
//      and of the chunks it imports that the cook-app's first screen does not (cook-app/dist/.vite/
//      manifest.json). A build is not made here: without cook-app/dist the figure is skipped, and a note
//      says when sync sources are newer than the build.
//
// Accounts are not registered: access tokens are signed here (lib.ts accessTokenSigner) with the JWT_SECRET
// the stack is given (set before withStack starts it). The sync service reads no user rows: a token's `sub`
// is the account. With BENCH_URL, set the JWT_SECRET (and JWT_AUDIENCE, when not 'pitclock') of that stack;
// the records made there under scopes u:<1e9 + random> stay in its database.
//
// A push or pull that fails with a 5xx or a broken connection is tried again after 1, 2, 5, 10 s, as the
// app's engine does; those are counted and printed. Results go to tests/bench/results/sync.json.
// Exits 1 only on a functional failure (a refused call, a change that never arrives, a phone that does
// not converge, a stream that ends); a figure over its target is printed as MISS.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  acknowledge,
  createHlcClock,
  emptyReplica,
  pushRequest,
  recordLocal,
  userScope,
  type Fields,
  type Mutation,
  type SyncRecord,
} from '@pitclock/contracts/sync';
import { createSyncPhone, SyncHttpError, type SyncPhone } from '../support/sync-phone';
import {
  accessTokenSigner,
  cpuShares,
  cpuSnapshot,
  fmt,
  mapLimit,
  percentile,
  pidListeningOn,
  residentKb,
  root,
  sharesText,
  sleep,
  stackOf,
  withStack,
} from './lib';

const wholeEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};

const CLIENTS = wholeEnv('BENCH_SYNC_CLIENTS', 200);
const ACCOUNTS = Math.max(1, Math.floor(CLIENTS / 2));
const RATE = wholeEnv('BENCH_SYNC_RATE', 20);
const ROUNDS = wholeEnv('BENCH_SYNC_ROUNDS', 10);
const BEHIND = wholeEnv('BENCH_SYNC_BEHIND', 10_000);
const EDITS = 5;
const EARLIER_RECORDS = 50;
const TARGETS = { latencyP99Ms: 500, catchUpMs: 2_000 };
/** A change not on the other phone this long after the last write is lost (a functional failure). */
const ARRIVAL_TIMEOUT_MS = 15_000;
const CONNECTS_AT_ONCE = 20;
const SETTLE_MS = 3_000;
const STORE = 'run_steps';

if (process.env.BENCH_URL && !process.env.JWT_SECRET) {
  throw new Error(
    'BENCH_URL needs the JWT_SECRET of that stack: the accounts are signed in with tokens signed here',
  );
}
process.env.JWT_SECRET ??= randomBytes(48).toString('base64url');
const signToken = accessTokenSigner(process.env.JWT_SECRET, process.env.JWT_AUDIENCE ?? 'pitclock');
const RUN = randomBytes(3).toString('hex');
// Account ids no registered user is likely to have on a shared stack (PostgreSQL integers end at 2^31 - 1).
let nextUserId = 1_000_000_000 + Math.floor(Math.random() * 900_000_000);

/** Functional problems seen while measuring (a pull that failed, a stream that ended): exit 1. */
const failures: string[] = [];
/** Calls that failed and were tried again, as the app's engine does (1, 2, 5, 10 s): counted, not failures. */
const retried = { push: new Map<string, number>(), pull: new Map<string, number>() };
const RETRY_MS = [1_000, 2_000, 5_000, 10_000] as const;
const errorName = (error: unknown) =>
  error instanceof SyncHttpError
    ? `${error.status} ${/"error":"([^"]*)"/.exec(error.body)?.[1] ?? ''}`.trim()
    : String(error);
const countRetry = (kind: keyof typeof retried, error: unknown) =>
  retried[kind].set(errorName(error), (retried[kind].get(errorName(error)) ?? 0) + 1);
/** A server error or a broken connection: the app tries again; anything else (a 4xx) is a failure. */
const mayRetry = (error: unknown) => !(error instanceof SyncHttpError) || error.status >= 500;

// A promise rejected while no one waits for it would end the process before withStack stops the stack.
process.on('unhandledRejection', (error) => failures.push(`unhandled: ${stackOf(error)}`));

/** A phone with its live stream open, and how many pull answers it has had. */
type LivePhone = { label: string; phone: SyncPhone; pulls: number; close: () => void };

async function newPhone(baseUrl: string, userId: number, name: string): Promise<SyncPhone> {
  return createSyncPhone({
    baseUrl,
    token: await signToken(userId),
    account: userId,
    clientId: `bench-${RUN}-${userId}-${name}`,
  });
}

async function connectPhone(phone: SyncPhone, label: string): Promise<LivePhone> {
  let closing = false;
  const live: LivePhone = { label, phone, pulls: 0, close: () => {} };
  phone.onPulled(() => (live.pulls += 1));
  // A failed pull is tried again a second later (the app's engine does so too); the next poke pulls anyway.
  const onPullError = (error: unknown): void => {
    if (!mayRetry(error)) {
      failures.push(`${label}: a pull was refused: ${stackOf(error)}`);
      return;
    }
    countRetry('pull', error);
    if (!closing) setTimeout(() => void phone.pull().catch(onPullError), RETRY_MS[0]);
  };
  const stream = await phone.connect(onPullError);
  stream.closed.then(
    () => !closing && failures.push(`${label}: its live stream ended`),
    (error: unknown) => !closing && failures.push(`${label}: its live stream failed: ${stackOf(error)}`),
  );
  live.close = () => {
    closing = true;
    stream.close();
  };
  return live;
}

async function until(done: () => boolean, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

// ---------------------------------------------------------------------------------------------------------
// 1. Latency: pairs of phones of one account.

type Pending = { sentAt: number; receiver: 0 | 1; reported: boolean };
type Pair = {
  userId: number;
  phones: [LivePhone, LivePhone];
  recordId: string;
  seq: number;
  pending: Map<number, Pending>;
};

/** Latencies (ms) of the reported writes, and push round-trips (ms). */
type LatencySamples = { arrivals: number[]; pushes: number[]; lateStartsMs: number[] };

async function connectPair(baseUrl: string, samples: LatencySamples): Promise<Pair> {
  const userId = nextUserId++;
  const phones = await Promise.all(
    (['a', 'b'] as const).map(async (name) =>
      connectPhone(await newPhone(baseUrl, userId, name), `${userId}-${name}`),
    ),
  );
  const pair: Pair = {
    userId,
    phones: phones as [LivePhone, LivePhone],
    recordId: `bench-step-${userId}`,
    seq: 0,
    pending: new Map(),
  };
  pair.phones.forEach((live, index) =>
    live.phone.onPulled((records) => {
      const at = performance.now();
      for (const record of records) {
        if (record.store !== STORE || record.id !== pair.recordId) continue;
        const seq = Number(record.fields.seq);
        // A later write holding the field means this phone has that state or newer: each earlier
        // pending write counts as arrived now.
        for (const [pendingSeq, pending] of pair.pending) {
          if (pendingSeq > seq || pending.receiver !== index) continue;
          if (pending.reported) samples.arrivals.push(at - pending.sentAt);
          pair.pending.delete(pendingSeq);
        }
      }
    }),
  );
  return pair;
}

async function write(pair: Pair, round: number, reported: boolean, samples: LatencySamples) {
  const writer = round % 2 === 0 ? 0 : 1;
  const seq = ++pair.seq;
  const sentAt = performance.now();
  pair.pending.set(seq, { sentAt, receiver: writer === 0 ? 1 : 0, reported });
  const { phone } = pair.phones[writer];
  phone.change(STORE, pair.recordId, {
    seq,
    sent_at: Date.now(),
    done: round % 3 === 0,
    note: `Spritzed with apple juice, round ${round}`,
  });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await phone.push();
      break;
    } catch (error) {
      if (!mayRetry(error) || attempt >= RETRY_MS.length) throw error;
      countRetry('push', error);
      await sleep(RETRY_MS[attempt]!);
    }
  }
  if (reported) samples.pushes.push(performance.now() - sentAt);
}

/** `rounds` rounds of one write per pair, evenly spread at RATE writes per second; waits for every arrival. */
async function rounds(
  pairs: Pair[],
  first: number,
  count: number,
  reported: boolean,
  samples: LatencySamples,
) {
  const start = performance.now() + 100;
  const writes: Promise<void>[] = [];
  for (let r = 0; r < count; r += 1) {
    for (const [i, pair] of pairs.entries()) {
      const due = start + ((r * pairs.length + i) * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (reported) samples.lateStartsMs.push(performance.now() - due);
      writes.push(
        write(pair, first + r, reported, samples).catch((error: unknown) => {
          failures.push(`${pair.userId}: a push failed for good: ${stackOf(error)}`);
        }),
      );
    }
  }
  await Promise.all(writes);
  const lost = () => pairs.reduce((n, pair) => n + pair.pending.size, 0);
  await until(() => lost() === 0, ARRIVAL_TIMEOUT_MS, 'every change on the other phone').catch(() => {
    throw new Error(
      `${lost()} changes never reached the other phone (${ARRIVAL_TIMEOUT_MS / 1000} s after the last push)`,
    );
  });
}

/** Both phones of every pair hold the last write: a failure when one does not. */
function checkConverged(pairs: Pair[]) {
  for (const pair of pairs) {
    for (const live of pair.phones) {
      const record = live.phone.records().find((r) => r.store === STORE && r.id === pair.recordId);
      if (record?.fields.seq !== pair.seq) {
        failures.push(
          `${live.label}: holds seq ${String(record?.fields.seq)}, the last write was ${pair.seq}`,
        );
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// 3. Memory: VmRSS of the sync service and the gateway, the sync service's heap in use.

type Processes = { syncPid: number | undefined; gatewayPid: number | undefined; syncUrl: string };
type Memory = { syncRssKb: number; gatewayRssKb: number; syncHeapKb: number };

async function heapUsedKb(syncUrl: string): Promise<number> {
  const text = await fetch(`${syncUrl}/metrics`, { signal: AbortSignal.timeout(5_000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  const match = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([\d.e+]+)$/m.exec(text);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The median of 5 samples, 500 ms apart (the figures move with each garbage collection). */
async function memory({ syncPid, gatewayPid, syncUrl }: Processes): Promise<Memory> {
  const samples: Memory[] = [];
  for (let i = 0; i < 5; i += 1) {
    if (i > 0) await sleep(500);
    samples.push({
      syncRssKb: residentKb(syncPid),
      gatewayRssKb: residentKb(gatewayPid),
      syncHeapKb: await heapUsedKb(syncUrl),
    });
  }
  const median = (key: keyof Memory) =>
    percentile(
      samples.map((s) => s[key]),
      50,
    );
  return {
    syncRssKb: median('syncRssKb'),
    gatewayRssKb: median('gatewayRssKb'),
    syncHeapKb: median('syncHeapKb'),
  };
}

/** The sync service's own timing of a route (its http_request_duration_seconds histogram, answers 200). */
type RouteTiming = { count: number; sumS: number; buckets: Map<string, number> };

async function routeTimings(syncUrl: string): Promise<Map<string, RouteTiming>> {
  const text = await fetch(`${syncUrl}/metrics`, { signal: AbortSignal.timeout(5_000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  const timings = new Map<string, RouteTiming>();
  for (const [, kind, labels, value] of text.matchAll(
    /^http_request_duration_seconds_(bucket|sum|count)\{([^}]*)\} ([\d.e+-]+)$/gm,
  )) {
    const route = /route="([^"]*)"/.exec(labels!)?.[1];
    if (!route?.startsWith('/api/sync/') || !labels!.includes('status="200"')) continue;
    const timing = timings.get(route) ?? { count: 0, sumS: 0, buckets: new Map() };
    timings.set(route, timing);
    if (kind === 'count') timing.count = Number(value);
    else if (kind === 'sum') timing.sumS = Number(value);
    else timing.buckets.set(/le="([^"]*)"/.exec(labels!)?.[1] ?? '', Number(value));
  }
  return timings;
}

/** Per route, between two readings: answers, mean ms, and the share answered within 100 and 500 ms. */
function timingDelta(before: Map<string, RouteTiming>, after: Map<string, RouteTiming>) {
  return Object.fromEntries(
    [...after].map(([route, a]) => {
      const b = before.get(route) ?? { count: 0, sumS: 0, buckets: new Map<string, number>() };
      const count = a.count - b.count;
      const within = (le: string) =>
        count ? ((a.buckets.get(le) ?? 0) - (b.buckets.get(le) ?? 0)) / count : NaN;
      return [
        route,
        {
          count,
          meanMs: count ? ((a.sumS - b.sumS) * 1000) / count : NaN,
          within100ms: within('0.1'),
          within500ms: within('0.5'),
        },
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// 2. Catch-up.

/** A step of a run as the app would sync it: a dozen fields, about 300 bytes of JSON. */
const stepFields = (i: number, edit: number): Fields =>
  edit === 0
    ? {
        run_id: `bench-run-${Math.floor(i / 40)}`,
        position: i % 40,
        name: `Step ${i}: inject the brisket and wrap it in butcher paper`,
        category: 'brisket',
        due_at: new Date(Date.UTC(2026, 10, 28, 6, 0) + i * 60_000).toISOString(),
        duration_min: 30,
        alert_before_min: 5,
        done: false,
        done_at: null,
        note: '',
        edit,
      }
    : { done: edit % 2 === 1, done_at: Date.now(), note: `Edit ${edit}: temperature checked at 203°F`, edit };

/**
 * A phone that only writes: its changes are pushed as its engine pushes them, numbered in its outbox, at
 * most 500 a push. (Built in batches with contracts' replica: sync-phone's change() copies the whole
 * replica per change, which for 10,000 changes takes the bench half a minute.)
 */
async function writerPhone(baseUrl: string, userId: number, clientId: string) {
  const token = await signToken(userId);
  const clock = createHlcClock(clientId, Date.now);
  let state = emptyReplica(clientId);
  return async (changes: Omit<Mutation, 'hlc'>[]) => {
    let pushes = 0;
    let retries = 0;
    const pushMs: number[] = [];
    const started = performance.now();
    for (let from = 0; from < changes.length; from += 500) {
      state = recordLocal(
        state,
        changes.slice(from, from + 500).map((change) => ({ ...change, hlc: clock.tick() })),
      );
      while (state.outbox.length > 0) {
        const pushStarted = performance.now();
        const response = await fetch(new URL(API_PATHS.syncPush, baseUrl), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(pushRequest(state, 500)),
        });
        if (!response.ok) {
          const error = new SyncHttpError(response.status, await response.text());
          if (!mayRetry(error) || retries >= RETRY_MS.length) throw error;
          countRetry('push', error);
          await sleep(RETRY_MS[retries++]!);
          continue;
        }
        state = acknowledge(state, ((await response.json()) as { lastMutationId: number }).lastMutationId);
        pushes += 1;
        pushMs.push(performance.now() - pushStarted);
      }
    }
    return { pushes, ms: performance.now() - started, pushMs: pushMs.map(Math.round) };
  };
}

type CatchUp = { ms: number; pulls: number; records: number; bytes: number };

/** Pulls until nothing is left; checks the phone then holds every record at its last edit. */
async function catchUp(
  phone: SyncPhone,
  expected: number,
  lastEdit: number,
  label: string,
): Promise<CatchUp> {
  const answers: SyncRecord[][] = [];
  const stop = phone.onPulled((records) => answers.push(records));
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await phone.pull();
      break;
    } catch (error) {
      if (!mayRetry(error) || attempt >= RETRY_MS.length) throw error;
      countRetry('pull', error);
      await sleep(RETRY_MS[attempt]!);
    }
  }
  const ms = performance.now() - started;
  stop();
  const held = phone.records().filter((r) => r.store === STORE);
  const stale = held.filter((r) => r.id.startsWith('bench-catch-') && r.fields.edit !== lastEdit);
  if (held.length !== expected || stale.length > 0) {
    failures.push(
      `${label}: holds ${held.length} records (${expected} expected), ${stale.length} not at their last edit`,
    );
  }
  return {
    ms,
    pulls: answers.length,
    records: answers.reduce((n, records) => n + records.length, 0),
    bytes: answers.reduce((n, records) => n + JSON.stringify(records).length, 0),
  };
}

async function catchUpCase(baseUrl: string, records: number, edits: number) {
  const userId = nextUserId++;
  const scope = userScope(userId);
  const push = await writerPhone(baseUrl, userId, `bench-${RUN}-${userId}-w`);
  const earlier = Array.from({ length: EARLIER_RECORDS }, (_, i) => ({
    scope,
    store: STORE,
    id: `bench-earlier-${i}`,
    set: stepFields(i, 0),
  })) satisfies Omit<Mutation, 'hlc'>[];
  await push(earlier);
  // The phone that goes offline had synced everything so far: its cookie is where the account was.
  const offline = await newPhone(baseUrl, userId, 'offline');
  await offline.pull();
  const changes: Omit<Mutation, 'hlc'>[] = [];
  for (let edit = 0; edit < edits; edit += 1) {
    for (let i = 0; i < records; i += 1)
      changes.push({ scope, store: STORE, id: `bench-catch-${i}`, set: stepFields(i, edit) });
  }
  const pushed = await push(changes);
  const expected = EARLIER_RECORDS + records;
  const stale = await catchUp(offline, expected, edits - 1, `${userId}-offline`);
  const fresh = await catchUp(await newPhone(baseUrl, userId, 'new'), expected, edits - 1, `${userId}-new`);
  return { records, edits, changes: changes.length, pushed, stale, fresh };
}

// ---------------------------------------------------------------------------------------------------------
// 4. The sync chunk of the cook-app build.

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };

function syncBundleCost() {
  const dist = path.join(root, 'cook-app', 'dist');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const runnerKey = Object.keys(manifest).find((key) => key.endsWith('features/sync/sync-runner.ts'));
  if (!runnerKey) throw new Error(`no sync-runner chunk in ${manifestPath}`);
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const firstScreen = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const gzipKb = (key: string) => gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length / 1024;
  const chunks = [...closure([runnerKey])].map((key) => ({
    file: manifest[key]!.file,
    gzipKb: gzipKb(key),
    onFirstScreen: firstScreen.has(key),
  }));
  const builtAt = statSync(manifestPath).mtimeMs;
  const newer = ['cook-app/src/features/sync', 'contracts/src/sync'].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => !name.endsWith('.test.ts') && statSync(path.join(root, dir, name)).mtimeMs > builtAt)
      .map((name) => `${dir}/${name}`),
  );
  return {
    builtAt: new Date(builtAt).toISOString(),
    runner: chunks.find((c) => c.file === manifest[runnerKey]!.file)!,
    chunks,
    lazyKb: chunks.filter((c) => !c.onFirstScreen).reduce((sum, c) => sum + c.gzipKb, 0),
    runnerOnFirstScreen: firstScreen.has(runnerKey),
    sourcesNewerThanBuild: newer,
  };
}

// ---------------------------------------------------------------------------------------------------------

async function measure(baseUrl: string) {
  const gatewayPort = Number(new URL(baseUrl).port || 80);
  const syncPort = Number(process.env.BENCH_SYNC_PORT ?? gatewayPort + 5);
  const processes: Processes = {
    syncPid: pidListeningOn(syncPort),
    gatewayPid: pidListeningOn(gatewayPort),
    syncUrl: `http://127.0.0.1:${syncPort}`,
  };
  const samples: LatencySamples = { arrivals: [], pushes: [], lateStartsMs: [] };
  const pairs: Pair[] = [];
  try {
    // Warm-up: the routes, the pools, the instance's Redis subscriber (made at its first stream).
    const warm = await Promise.all([0, 1].map(() => connectPair(baseUrl, samples)));
    await rounds(warm, 0, 10, false, samples);
    warm.forEach((pair) => pair.phones.forEach((live) => live.close()));
    await sleep(SETTLE_MS);
    const idle = await memory(processes);

    const connectStarted = performance.now();
    pairs.push(
      ...(await mapLimit(Array.from({ length: ACCOUNTS }), CONNECTS_AT_ONCE, () =>
        connectPair(baseUrl, samples),
      )),
    );
    const phones = pairs.flatMap((pair) => pair.phones);
    await until(() => phones.every((live) => live.pulls > 0), 30_000, 'the first pull of every phone');
    const connectMs = performance.now() - connectStarted;
    await sleep(SETTLE_MS);
    const connected = await memory(processes);

    // The warm-up round settles the new phones' first writes; then the reported rounds.
    await rounds(pairs, 0, 1, false, samples);
    const named = new Map<number | undefined, string>([
      [processes.syncPid, 'sync'],
      [processes.gatewayPid, 'gateway'],
      [process.pid, 'bench'],
    ]);
    const cpuBefore = cpuSnapshot(named);
    const timingsBefore = await routeTimings(processes.syncUrl);
    const loadStarted = performance.now();
    await rounds(pairs, 1, ROUNDS, true, samples);
    const loadS = (performance.now() - loadStarted) / 1000;
    const cpu = cpuShares(cpuBefore, cpuSnapshot(named));
    const server = timingDelta(timingsBefore, await routeTimings(processes.syncUrl));
    checkConverged(pairs);
    const afterLoad = await memory(processes);
    pairs.forEach((pair) => pair.phones.forEach((live) => live.close()));
    pairs.length = 0;
    await sleep(SETTLE_MS);
    const closed = await memory(processes);

    const catchUps = [
      await catchUpCase(baseUrl, BEHIND, 1),
      await catchUpCase(baseUrl, Math.max(1, Math.round(BEHIND / EDITS)), EDITS),
    ];
    return {
      baseUrl,
      processes,
      connectMs,
      latency: { ...samples, loadS, cpu, server },
      memory: { idle, connected, afterLoad, closed },
      catchUps,
    };
  } finally {
    pairs.forEach((pair) => pair.phones.forEach((live) => live.close()));
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const line = (label: string, value: string, target?: string, ok?: boolean) =>
  console.log(
    `  ${label.padEnd(44)} ${value.padEnd(22)} ${(target ? `target ${target}` : '').padEnd(20)} ${ok === undefined ? '' : verdict(ok)}`,
  );
const ms = (n: number) => `${fmt(n)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const kbText = (kb: number) => `${kb.toFixed(1)} KB`;

function printLatency(result: Awaited<ReturnType<typeof measure>>) {
  const { arrivals, pushes, lateStartsMs, loadS, cpu, server } = result.latency;
  console.log(
    `\nsync: ${ACCOUNTS * 2} phones (${ACCOUNTS} accounts x 2) holding their live streams, through the gateway at ${result.baseUrl}; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  console.log(
    `  all connected and first-pulled in ${ms(result.connectMs)} (${CONNECTS_AT_ONCE} connects at a time)`,
  );
  console.log(
    `\n  1. change -> other phone: ${fmt(arrivals.length)} writes in ${ROUNDS} rounds at ${RATE} writes/s (each account every ${(ACCOUNTS / RATE).toFixed(1)} s, its two phones in turn), over ${loadS.toFixed(1)} s`,
  );
  line('latency p50', ms(percentile(arrivals, 50)));
  line(
    'latency p99',
    ms(percentile(arrivals, 99)),
    `< ${TARGETS.latencyP99Ms} ms`,
    percentile(arrivals, 99) < TARGETS.latencyP99Ms,
  );
  line('latency max', ms(Math.max(...arrivals)));
  line('push round-trip p50 / p99', `${ms(percentile(pushes, 50))} / ${ms(percentile(pushes, 99))}`);
  for (const [route, t] of Object.entries(server)) {
    const pct = (share: number) => `${(100 * share).toFixed(1)} %`;
    console.log(
      `    the sync service's own time on ${route}: ${fmt(t.count)} answers, mean ${t.meanMs.toFixed(1)} ms, ${pct(t.within100ms)} within 100 ms, ${pct(t.within500ms)} within 500 ms`,
    );
  }
  const perWrite = (group: string) => (((cpu[group] ?? 0) / 100) * 1000) / RATE;
  console.log(
    `    CPU per write (one push, two pulls, two pokes): sync ${perWrite('sync').toFixed(1)} ms, gateway ${perWrite('gateway').toFixed(1)} ms, postgres ${perWrite('postgres').toFixed(1)} ms, redis ${perWrite('redis').toFixed(1)} ms, bench ${perWrite('bench').toFixed(1)} ms`,
  );
  const tally = (m: Map<string, number>) =>
    m.size ? [...m].map(([name, n]) => `${fmt(n)} x ${name}`).join(', ') : 'none';
  console.log(
    `    calls tried again (whole run): pushes ${tally(retried.push)}; pulls ${tally(retried.pull)}`,
  );
  const late = percentile(lateStartsMs, 99);
  if (late > 20)
    console.log(`    note: the bench started its writes up to ${ms(late)} late (p99): it was short of CPU`);
  console.log(
    `    machine while writing (% of one core): ${sharesText(cpu)}${(cpu.other ?? 0) > 20 ? '  <- other processes competed for the CPUs' : ''}`,
  );
}

function printCatchUps(result: Awaited<ReturnType<typeof measure>>) {
  console.log(
    `\n  2. catch-up of a device ${fmt(BEHIND)} changes behind (the account held ${EARLIER_RECORDS} records before)`,
  );
  for (const c of result.catchUps) {
    const shape = `${fmt(c.records)} records x ${c.edits} change${c.edits > 1 ? 's' : ''}`;
    console.log(
      `    ${shape}: pushed by one phone in ${c.pushed.pushes} pushes, ${ms(c.pushed.ms)} (${fmt((c.changes / c.pushed.ms) * 1000)} changes/s; each push ${fmt(Math.min(...c.pushed.pushMs))}-${fmt(Math.max(...c.pushed.pushMs))} ms, first ${fmt(c.pushed.pushMs[0])}, last ${fmt(c.pushed.pushMs.at(-1))})`,
    );
    for (const [label, catchUp] of [
      ['stale cookie (the offline phone)', c.stale],
      ['empty cookie (a new phone)', c.fresh],
    ] as const) {
      line(
        `  ${label}`,
        `${ms(catchUp.ms)}`,
        `< ${fmt(TARGETS.catchUpMs / 1000)} s`,
        catchUp.ms < TARGETS.catchUpMs,
      );
      console.log(
        `      ${catchUp.pulls} pulls, ${fmt(catchUp.records)} records, ${mb(catchUp.bytes / 1024)} of records as JSON`,
      );
    }
  }
}

function printMemory(result: Awaited<ReturnType<typeof measure>>) {
  const { idle, connected, afterLoad, closed } = result.memory;
  const clients = ACCOUNTS * 2;
  const per = (key: keyof Memory) => (connected[key] - idle[key]) / clients;
  console.log(
    `\n  3. server memory (median of 5 samples 0.5 s apart, no GC forced; sync pid ${result.processes.syncPid ?? 'not found'}, gateway pid ${result.processes.gatewayPid ?? 'not found'})`,
  );
  line('sync RSS, 0 clients (after a warm-up)', mb(idle.syncRssKb));
  line(`sync RSS, ${clients} clients connected`, mb(connected.syncRssKb));
  line('sync RSS per connected client', kbText(per('syncRssKb')));
  line('sync heap in use per connected client', kbText(per('syncHeapKb')), undefined);
  line('gateway RSS per connected client', kbText(per('gatewayRssKb')));
  console.log(
    `    sync RSS / heap / gateway RSS: 0 clients ${mb(idle.syncRssKb)} / ${mb(idle.syncHeapKb)} / ${mb(idle.gatewayRssKb)}; ${clients} connected ${mb(connected.syncRssKb)} / ${mb(connected.syncHeapKb)} / ${mb(connected.gatewayRssKb)}; after the writes ${mb(afterLoad.syncRssKb)} / ${mb(afterLoad.syncHeapKb)} / ${mb(afterLoad.gatewayRssKb)}; all closed again ${mb(closed.syncRssKb)} / ${mb(closed.syncHeapKb)} / ${mb(closed.gatewayRssKb)}`,
  );
}

function printBundle(bundle: ReturnType<typeof syncBundleCost>) {
  console.log('\n  4. the sync engine in the cook-app build (gzip)');
  if (!bundle) {
    console.log('    cook-app/dist is absent: run `npm run build` for this figure (not built here)');
    return;
  }
  line('sync-runner chunk', kbText(bundle.runner.gzipKb));
  line('loaded after the first screen, in all', kbText(bundle.lazyKb), 'lazy', !bundle.runnerOnFirstScreen);
  for (const chunk of bundle.chunks) {
    console.log(
      `    ${kbText(chunk.gzipKb).padStart(9)}  ${chunk.file}${chunk.onFirstScreen ? '  (already on the first screen)' : ''}`,
    );
  }
  console.log(`    build of ${bundle.builtAt}`);
  if (bundle.sourcesNewerThanBuild.length) {
    console.log(`    note: newer than that build: ${bundle.sourcesNewerThanBuild.join(', ')}`);
  }
}

try {
  const result = await withStack(measure);
  const bundle = syncBundleCost();
  printLatency(result);
  printCatchUps(result);
  printMemory(result);
  printBundle(bundle);
  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const { arrivals, pushes, loadS, cpu, server } = result.latency;
  writeFileSync(
    path.join(out, 'sync.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        settings: {
          clients: ACCOUNTS * 2,
          rate: RATE,
          rounds: ROUNDS,
          behind: BEHIND,
          cpus: os.cpus().length,
        },
        targets: TARGETS,
        latencyMs: {
          writes: arrivals.length,
          p50: percentile(arrivals, 50),
          p99: percentile(arrivals, 99),
          max: Math.max(...arrivals),
          pushP50: percentile(pushes, 50),
          pushP99: percentile(pushes, 99),
          seconds: loadS,
          cpu,
          server,
        },
        catchUps: result.catchUps,
        memoryKb: result.memory,
        bundle,
        retried: { push: Object.fromEntries(retried.push), pull: Object.fromEntries(retried.pull) },
        failures,
      },
      null,
      2,
    ),
  );
  if (failures.length) {
    console.error(
      `\nsync bench: ${failures.length} functional failure(s):\n  ${failures.slice(0, 20).join('\n  ')}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`sync bench failed: ${stackOf(error)}`);
  if (failures.length) console.error(`  also: ${failures.slice(0, 20).join('\n  ')}`);
  process.exitCode = 1;
}

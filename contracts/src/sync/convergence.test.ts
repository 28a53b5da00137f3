import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHlcClock, type HlcClock } from './hlc';
import { recordKey, type Mutation, type Scope } from './records';
import {
  acknowledge,
  applyPull,
  emptyReplica,
  pushRequest,
  recordLocal,
  type PullAnswer,
  type PushRequestBody,
  type ReplicaState,
} from './replica';
import { createMemorySyncServer } from './memory-server';

const SCOPES: Scope[] = ['u:1', 't:team-a'];
const IDS = ['a', 'b', 'c'];
const FIELDS = ['name', 'status', 'note'];
const PAGE = 3;

type Message =
  | { kind: 'push'; to: number; body: PushRequestBody }
  | { kind: 'pushReply'; to: number; lastMutationId: number }
  | { kind: 'pullReply'; to: number; answer: PullAnswer };

const step = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    replica: fc.nat(2),
    scope: fc.constantFrom(...SCOPES),
    id: fc.constantFrom(...IDS),
    set: fc.dictionary(
      fc.constantFrom(...FIELDS),
      fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
      {
        minKeys: 1,
      },
    ),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    replica: fc.nat(2),
    scope: fc.constantFrom(...SCOPES),
    id: fc.constantFrom(...IDS),
  }),
  fc.record({ kind: fc.constant('push' as const), replica: fc.nat(2) }),
  fc.record({ kind: fc.constant('pull' as const), replica: fc.nat(2) }),
  fc.record({
    kind: fc.constant('clock' as const),
    replica: fc.nat(2),
    ms: fc.integer({ min: -5_000, max: 60_000 }),
  }),
  fc.record({
    kind: fc.constant('deliver' as const),
    pick: fc.nat(),
    fate: fc.constantFrom('deliver', 'deliver', 'deliver', 'drop', 'duplicate'),
  }),
);

describe('sync convergence', () => {
  it('three replicas, random edits and deletes delivered in any order with drops and duplicates, end identical after catch-up with no applied change lost', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 3_600_000 }), { minLength: 3, maxLength: 3 }),
        (steps, skews) => {
          const server = createMemorySyncServer({ scopes: SCOPES, pageSize: PAGE });
          const wall = skews.map((skew) => 1_800_000_000_000 + skew);
          const clocks: HlcClock[] = [0, 1, 2].map((i) => createHlcClock(`c${i}`, () => wall[i]!));
          const replicas: ReplicaState[] = [0, 1, 2].map((i) => emptyReplica(`c${i}`));
          const acknowledged: Mutation[] = [];
          let network: Message[] = [];

          const receive = (i: number, message: Message) => {
            if (message.kind === 'push') {
              const reply = server.push(message.body);
              network.push({ kind: 'pushReply', to: i, lastMutationId: reply.lastMutationId });
            } else if (message.kind === 'pushReply') {
              const before = replicas[i]!.outbox;
              replicas[i] = acknowledge(replicas[i]!, message.lastMutationId);
              acknowledged.push(...before.filter((m) => m.mid <= message.lastMutationId));
            } else {
              const before = replicas[i]!.outbox;
              replicas[i] = applyPull(replicas[i]!, message.answer);
              acknowledged.push(...before.filter((m) => m.mid <= message.answer.lastMutationId));
              for (const record of message.answer.records)
                for (const stamp of Object.values(record.clocks)) clocks[i]!.receive(stamp);
            }
          };
          const pullNow = (i: number) => server.pull(replicas[i]!.clientId, replicas[i]!.cookie);

          for (const s of steps) {
            if (s.kind === 'edit' || s.kind === 'delete') {
              const mutation: Mutation =
                s.kind === 'edit'
                  ? {
                      scope: s.scope,
                      store: 'run_steps',
                      id: s.id,
                      hlc: clocks[s.replica]!.tick(),
                      set: s.set,
                    }
                  : {
                      scope: s.scope,
                      store: 'run_steps',
                      id: s.id,
                      hlc: clocks[s.replica]!.tick(),
                      delete: true,
                    };
              replicas[s.replica] = recordLocal(replicas[s.replica]!, [mutation]);
            } else if (s.kind === 'push') {
              if (replicas[s.replica]!.outbox.length > 0)
                network.push({ kind: 'push', to: s.replica, body: pushRequest(replicas[s.replica]!, 4) });
            } else if (s.kind === 'pull') {
              network.push({ kind: 'pullReply', to: s.replica, answer: pullNow(s.replica) });
            } else if (s.kind === 'clock') {
              wall[s.replica] = wall[s.replica]! + s.ms;
            } else if (network.length > 0) {
              const index = s.pick % network.length;
              const message = network[index]!;
              if (s.fate !== 'duplicate') network = network.filter((_, n) => n !== index);
              if (s.fate !== 'drop') receive(message.to, message);
            }
          }

          // Catch-up: the network comes back; each device sends its outbox, then reads until nothing is left.
          network = [];
          for (let i = 0; i < 3; i += 1)
            while (replicas[i]!.outbox.length > 0) {
              receive(i, { kind: 'push', to: i, body: pushRequest(replicas[i]!, 4) });
              for (const reply of network.splice(0)) receive(reply.to, reply);
            }
          for (let i = 0; i < 3; i += 1) {
            let answer: PullAnswer;
            do {
              answer = pullNow(i);
              receive(i, { kind: 'pullReply', to: i, answer });
            } while (answer.more);
          }

          const serverState = Object.fromEntries([...server.rows].map(([key, { record }]) => [key, record]));
          for (const replica of replicas) {
            expect(replica.outbox).toEqual([]);
            expect(replica.records).toEqual(serverState);
          }
          for (const mutation of [...acknowledged, ...server.applied]) {
            const record = serverState[recordKey(mutation)]!;
            if (mutation.delete) expect(record.deleted).not.toBeNull();
            for (const field of Object.keys(mutation.set ?? {}))
              expect(record.clocks[field]! >= mutation.hlc).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

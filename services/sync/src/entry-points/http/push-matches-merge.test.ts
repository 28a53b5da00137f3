import {
  applyMutation,
  formatHlc,
  recordKey,
  type NumberedMutation,
  type SyncRecord,
} from '@pitclock/contracts/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSyncService } from '../../test-support/harness';

const svc = useSyncService();

const value = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.integer(), { maxKeys: 2 }),
);

// Stamps out of order and sometimes equal (only a faulty device does that): the merge decides, not arrival.
const change = fc.record({
  id: fc.constantFrom('a', 'b', 'c'),
  store: fc.constantFrom('runs' as const, 'run_steps' as const),
  team: fc.boolean(),
  wall: fc.integer({ min: 0, max: 20 }),
  node: fc.constantFrom('p1', 'p2'),
  set: fc.option(fc.dictionary(fc.constantFrom('name', 'status', 'note', 'done'), value, { minKeys: 1 }), {
    nil: undefined,
  }),
  delete: fc.boolean(),
});

describe('the SQL push path', () => {
  it('stores the same records as folding contracts applyMutation over the same mutations in the same order', async () => {
    const owner = await svc.user();
    const team = await svc.createTeam(owner);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 8 }),
        async (changes, batchSizes) => {
          run += 1;
          // Each run writes records of its own (ids carry the run number).
          const mutations: NumberedMutation[] = changes.map((c, i) => ({
            mid: i + 1,
            scope: c.team ? team.scope : `u:${owner.id}`,
            store: c.store,
            id: `${c.id}-${run}`,
            hlc: formatHlc({ wall: 1_800_000_000_000 + c.wall, counter: 0, node: c.node }),
            ...(c.set ? { set: c.set } : {}),
            ...(c.delete || !c.set ? { delete: true } : {}),
          }));
          const expected = new Map<string, SyncRecord>();
          for (const m of mutations) expected.set(recordKey(m), applyMutation(expected.get(recordKey(m)), m));

          const clientId = `prop-${run}`;
          let sent = 0;
          for (let b = 0; sent < mutations.length; b += 1) {
            const size = batchSizes[b % batchSizes.length]!;
            await svc.push(owner, clientId, mutations.slice(sent, sent + size));
            sent += size;
          }

          const rows = await svc.query<SyncRecord & Record<string, unknown>>(
            `select scope, store, id, fields, clocks, deleted from sync_records where id like $1`,
            [`%-${run}`],
          );
          const stored = new Map(
            rows.map(({ scope, store, id, fields, clocks, deleted }) => [
              recordKey({ scope, store, id }),
              { scope, store, id, fields, clocks, deleted },
            ]),
          );
          expect(stored).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

import {
  applyPull,
  emptyReplica,
  recordKey,
  type NumberedMutation,
  type PullAnswer,
  type Scope,
  type SyncRecord,
} from '@pitclock/contracts/sync';
import { describe, expect, it } from 'vitest';
import { stamp, useSyncService } from '../../test-support/harness';

const svc = useSyncService();

describe('catch-up', () => {
  it('a device 10,000 changes behind pulls page by page and ends with exactly the records of the server', async () => {
    const owner = await svc.user();
    const team = await svc.createTeam(owner);
    const scopes: Scope[] = [`u:${owner.id}`, team.scope];
    const writer = `writer-${owner.id}`;
    const total = 10_000;
    for (let start = 0; start < total; start += 500) {
      const batch: NumberedMutation[] = Array.from({ length: 500 }, (_, i) => {
        const n = start + i;
        const common = {
          mid: n + 1,
          scope: scopes[n % 2]!,
          store: 'run_steps' as const,
          id: `s${n % 3_001}`,
        };
        return n % 97 === 0
          ? { ...common, hlc: stamp('w'), delete: true }
          : { ...common, hlc: stamp('w'), set: { [`f${n % 5}`]: n, name: `step ${n}` } };
      });
      await svc.push(owner, writer, batch);
    }

    let device = emptyReplica(`late-${owner.id}`);
    let pulls = 0;
    let answer: PullAnswer;
    do {
      answer = await svc.pull(owner, device.clientId, device.cookie);
      expect(answer.records.length).toBeLessThanOrEqual(svc.limits.recordsPerPull);
      device = applyPull(device, answer);
      pulls += 1;
    } while (answer.more);

    const server: Record<string, SyncRecord> = {};
    for (const scope of scopes)
      for (const record of await svc.storedRecords(scope)) server[recordKey(record)] = record as SyncRecord;
    expect(Object.keys(server)).toHaveLength(3_001 * 2);
    expect(device.records).toEqual(server);
    expect(pulls).toBe(Math.ceil(6_002 / svc.limits.recordsPerPull));
    // Nothing is left past the final cookie.
    expect(await svc.pull(owner, device.clientId, device.cookie)).toMatchObject({ records: [], more: false });
  });
});

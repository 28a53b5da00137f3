import type { NumberedMutation } from '@pitclock/contracts/sync';
import { describe, expect, it } from 'vitest';
import { stamp, useSyncService } from '../../test-support/harness';

const svc = useSyncService();

describe('concurrent pushes into one scope', () => {
  it('take distinct versions with no gap, lose no field, and a reader paging through sees every record once', async () => {
    await svc.warmPool(12);
    const owner = await svc.user();
    const team = await svc.createTeam(owner);
    const members = [owner];
    for (let i = 0; i < 7; i += 1) {
      const member = await svc.user();
      await svc.addMember(team, owner, member);
      members.push(member);
    }
    // Every device writes its own field of the same records, in batches, all at once.
    await Promise.all(
      members.map(async (member, d) => {
        for (let batch = 0; batch < 3; batch += 1) {
          const mutations: NumberedMutation[] = Array.from({ length: 20 }, (_, i) => ({
            mid: batch * 20 + i + 1,
            scope: team.scope,
            store: 'run_steps',
            id: `step-${i}`,
            hlc: stamp(`d${d}`),
            set: { [`by_${d}`]: batch },
          }));
          await svc.push(member, `dev-${member.id}`, mutations);
        }
      }),
    );
    const versions = await svc.query<{ version: string }>(
      'select version from sync_scopes where scope = $1',
      [team.scope],
    );
    expect(Number(versions[0]!.version)).toBe(8 * 3 * 20);
    const records = await svc.storedRecords(team.scope);
    expect(records).toHaveLength(20);
    for (const record of records)
      expect(record.fields).toEqual(Object.fromEntries(members.map((_, d) => [`by_${d}`, 2])));
    const stored = await svc.query<{ version: string }>(
      'select version from sync_records where scope = $1 order by version',
      [team.scope],
    );
    expect(new Set(stored.map((row) => row.version)).size).toBe(20);
    const read = await svc.pull(members[3]!, `reader-${owner.id}`);
    expect(read.records.map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
    expect(read.cookie[team.scope]).toBe(8 * 3 * 20);
  });
});

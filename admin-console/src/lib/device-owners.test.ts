import { describe, expect, it } from 'vitest';
import type { Device } from '@pitclock/contracts';
import { UsersQuery } from '@pitclock/contracts/schemas';
import { ownerIdsOf, withOwners } from './device-owners';
import { idsQueryOf, usersByIdsArgs } from './users-api';

const device = (device_id: number, user_id: number): Device => ({
  device_id,
  user_id,
  device_uid: `uid-${device_id}`,
  device_name: null,
  last_seen: '2026-01-01T00:00:00.000Z',
  revoked: false,
  revoked_at: null,
  license_expires_at: '2027-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('withOwners', () => {
  const devices = [device(1, 7), device(2, 9), device(3, 7)];

  it("gives each device its owner's e-mail and name, and 'unknown' for a user the lookup lacks", () => {
    const users = new Map([[7, { email: 'pat@example.com', name: 'Pat' }]]);
    expect(withOwners(devices, users).map((row) => [row.device_id, row.owner])).toEqual([
      [1, { state: 'found', email: 'pat@example.com', name: 'Pat' }],
      [2, { state: 'unknown' }],
      [3, { state: 'found', email: 'pat@example.com', name: 'Pat' }],
    ]);
  });

  it('keeps every owner loading before the answer, and failed after a failed lookup', () => {
    expect(withOwners(devices, undefined).map((row) => row.owner.state)).toEqual([
      'loading',
      'loading',
      'loading',
    ]);
    expect(withOwners(devices, new Map(), true).map((row) => row.owner.state)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
  });
});

describe('the owners lookup', () => {
  it('asks once for each owner, in order, as a page query the contract reads', () => {
    const ids = idsQueryOf(ownerIdsOf([device(1, 12), device(2, 3), device(3, 12), device(4, 1)]));
    expect(ids).toBe('1,3,12');
    const args = usersByIdsArgs(ids);
    expect(args).toEqual({ ids: '1,3,12', sort: 'id', limit: 3 });
    const parsed = UsersQuery.parse({ ...args, limit: String(args.limit) });
    expect(parsed.ids).toEqual([1, 3, 12]);
    expect(parsed.page).toEqual({ sort: { column: 'id', direction: 'asc' }, limit: 3 });
  });

  it('has nothing to ask for a page without devices', () => {
    expect(idsQueryOf(ownerIdsOf(undefined))).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { type AdminUser } from '@pitclock/contracts';
import { LicenseStatusesQuery } from '@pitclock/contracts/schemas';
import { mergeStatuses, statusQueryOf } from './user-rows';

const user = (id: number): AdminUser => ({
  id,
  email: `u${id}@example.com`,
  name: `U ${id}`,
  is_admin: false,
  created_at: '2025-01-01T00:00:00.000Z',
  license_status: 'none',
});

describe('mergeStatuses', () => {
  it("takes each user's status from licensing and 'none' for a user it does not name", () => {
    const rows = mergeStatuses(
      [user(1), user(2), user(3)],
      [
        { user_id: 1, license_status: 'active' },
        { user_id: 2, license_status: 'inactive' },
      ],
    );
    expect(rows.map((row) => [row.id, row.license_status])).toEqual([
      [1, 'active'],
      [2, 'inactive'],
      [3, 'none'],
    ]);
  });

  it('keeps every status unknown while licensing has not answered', () => {
    expect(mergeStatuses([user(1)], undefined)[0]?.license_status).toBeNull();
  });
});

describe('statusQueryOf', () => {
  it('lists the ids as the licensing schema parses them', () => {
    const query = statusQueryOf([user(3), user(1), user(12)]);
    expect(query).toBe('3,1,12');
    expect(LicenseStatusesQuery.parse({ user_ids: query }).user_ids).toEqual([3, 1, 12]);
    expect(statusQueryOf(undefined)).toBe('');
  });
});

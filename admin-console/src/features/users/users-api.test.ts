import { describe, expect, it } from 'vitest';
import { readCurrentUser } from './users-api';

describe('readCurrentUser (GET /me, SPEC.md section 6)', () => {
  it.each([
    [
      { id: 4, is_admin: true },
      { id: 4, isAdmin: true },
    ],
    [
      { id: '4', isAdmin: 'true' },
      { id: 4, isAdmin: true },
    ],
    [
      { id: 4, admin: 1 },
      { id: 4, isAdmin: true },
    ],
    [
      { id: 4, roles: ['user', 'admin'] },
      { id: 4, isAdmin: true },
    ],
    [
      { id: 4, role: 'Admin' },
      { id: 4, isAdmin: true },
    ],
    [
      { id: 4, is_admin: false, roles: [] },
      { id: 4, isAdmin: false },
    ],
    [{ id: 1 }, { id: 1, isAdmin: false }],
    [null, { id: null, isAdmin: false }],
  ])('reads %j as %j', (body, expected) => {
    expect(readCurrentUser(body)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { decideDeletion, decideRoleToggle, rolesOf, userIdOfSearch } from './user-admin';

describe('decideRoleToggle', () => {
  it('refuses changing one own role', () => {
    expect(decideRoleToggle({ actorId: 3, target: { id: 3, isAdmin: true }, adminCount: 5 })).toEqual({
      allowed: false,
      reason: 'own_account',
    });
  });
  it('refuses demoting the last admin', () => {
    expect(decideRoleToggle({ actorId: 3, target: { id: 4, isAdmin: true }, adminCount: 1 })).toEqual({
      allowed: false,
      reason: 'last_admin',
    });
  });
  it('allows demoting one of several admins and promoting anyone else', () => {
    expect(decideRoleToggle({ actorId: 3, target: { id: 4, isAdmin: true }, adminCount: 2 })).toEqual({
      allowed: true,
    });
    expect(decideRoleToggle({ actorId: 3, target: { id: 4, isAdmin: false }, adminCount: 1 })).toEqual({
      allowed: true,
    });
  });
});

describe('decideDeletion', () => {
  it('refuses deleting one own account', () => {
    expect(decideDeletion({ actorId: 3, target: { id: 3, isAdmin: true }, adminCount: 5 })).toEqual({
      allowed: false,
      reason: 'own_account',
    });
  });
  it('refuses deleting the last admin', () => {
    expect(decideDeletion({ actorId: 3, target: { id: 4, isAdmin: true }, adminCount: 1 })).toEqual({
      allowed: false,
      reason: 'last_admin',
    });
  });
  it('allows deleting an ordinary user or one of several admins', () => {
    expect(decideDeletion({ actorId: 3, target: { id: 4, isAdmin: false }, adminCount: 1 })).toEqual({
      allowed: true,
    });
    expect(decideDeletion({ actorId: 3, target: { id: 4, isAdmin: true }, adminCount: 2 })).toEqual({
      allowed: true,
    });
  });
});

describe('rolesOf', () => {
  it('every account is a user; admins are also admin', () => {
    expect(rolesOf(false)).toEqual(['user']);
    expect(rolesOf(true)).toEqual(['user', 'admin']);
  });
});

describe('userIdOfSearch', () => {
  it('reads a whole number as the id it names', () => {
    expect(userIdOfSearch('42')).toBe(42);
    expect(userIdOfSearch('2147483647')).toBe(2_147_483_647);
  });
  it('names no id for other text, 0 or a number beyond PostgreSQL integers', () => {
    for (const q of ['cook', '4.2', '-4', '4 2', '0', '2147483648', '99999999999', '']) {
      expect(userIdOfSearch(q), q).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { roleToggleEntry, userDeleteEntry, userUpdateEntry } from './account-audit';

const user = { id: 7, email: 'Cook@farm.test', name: 'Cook', isAdmin: false };
const onUser7 = { actorId: 1, targetId: '7', subjectUserId: 7 };

describe('userUpdateEntry', () => {
  it('keeps the fields whose value changed, by their API names', () => {
    expect(userUpdateEntry(1, user, { ...user, name: 'Chef' })).toEqual({
      ...onUser7,
      action: 'user.update',
      before: { name: 'Cook' },
      after: { name: 'Chef' },
    });
    expect(userUpdateEntry(1, user, { ...user, name: 'Chef', email: 'cook@farm.test' })).toMatchObject({
      before: { name: 'Cook', email: 'Cook@farm.test' },
      after: { name: 'Chef', email: 'cook@farm.test' },
    });
  });
  it('records nothing when nothing changed', () => {
    expect(userUpdateEntry(1, user, { ...user })).toBeUndefined();
  });
});

describe('userDeleteEntry and roleToggleEntry', () => {
  it('a deletion keeps who the account was; nothing after it', () => {
    expect(userDeleteEntry(1, user)).toEqual({
      ...onUser7,
      action: 'user.delete',
      before: { id: 7, email: 'Cook@farm.test', name: 'Cook', is_admin: false },
      after: null,
    });
  });
  it('a role change keeps is_admin before and after', () => {
    expect(roleToggleEntry(1, user, { ...user, isAdmin: true })).toEqual({
      ...onUser7,
      action: 'user.toggle_admin',
      before: { is_admin: false },
      after: { is_admin: true },
    });
  });
  it('never keeps a password hash, whatever the row it is given holds', () => {
    const row = { ...user, passwordHash: '$argon2id$secret' };
    const entries = [
      userUpdateEntry(1, row, { ...row, name: 'Chef' }),
      userDeleteEntry(1, row),
      roleToggleEntry(1, row, { ...row, isAdmin: true }),
    ];
    expect(JSON.stringify(entries)).not.toContain('argon2');
  });
});

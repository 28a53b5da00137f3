import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashInviteCode, inviteCode, inviteUsable } from './invite-code';

describe('invite codes', () => {
  it('are 8 characters of [A-Z0-9] for any random source', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(35), { minLength: 8, maxLength: 8 }), (picks) => {
        let i = 0;
        expect(inviteCode(() => picks[i++]!)).toMatch(/^[A-Z0-9]{8}$/);
      }),
    );
    expect(inviteCode(randomInt)).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('hash the same whatever the case or surrounding spaces', () => {
    expect(hashInviteCode(' abcd1234 ')).toBe(hashInviteCode('ABCD1234'));
    expect(hashInviteCode('ABCD1234')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('work until they expire, once', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(inviteUsable({ usedAt: null, expiresAt: new Date('2030-01-01T00:00:01Z') }, now)).toBe(true);
    expect(inviteUsable({ usedAt: null, expiresAt: now }, now)).toBe(false);
    expect(inviteUsable({ usedAt: now, expiresAt: new Date('2031-01-01T00:00:00Z') }, now)).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideRefresh,
  familyExpiry,
  hashRefreshToken,
  mints,
  newRefreshToken,
  type RefreshTokenState,
} from './refresh-tokens';

const now = new Date('2026-05-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const token = (state: Partial<RefreshTokenState> = {}): RefreshTokenState => ({
  usedAt: null,
  revokedAt: null,
  familyExpiresAt: at(86_400_000),
  ...state,
});
const decide = (state: Partial<RefreshTokenState>, familyRevoked = false, graceMs = 10_000) =>
  decideRefresh({ token: token(state), familyRevoked, now, graceMs });

describe('decideRefresh', () => {
  it('rotates an unused token of a live family', () => {
    expect(decide({})).toBe('rotate');
  });

  it('mints again (grace) for a token used less than the grace window ago', () => {
    expect(decide({ usedAt: at(-9_999) })).toBe('grace');
    expect(decide({ usedAt: at(0) })).toBe('grace');
  });

  it('treats a token used at or beyond the grace window as reuse', () => {
    expect(decide({ usedAt: at(-10_000) })).toBe('reuse');
    expect(decide({ usedAt: at(-3_600_000) })).toBe('reuse');
  });

  it('with a grace window of 0 any second use is reuse, even in the same millisecond', () => {
    expect(decide({ usedAt: at(0) }, false, 0)).toBe('reuse');
  });

  it('counts a clock read before the use (a request that waited for the lock) as simultaneous, never as grace beyond 0', () => {
    expect(decide({ usedAt: at(5) }, false, 0)).toBe('reuse');
    expect(decide({ usedAt: at(5) }, false, 10)).toBe('grace');
  });

  it('refuses tokens of a revoked family, whatever their own state', () => {
    expect(decide({}, true)).toBe('revoked');
    expect(decide({ revokedAt: at(-1) })).toBe('revoked');
    expect(decide({ usedAt: at(-1) }, true)).toBe('revoked');
  });

  it('refuses tokens of a family at or past its absolute expiry', () => {
    expect(decide({ familyExpiresAt: now })).toBe('expired');
    expect(decide({ familyExpiresAt: at(-1), usedAt: at(-2) })).toBe('expired');
  });

  it('property: only a live, unrevoked family ever mints, and a used token mints only inside the grace window', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -10_000_000, max: 10_000 }), { nil: null }),
        fc.option(fc.integer({ min: -10_000_000, max: 0 }), { nil: null }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 120_000 }),
        (used, revoked, expires, familyRevoked, graceMs) => {
          const state = {
            usedAt: used === null ? null : at(used),
            revokedAt: revoked === null ? null : at(revoked),
            familyExpiresAt: at(expires),
          };
          const decision = decideRefresh({ token: state, familyRevoked, now, graceMs });
          if (mints(decision)) {
            expect(familyRevoked || state.revokedAt !== null).toBe(false);
            expect(state.familyExpiresAt.getTime()).toBeGreaterThan(now.getTime());
            if (state.usedAt) expect(now.getTime() - state.usedAt.getTime()).toBeLessThan(graceMs);
          }
          if (decision === 'reuse') expect(state.usedAt).not.toBeNull();
        },
      ),
    );
  });
});

describe('refresh token material', () => {
  it('makes 256-bit random tokens and stores their SHA-256 in hex', () => {
    const a = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(a);
    expect(hashRefreshToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('ends a family the given number of days after sign-in', () => {
    expect(familyExpiry(now, 30).toISOString()).toBe('2026-05-31T12:00:00.000Z');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDismissTokens } from './dismiss-token';

const tokens = createDismissTokens('a-secret-of-at-least-32-characters-long');
const now = new Date('2026-06-13T12:00:00Z');
const claims = { userId: 7, runId: 'run-1', stepId: 'step:1', expiresAt: new Date('2026-06-14T12:00:00Z') };

describe('dismiss tokens', () => {
  it('a signed token verifies and gives back user, run, step and expiry', () => {
    expect(tokens.verify(tokens.sign(claims), now)).toEqual({ ok: true, claims });
  });

  it('is refused once expired', () => {
    const token = tokens.sign(claims);
    expect(tokens.verify(token, new Date(claims.expiresAt.getTime() - 1))).toMatchObject({ ok: true });
    expect(tokens.verify(token, claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a changed claim, another secret or a cut signature fails the signature check', () => {
    const token = tokens.sign(claims);
    const [body, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ u: 8, r: 'run-1', s: 'step:1', e: 1_900_000_000 })).toString(
      'base64url',
    );
    expect(tokens.verify(`${other}.${signature}`, now)).toEqual({ ok: false, reason: 'signature' });
    expect(createDismissTokens('another-secret-of-at-least-32-characters').verify(token, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(tokens.verify(`${body}.${signature.slice(0, -4)}`, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('anything without the token shape is malformed', () => {
    for (const bad of ['', 'abc', 'a.b.c', '.', 'abc.', '.abc', 'a b.c', 'ä.b']) {
      expect(tokens.verify(bad, now), bad).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('property: any claims round-trip, and no other user can be read from the token', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.string({ minLength: 1, maxLength: 100 }),
        fc.string({ minLength: 1, maxLength: 100 }),
        (userId, runId, stepId) => {
          const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + 60_000);
          const verdict = tokens.verify(tokens.sign({ userId, runId, stepId, expiresAt }), now);
          expect(verdict).toEqual({ ok: true, claims: { userId, runId, stepId, expiresAt } });
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeJwt } from '../test-support/test-server';
import { accountIdOf, isTokenValid, readTokenClaims, tokenExpiry } from './token';

describe('readTokenClaims', () => {
  it('decodes the base64url JSON payload without verifying the signature', () => {
    // '?' and '>' characters make the payload use base64url's '-' and '_' alphabet; 'José' checks UTF-8.
    const claims = { sub: '7', name: 'José', roles: ['admin'], note: '??>>>' };
    const token = makeJwt(claims);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(readTokenClaims(token)).toEqual(claims);
  });

  it('accepts padded payload segments', () => {
    const payload = Buffer.from(JSON.stringify({ a: 1 }))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(readTokenClaims(`x.${payload}.y`)).toEqual({ a: 1 });
  });

  it.each([
    ['no dots', 'opaque-token'],
    ['empty payload', 'a..c'],
    ['not base64url', 'a.@@@.c'],
    ['not JSON', `a.${Buffer.from('not json').toString('base64url')}.c`],
    ['a JSON array', `a.${Buffer.from('[1,2]').toString('base64url')}.c`],
    ['a JSON number', `a.${Buffer.from('42').toString('base64url')}.c`],
    ['invalid UTF-8', `a.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.c`],
  ])('is null for %s', (_label, token) => {
    expect(readTokenClaims(token)).toBeNull();
  });

  it('is null for null and undefined', () => {
    expect(readTokenClaims(null)).toBeNull();
    expect(readTokenClaims(undefined)).toBeNull();
  });

  it('is null for a token of two, four or five parts (a JWT has three)', () => {
    const [header, payload, signature] = makeJwt({ sub: '7' }).split('.');
    for (const parts of [
      [header, payload],
      [header, payload, signature, 'x'],
      [header, payload, 'a', 'b', 'c'],
    ])
      expect(readTokenClaims(parts.join('.')), String(parts.length)).toBeNull();
  });

  it('property: gives back any JSON object a token carries', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          fc.jsonValue(),
        ),
        (claims) => {
          expect(readTokenClaims(makeJwt(claims))).toEqual(JSON.parse(JSON.stringify(claims)));
        },
      ),
    );
  });
});

describe('tokenExpiry', () => {
  it('is the exp claim in seconds when readable', () => {
    expect(tokenExpiry(makeJwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000);
    expect(tokenExpiry(makeJwt({ exp: '1700000000' }))).toBe(1_700_000_000);
  });

  it('is null when the payload has no expiry (or exp is null)', () => {
    expect(tokenExpiry(makeJwt({ sub: '1' }))).toBeNull();
    expect(tokenExpiry(makeJwt({ exp: null }))).toBeNull();
  });

  it("is 'unreadable' for undecodable tokens and non-numeric exp", () => {
    expect(tokenExpiry('garbage')).toBe('unreadable');
    expect(tokenExpiry(makeJwt({ exp: 'tomorrow' }))).toBe('unreadable');
    expect(tokenExpiry(makeJwt({ exp: true }))).toBe('unreadable');
  });
});

describe('isTokenValid (SPEC.md section 4)', () => {
  const now = 1_700_000_000;

  it('a readable expiry is valid until then, compared in seconds', () => {
    expect(isTokenValid(makeJwt({ exp: now + 1 }), now)).toBe(true);
    expect(isTokenValid(makeJwt({ exp: now - 1 }), now)).toBe(false);
    expect(isTokenValid(makeJwt({ exp: now }), now + 0.5)).toBe(false);
    expect(isTokenValid(makeJwt({ exp: now }), now - 0.5)).toBe(true);
  });

  it('at exactly exp the token is already expired (valid iff exp > now)', () => {
    expect(isTokenValid(makeJwt({ exp: now }), now)).toBe(false);
  });

  it('no expiry counts as valid', () => {
    expect(isTokenValid(makeJwt({ sub: '1' }), now)).toBe(true);
  });

  it('unreadable, empty and missing tokens are invalid', () => {
    expect(isTokenValid('opaque', now)).toBe(false);
    expect(isTokenValid(makeJwt({ exp: 'soon' }), now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  it('property: valid iff exp > now for any readable integer exp', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800 }),
        fc.double({ min: 0, max: 4_102_444_800, noNaN: true }),
        (exp, nowSeconds) => isTokenValid(makeJwt({ exp }), nowSeconds) === exp > nowSeconds,
      ),
    );
  });

  it('property: a token without exp is valid at any time', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== 'exp' && k !== '__proto__'),
          fc.jsonValue(),
        ),
        fc.double({ noNaN: true }),
        (claims, t) => isTokenValid(makeJwt(claims), t),
      ),
    );
  });

  it('property: a token without a payload segment is never valid', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('.')),
        fc.double({ noNaN: true }),
        (s, t) => !isTokenValid(s, t),
      ),
    );
  });
});

describe('accountIdOf', () => {
  it("is the token's sub, a user id sent as a string (or a number), in decimal", () => {
    expect(accountIdOf(makeJwt({ sub: '7', exp: 1 }))).toBe('7');
    expect(accountIdOf(makeJwt({ sub: 1234567 }))).toBe('1234567');
  });

  it.each([
    ['no token', null],
    ['an unreadable token', 'opaque-token'],
    ['no sub', makeJwt({ exp: 1 })],
    ['an empty sub', makeJwt({ sub: '' })],
    ['a sub that is no user id', makeJwt({ sub: '../7' })],
    ['a zero-padded sub', makeJwt({ sub: '07' })],
    ['a fractional sub', makeJwt({ sub: 7.5 })],
  ])('is null for %s', (_case, token) => {
    expect(accountIdOf(token)).toBeNull();
  });
});

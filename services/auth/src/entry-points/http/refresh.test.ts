import { createHash } from 'node:crypto';
import { errorBodySchema } from '@pitclock/kit';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { messages, newIp, useAuthService } from '../../test-support/harness';

const svc = useAuthService();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type TokenRow = {
  id: number;
  token_hash: string;
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  family_expires_at: Date;
  device_id: string;
};

const familyOf = async (refreshToken: string) => {
  const [row] = await svc.query<TokenRow>('select * from refresh_tokens where token_hash = $1', [
    sha256(refreshToken),
  ]);
  return svc.query<TokenRow>('select * from refresh_tokens where family_id = $1 order by id', [
    row!.family_id,
  ]);
};
const rowOf = async (refreshToken: string) =>
  (
    await svc.query<TokenRow>('select * from refresh_tokens where token_hash = $1', [sha256(refreshToken)])
  )[0];

const refresh = (refresh_token: unknown, app = svc.app()) =>
  request(app).post('/api/auth/refresh').set('X-Forwarded-For', newIp()).send({ refresh_token });
const logout = (refresh_token: unknown) =>
  request(svc.app()).post('/api/auth/logout').send({ refresh_token });

const GRACE_MS = 10_000;

describe('POST /api/auth/refresh', () => {
  it('rotates: a new access and refresh token, the old token row marked used, its successor stored in the same family', async () => {
    const me = await svc.signUp();
    const res = await refresh(me.refresh_token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['device_id', 'refresh_token', 'token']);
    expect(res.body.refresh_token).not.toBe(me.refresh_token);
    expect(res.body.device_id).toBe(me.device_id);
    expect(decodeJwt(res.body.token)).toMatchObject({ sub: String(me.id), is_admin: false });
    const family = await familyOf(me.refresh_token);
    expect(family).toHaveLength(2);
    expect(family[0]!.token_hash).toBe(sha256(me.refresh_token));
    expect(family[0]!.used_at).toBeInstanceOf(Date);
    expect(family[1]!.token_hash).toBe(sha256(res.body.refresh_token));
    expect(family[1]!.used_at).toBeNull();
    expect(family.every((row) => row.revoked_at === null)).toBe(true);
    // The absolute expiry is the sign-in's, not extended by rotation.
    expect(family[1]!.family_expires_at).toEqual(family[0]!.family_expires_at);
    // The new refresh token works in turn.
    expect((await refresh(res.body.refresh_token)).status).toBe(200);
  });

  it('detects reuse: an already-used token presented after the grace window revokes the whole family', async () => {
    const me = await svc.signUp();
    const second = (await refresh(me.refresh_token)).body.refresh_token as string;
    const third = (await refresh(second)).body.refresh_token as string;
    svc.clock.advance(GRACE_MS + 1_000);
    try {
      const res = await refresh(me.refresh_token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'refresh_token_reused', message: messages.sessionEnded });
      const family = await familyOf(me.refresh_token);
      expect(family).toHaveLength(3);
      expect(family.every((row) => row.revoked_at instanceof Date)).toBe(true);
      // The legitimate latest token is dead too: the thief and the user must both sign in again.
      const latest = await refresh(third);
      expect(latest.status).toBe(401);
      expect(latest.body.error).toBe('refresh_token_invalid');
      expect(await familyOf(me.refresh_token)).toHaveLength(3);
    } finally {
      svc.clock.reset();
    }
  });

  it('gives two tabs refreshing with the same token at once a token each (grace window); the family stays valid', async () => {
    const me = await svc.signUp();
    const [a, b] = await Promise.all([refresh(me.refresh_token), refresh(me.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).not.toBe(b.body.refresh_token);
    const family = await familyOf(me.refresh_token);
    expect(family).toHaveLength(3);
    expect(family.filter((row) => row.used_at !== null)).toHaveLength(1);
    expect(family.every((row) => row.revoked_at === null)).toBe(true);
    expect((await refresh(a.body.refresh_token)).status).toBe(200);
    expect((await refresh(b.body.refresh_token)).status).toBe(200);
  });

  it('without a grace window, concurrent refreshes of one token mint exactly once (row lock) and the replay revokes the family', async () => {
    const strict = svc.makeApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    const me = await svc.signUp();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(me.refresh_token, strict)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(4);
    const family = await familyOf(me.refresh_token);
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revoked_at instanceof Date)).toBe(true);
  });

  it('ends the family at its absolute expiry (30 days after sign-in): 401 session_expired, the user signs in again', async () => {
    const me = await svc.signUp();
    const next = (await refresh(me.refresh_token)).body.refresh_token as string;
    svc.clock.advance(30 * 86_400_000 + 1_000);
    try {
      const before = await familyOf(me.refresh_token);
      const res = await refresh(next);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'session_expired', message: messages.sessionEnded });
      expect(await familyOf(me.refresh_token)).toEqual(before);
      // A new sign-in works and forgets the expired family.
      expect((await svc.login(me.email)).status).toBe(200);
      expect(await svc.count('refresh_tokens', 'family_id = $1', [before[0]!.family_id])).toBe(0);
    } finally {
      svc.clock.reset();
    }
  });

  it('answers 401 with the error shape for an unknown token and changes nothing', async () => {
    await svc.signUp();
    const before = await svc.counts();
    const res = await refresh('not-a-token-we-issued');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'refresh_token_invalid', message: messages.sessionEnded });
    expect(await svc.counts()).toEqual(before);
  });

  it('puts the admin flag as stored now into the new access token', async () => {
    const me = await svc.signUp();
    await svc.query('update users set is_admin = true where id = $1', [me.id]);
    const res = await refresh(me.refresh_token);
    expect(decodeJwt(res.body.token)).toMatchObject({ is_admin: true });
  });

  it('stops working when the user is deleted (the tokens go with the user)', async () => {
    const me = await svc.signUp();
    await svc.query('delete from users where id = $1', [me.id]);
    expect(await svc.count('refresh_tokens', 'user_id = $1', [me.id])).toBe(0);
    expect((await refresh(me.refresh_token)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it("revokes the refresh token's whole family (204), leaves the user's other sign-ins alone, and is idempotent", async () => {
    const me = await svc.signUp();
    const next = (await refresh(me.refresh_token)).body.refresh_token as string;
    const otherDevice = (await svc.login(me.email)).body.refresh_token as string;
    const res = await logout(next);
    expect(res.status).toBe(204);
    const family = await familyOf(me.refresh_token);
    expect(family.every((row) => row.revoked_at instanceof Date)).toBe(true);
    expect((await rowOf(otherDevice))!.revoked_at).toBeNull();
    expect((await refresh(next)).status).toBe(401);
    expect((await refresh(otherDevice)).status).toBe(200);
    const before = await svc.counts();
    expect((await logout(next)).status).toBe(204);
    expect((await logout('never-issued')).status).toBe(204);
    expect(await svc.counts()).toEqual(before);
  });
});

describe('bad input on refresh and logout', () => {
  const cases: [string, unknown][] = [
    ['an empty object', {}],
    ['an empty token', { refresh_token: '' }],
    ['a number', { refresh_token: 123 }],
    ['null', { refresh_token: null }],
    ['an array', { refresh_token: ['a'] }],
    ['an oversized token', { refresh_token: 'x'.repeat(8193) }],
  ];
  for (const path of ['/api/auth/refresh', '/api/auth/logout']) {
    it.each(cases)(
      `${path} answers 400 with the error shape for %s and changes nothing`,
      async (_name, body) => {
        await svc.signUp();
        const before = await svc.counts();
        const res = await request(svc.app())
          .post(path)
          .send(body as object);
        expect(res.status).toBe(400);
        expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
        expect(await svc.counts()).toEqual(before);
      },
    );

    it(`${path} answers 400 invalid_json for malformed JSON and changes nothing`, async () => {
      const before = await svc.counts();
      const res = await request(svc.app())
        .post(path)
        .set('Content-Type', 'application/json')
        .send('{"refresh_token"');
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toBe('invalid_json');
      expect(await svc.counts()).toEqual(before);
    });
  }
});

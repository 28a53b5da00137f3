import { createHash, randomBytes } from 'node:crypto';
import { createRedis, errorBodySchema } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import { jwtVerify } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../domain/passwords';
import {
  device_info,
  JWT_AUDIENCE,
  JWT_SECRET,
  messages,
  newEmail,
  newIp,
  PASSWORD,
  useAuthService,
} from '../../test-support/harness';

const svc = useAuthService();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const tokenRows = (userId: number) =>
  svc.query<{
    token_hash: string;
    device_id: string;
    issued_at: Date;
    family_expires_at: Date;
    used_at: Date | null;
  }>(
    'select token_hash, device_id, issued_at, family_expires_at, used_at from refresh_tokens where user_id = $1',
    [userId],
  );

const userIdOf = async (email: string) =>
  (await svc.query<{ id: number }>('select id from users where lower(email) = lower($1)', [email]))[0]!.id;

describe('POST /api/login', () => {
  it('answers a 15-minute HS256 access token (sub, is_admin, exp, aud), a refresh token and the device id; stores only the refresh token hash', async () => {
    const email = newEmail();
    await svc.register({ email });
    const res = await svc.login(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['device_id', 'refresh_token', 'token']);
    expect(res.body.device_id).toBe(device_info.device_id);
    expect(res.headers['cache-control']).toBe('no-store');
    const id = await userIdOf(email);
    const decoded = await jwtVerify(res.body.token, new TextEncoder().encode(JWT_SECRET), {
      algorithms: ['HS256'],
      audience: JWT_AUDIENCE,
    });
    expect(decoded.protectedHeader.alg).toBe('HS256');
    const claims = decoded.payload;
    expect(claims).toMatchObject({ sub: String(id), is_admin: false, aud: JWT_AUDIENCE });
    expect(claims.exp! - claims.iat!).toBe(900);
    const rows = await tokenRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(res.body.refresh_token));
    expect(rows[0]!.token_hash).not.toContain(res.body.refresh_token);
    expect(rows[0]!.device_id).toBe(device_info.device_id);
    expect(rows[0]!.used_at).toBeNull();
    const days = (rows[0]!.family_expires_at.getTime() - rows[0]!.issued_at.getTime()) / 86_400_000;
    expect(days).toBe(30);
  });

  it('makes up a device id when the client sends no device_info, and stores it with the family', async () => {
    const email = newEmail();
    await svc.register({ email });
    const res = await request(svc.app())
      .post('/api/login')
      .set('X-Forwarded-For', newIp())
      .send({ email, password: PASSWORD })
      .expect(200);
    expect(res.body.device_id).toMatch(/^device-[0-9a-f]{24}$/);
    expect((await tokenRows(await userIdOf(email)))[0]!.device_id).toBe(res.body.device_id);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail, and stores no token', async () => {
    const email = newEmail();
    await svc.register({ email });
    const before = await svc.counts();
    const wrong = await svc.login(email, 'not-the-password');
    const unknown = await svc.login(newEmail('nobody'), PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_credentials', message: messages.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(await svc.counts()).toEqual(before);
  });

  it('checks an unknown e-mail against the dummy hash, so it costs the same argon2 verification as a wrong password', async () => {
    const calls: string[] = [];
    const spy: PasswordHasher = {
      ...svc.passwords,
      verify: async (hash, password) => {
        calls.push('verify');
        return svc.passwords.verify(hash, password);
      },
      verifyUnknown: async (password) => {
        calls.push('verifyUnknown');
        return svc.passwords.verifyUnknown(password);
      },
    };
    const app = svc.makeApp({}, { passwords: spy });
    const email = newEmail();
    await svc.register({ email });
    expect((await svc.login(newEmail('ghost'), PASSWORD, app)).status).toBe(401);
    expect(calls).toEqual(['verifyUnknown']);
    expect((await svc.login(email, 'wrong-password', app)).status).toBe(401);
    expect(calls).toEqual(['verifyUnknown', 'verify']);
  });

  it('re-hashes a password stored with older argon2 parameters after a good sign-in', async () => {
    const email = newEmail();
    await svc.register({ email });
    const { hash, argon2id } = await import('argon2');
    const old = await hash(PASSWORD, { type: argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await svc.query('update users set password_hash = $1 where email = $2', [old, email]);
    expect((await svc.login(email)).status).toBe(200);
    const [row] = await svc.query<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      [email],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  const valid = { email: 'cook@pitclock.test', password: PASSWORD, device_info };
  it.each<[string, unknown]>([
    ['an empty object', {}],
    ['no e-mail', { password: PASSWORD }],
    ['no password', { email: valid.email }],
    ['an empty e-mail', { ...valid, email: '   ' }],
    ['an empty password', { ...valid, password: '' }],
    ['a number as e-mail', { ...valid, email: 12 }],
    ['an object as password', { ...valid, password: { $gt: '' } }],
    ['a device_info of the wrong type', { ...valid, device_info: ['x'] }],
    ['an oversized e-mail', { ...valid, email: `${'e'.repeat(255)}@b.co` }],
    ['an oversized password', { ...valid, password: 'p'.repeat(1025) }],
    ['an oversized device name', { ...valid, device_info: { device_id: 'd', name: 'n'.repeat(201) } }],
    ['an array', [valid]],
  ])('answers 400 with the error shape for %s and stores nothing', async (_name, body) => {
    const before = await svc.counts();
    const res = await request(svc.app())
      .post('/api/login')
      .set('X-Forwarded-For', newIp())
      .send(body as object);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
    expect(await svc.counts()).toEqual(before);
  });

  it('answers 400 invalid_json for malformed JSON and stores nothing', async () => {
    const before = await svc.counts();
    const res = await request(svc.app())
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('invalid_json');
    expect(await svc.counts()).toEqual(before);
  });
});

describe('POST /api/login rate limits (Redis, shared by every instance)', () => {
  it('limits attempts per IP: 429 with Retry-After and the error shape once the IP used its attempts', async () => {
    const app = svc.makeApp({ LOGIN_LIMIT_PER_IP_PER_MINUTE: '3' });
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await svc.login(newEmail(), PASSWORD, app, ip)).status).toBe(401);
    const res = await svc.login(newEmail(), PASSWORD, app, ip);
    expect(res.status).toBe(429);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ error: 'too_many_requests' });
    expect(res.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await svc.login(newEmail(), PASSWORD, app, newIp())).status).toBe(401);
  });

  it('holds the limit across two instances of the service sharing Redis', async () => {
    const second = await svc.connectRedis();
    try {
      const one = svc.makeApp({ LOGIN_LIMIT_PER_IP_PER_MINUTE: '4' });
      const two = svc.makeApp({ LOGIN_LIMIT_PER_IP_PER_MINUTE: '4' }, { redis: second });
      const ip = newIp();
      for (const app of [one, two, one, two])
        expect((await svc.login(newEmail(), PASSWORD, app, ip)).status).toBe(401);
      expect((await svc.login(newEmail(), PASSWORD, one, ip)).status).toBe(429);
      expect((await svc.login(newEmail(), PASSWORD, two, ip)).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('answers 503 with the error shape and issues no token when Redis cannot be reached', async () => {
    const dead = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const email = newEmail();
      await svc.register({ email });
      const before = await svc.counts();
      const res = await svc.login(email, PASSWORD, svc.makeApp({}, { redis: dead }));
      expect(res.status).toBe(503);
      expect(errorBodySchema.parse(res.body).error).toBe('service_unavailable');
      expect(await svc.counts()).toEqual(before);
    } finally {
      await dead.close();
    }
  });
});

/** A sign-in from a given client: its address (X-Forwarded-For) and its device id. */
const loginFrom = (
  app: ReturnType<typeof svc.app>,
  {
    email,
    password,
    ip = newIp(),
    device = device_info.device_id,
  }: {
    email: string;
    password: string;
    ip?: string;
    device?: string;
  },
) =>
  request(app)
    .post('/api/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password, device_info: { ...device_info, device_id: device } });

/** Counts the password checks of an app (argon2 verifications, known and unknown e-mails). */
const countingPasswords = () => {
  let checks = 0;
  const passwords: PasswordHasher = {
    ...svc.passwords,
    verify: async (hash, password) => {
      checks += 1;
      return svc.passwords.verify(hash, password);
    },
    verifyUnknown: async (password) => {
      checks += 1;
      return svc.passwords.verifyUnknown(password);
    },
  };
  return { passwords, checks: () => checks };
};

const expectThrottled = (res: request.Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(errorBodySchema.parse(res.body)).toMatchObject({ error: 'too_many_requests' });
  expect(res.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

describe('POST /api/login: guessing stays throttled, and nobody can lock the owner out (issue 17, hole 3)', () => {
  it('wrong passwords from many addresses never make the right one answer 429: after 30 failures the owner signs in from a fresh client (default limits)', async () => {
    const email = newEmail('owner');
    await svc.register({ email });
    for (let i = 0; i < 30; i += 1)
      expect((await svc.login(i % 2 ? email : email.toUpperCase(), `guess-${i}`)).status).toBe(401);
    const res = await svc.login(email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('a client (address and device) that keeps failing on an account is refused, even with the right password and without a check; the owner on another client signs in', async () => {
    const counting = countingPasswords();
    const app = svc.makeApp({ LOGIN_FAILURES_PER_CLIENT_PER_HOUR: '3' }, { passwords: counting.passwords });
    const email = newEmail('owner');
    await svc.register({ email });
    const attacker = { ip: newIp(), device: 'device-attacker' };
    for (let i = 0; i < 3; i += 1)
      expect((await loginFrom(app, { email, password: `guess-${i}`, ...attacker })).status).toBe(401);
    const checksBefore = counting.checks();
    const before = await svc.counts();
    expectThrottled(await loginFrom(app, { email, password: PASSWORD, ...attacker }));
    expect(counting.checks()).toBe(checksBefore);
    expect(await svc.counts()).toEqual(before);
    // Another device on the same address, and another address, are other clients.
    expect((await loginFrom(app, { email, password: PASSWORD, ip: attacker.ip })).status).toBe(200);
    expect((await loginFrom(app, { email, password: PASSWORD })).status).toBe(200);
    // The failing client stays refused on that account, and is not refused on another one.
    expectThrottled(await loginFrom(app, { email, password: PASSWORD, ...attacker }));
    expect((await loginFrom(app, { email: newEmail(), password: 'x', ...attacker })).status).toBe(401);
  });

  it('once an account had more failures than LOGIN_FAILURES_PER_EMAIL_PER_HOUR, each address gets one failure an hour on it (then 429 without a check), and the owner still signs in from a fresh client', async () => {
    const counting = countingPasswords();
    const app = svc.makeApp({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '5' }, { passwords: counting.passwords });
    const email = newEmail('owner');
    await svc.register({ email });
    const addresses = Array.from({ length: 9 }, () => newIp());
    for (const ip of addresses)
      expect((await loginFrom(app, { email, password: 'guess', ip, device: `device-${ip}` })).status).toBe(
        401,
      );
    // The addresses that failed while the account was under attack: 429, no password checked.
    const checksBefore = counting.checks();
    for (const ip of addresses.slice(6)) {
      expectThrottled(await loginFrom(app, { email, password: 'guess', ip }));
      expectThrottled(await loginFrom(app, { email, password: 'guess', ip, device: 'device-new' }));
    }
    expect(counting.checks()).toBe(checksBefore);
    const owner = await loginFrom(app, { email, password: PASSWORD });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    // A new address may try once; its failure throttles it too.
    const fresh = newIp();
    expect((await loginFrom(app, { email, password: 'guess', ip: fresh })).status).toBe(401);
    expectThrottled(await loginFrom(app, { email, password: PASSWORD, ip: fresh }));
  });

  it('the admin signs in from a fresh client after more failures on the admin account than LOGIN_FAILURES_PER_EMAIL_PER_HOUR from rotating addresses, and has admin rights', async () => {
    const app = svc.makeApp({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '8' });
    const admin = await svc.signUp({ admin: true });
    for (let i = 0; i < 12; i += 1)
      expect((await svc.login(admin.email, `guess-${i}`, app)).status).toBe(401);
    const res = await svc.login(admin.email, PASSWORD, app);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await request(svc.app()).get('/api/users').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    // The addresses that failed under attack remain throttled.
    const attacker = newIp();
    expect((await svc.login(admin.email, 'guess', app, attacker)).status).toBe(401);
    expectThrottled(await svc.login(admin.email, PASSWORD, app, attacker));
  });

  it('limits failures per address across e-mails (LOGIN_FAILURES_PER_IP_PER_HOUR): credential stuffing from one address is refused', async () => {
    const app = svc.makeApp({ LOGIN_FAILURES_PER_IP_PER_HOUR: '3' });
    const ip = newIp();
    for (let i = 0; i < 3; i += 1)
      expect((await loginFrom(app, { email: newEmail(), password: 'x', ip, device: `d-${i}` })).status).toBe(
        401,
      );
    expectThrottled(await loginFrom(app, { email: newEmail(), password: 'x', ip, device: 'd-new' }));
    expect((await loginFrom(app, { email: newEmail(), password: 'x' })).status).toBe(401);
  });

  it('counts the addresses of one IPv6 /64 as one client, so rotating through a prefix gains nothing', async () => {
    const app = svc.makeApp({ LOGIN_LIMIT_PER_IP_PER_MINUTE: '2' });
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:7`;
    expect((await loginFrom(app, { email: newEmail(), password: 'x', ip: `${prefix}::1` })).status).toBe(401);
    expect(
      (await loginFrom(app, { email: newEmail(), password: 'x', ip: `${prefix}:0:0:0:ffff` })).status,
    ).toBe(401);
    expectThrottled(await loginFrom(app, { email: newEmail(), password: 'x', ip: `${prefix}::abcd:1` }));
    expect((await loginFrom(app, { email: newEmail(), password: 'x', ip: `${prefix}1::1` })).status).toBe(
      401,
    );
  });

  it('limits an unknown e-mail exactly like a known one (429 does not reveal accounts)', async () => {
    const app = svc.makeApp({ LOGIN_FAILURES_PER_CLIENT_PER_HOUR: '1' });
    const known = newEmail();
    await svc.register({ email: known });
    const unknown = newEmail('nobody');
    for (const email of [known, unknown]) {
      const ip = newIp();
      expect((await loginFrom(app, { email, password: 'wrong', ip })).status).toBe(401);
      expectThrottled(await loginFrom(app, { email, password: 'wrong', ip }));
    }
  });
});

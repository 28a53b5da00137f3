import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { device_info, messages, newEmail, newIp, PASSWORD, useAuthService } from '../../test-support/harness';

const svc = useAuthService();

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

const post = (body: unknown, ip = newIp(), ua = android) =>
  request(svc.app())
    .post('/api/auth/register')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', ua)
    .send(body as object);

const eventsFor = (ip: string) =>
  svc.query<{ email: string; ip: string; outcome: string; platform: string; reason: string | null }>(
    'select email, ip, outcome, platform, reason from signup_events where ip = $1 order by id',
    [ip],
  );

describe('POST /api/auth/register', () => {
  it("creates the account with an argon2id hash, answers 201 'Account created. Please sign in.' and records a success event", async () => {
    const email = newEmail('new');
    const ip = newIp();
    const res = await post(
      { email: `  ${email} `, password: PASSWORD, display_name: '  Pit Boss ', device_info },
      ip,
      iphone,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Account created. Please sign in.' });
    const [user] = await svc.query<{ email: string; name: string; password_hash: string; is_admin: boolean }>(
      'select email, name, password_hash, is_admin from users where email = $1',
      [email],
    );
    expect(user).toMatchObject({ email, name: 'Pit Boss', is_admin: false });
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.password_hash).not.toContain(PASSWORD);
    expect(await eventsFor(ip)).toEqual([{ email, ip, outcome: 'success', platform: 'iOS', reason: null }]);
  });

  it('refuses an e-mail that exists in another case with 409 and a clear message, stores no user and records the failure', async () => {
    const email = newEmail('taken');
    await svc.register({ email });
    const before = await svc.counts();
    const ip = newIp();
    const res = await post(
      { email: email.toUpperCase(), password: PASSWORD, display_name: 'Copy Cat', device_info },
      ip,
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'email_taken', message: messages.emailTaken });
    expect(await svc.count('users', 'lower(email) = lower($1)', [email])).toBe(1);
    expect((await svc.counts()).users).toBe(before.users);
    expect(await eventsFor(ip)).toEqual([
      { email: email.toUpperCase(), ip, outcome: 'error', platform: 'Android', reason: 'email_taken' },
    ]);
  });

  const valid = { email: 'valid@pitclock.test', password: PASSWORD, display_name: 'Pit Boss', device_info };
  const badBodies: [string, unknown, string?][] = [
    ['an empty object', {}],
    ['no e-mail', { ...valid, email: undefined }],
    ['no password', { ...valid, password: undefined }],
    ['no display_name', { ...valid, display_name: undefined }],
    ['no device_info', { ...valid, device_info: undefined }],
    ['a name of 1 character after trimming', { ...valid, display_name: '  A  ' }, messages.nameTooShort],
    ['an e-mail without a dot after @', { ...valid, email: 'pit@boss' }, messages.emailInvalid],
    ['an e-mail with a space', { ...valid, email: 'pit boss@bbq.com' }, messages.emailInvalid],
    ['a password of 7 characters', { ...valid, password: '1234567' }, messages.passwordTooShort],
    ['a number as e-mail', { ...valid, email: 42 }],
    ['a boolean as password', { ...valid, password: true }],
    ['a string as device_info', { ...valid, device_info: 'phone' }],
    ['a device_info without device_id', { ...valid, device_info: { name: 'x' } }],
    ['an oversized e-mail', { ...valid, email: `${'a'.repeat(300)}@b.co` }, messages.emailTooLong],
    ['an oversized password', { ...valid, password: 'p'.repeat(1025) }, messages.passwordTooLong],
    ['an oversized name', { ...valid, display_name: 'n'.repeat(101) }, messages.nameTooLong],
    ['an oversized device id', { ...valid, device_info: { device_id: 'd'.repeat(129), name: 'x' } }],
    ['an array', [valid]],
  ];

  it.each(badBodies)(
    'answers 400 with the error shape for %s, creates no user and records a failed event',
    async (_name, body, text) => {
      const before = await svc.counts();
      const ip = newIp();
      const res = await post(body, ip);
      expect(res.status).toBe(400);
      const error = errorBodySchema.parse(res.body);
      expect(error.error).toBe('validation_failed');
      if (text) expect(JSON.stringify(error.details)).toContain(text);
      const after = await svc.counts();
      expect(after.users).toBe(before.users);
      expect(after.signup_events).toBe(before.signup_events + 1);
      const [event] = await eventsFor(ip);
      expect(event).toMatchObject({ outcome: 'error', reason: 'validation_failed', platform: 'Android' });
      const typedEmail = (body as { email?: unknown }).email;
      if (typeof typedEmail === 'string') expect(event!.email).toBe(typedEmail.slice(0, 254));
      else expect(event!.email).toBe('');
    },
  );

  it('refuses the 80,001-character e-mail of the ReDoS report on its length alone (400, the e-mail pattern never runs)', async () => {
    const before = await svc.counts();
    const ip = newIp();
    const email = `${'x'.repeat(40_000)}@${'.'.repeat(40_000)}@`;
    const res = await post({ ...valid, email }, ip);
    expect(res.status).toBe(400);
    const error = errorBodySchema.parse(res.body);
    expect(error.error).toBe('validation_failed');
    // Only the length issue: zod stopped at .max() and never ran the (formerly quadratic) pattern.
    expect(error.details).toEqual({
      issues: [{ path: 'email', message: messages.emailTooLong, code: 'too_big' }],
    });
    expect((await svc.counts()).users).toBe(before.users);
    expect(await eventsFor(ip)).toEqual([
      { email: email.slice(0, 254), ip, outcome: 'error', platform: 'Android', reason: 'validation_failed' },
    ]);
  });

  it('answers 400 invalid_json for malformed JSON and stores nothing at all', async () => {
    const before = await svc.counts();
    const res = await request(svc.app())
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co", "password": ');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('invalid_json');
    expect(await svc.counts()).toEqual(before);
  });

  it('limits registrations per IP in Redis: 429 with Retry-After, no user, and the refused attempt is recorded', async () => {
    const limited = svc.makeApp({ REGISTER_LIMIT_PER_IP_PER_MINUTE: '2' });
    const ip = newIp();
    const send = (email: string) =>
      request(limited)
        .post('/api/auth/register')
        .set('X-Forwarded-For', ip)
        .send({ ...valid, email });
    expect((await send(newEmail())).status).toBe(201);
    expect((await send(newEmail())).status).toBe(201);
    const refusedEmail = newEmail();
    const before = await svc.counts();
    const res = await send(refusedEmail);
    expect(res.status).toBe(429);
    expect(errorBodySchema.parse(res.body).error).toBe('too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await svc.count('users', 'email = $1', [refusedEmail])).toBe(0);
    expect((await svc.counts()).signup_events).toBe(before.signup_events + 1);
    expect((await eventsFor(ip)).map((e) => e.reason)).toEqual([null, null, 'rate_limited']);
    // Another address is not limited.
    expect(
      (
        await request(limited)
          .post('/api/auth/register')
          .set('X-Forwarded-For', newIp())
          .send({ ...valid, email: newEmail() })
      ).status,
    ).toBe(201);
  });

  it('records the platform as Unknown without a User-Agent and the client IP from X-Forwarded-For of the trusted gateway', async () => {
    const ip = '203.0.113.7';
    const email = newEmail();
    await request(svc.app())
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .unset('User-Agent')
      .send({ ...valid, email })
      .expect(201);
    const [event] = await svc.query('select ip, platform from signup_events where email = $1', [email]);
    expect(event).toEqual({ ip, platform: 'Unknown' });
  });
});

import { randomBytes } from 'node:crypto';
import { createLogger, errorBodySchema } from '@pitclock/kit';
import { withNulInEachString } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import {
  bearer,
  device_info,
  newEmail,
  newIp,
  PASSWORD,
  testConfig,
  useAuthService,
  type Signed,
} from '../../test-support/harness';

const svc = useAuthService();

const cookEmail = newEmail('hostile-cook');
let cook: Signed;
let admin: Signed;

beforeAll(async () => {
  cook = await svc.signUp({ email: cookEmail });
  admin = await svc.signUp({ admin: true });
});

/** Every row of every table of the service: what a refused request must leave as it was. */
const stored = async () => ({
  users: await svc.query('select * from users order by id'),
  refresh_tokens: await svc.query('select * from refresh_tokens order by id'),
  signup_events: await svc.query('select * from signup_events order by id'),
  account_audit: await svc.query('select * from account_audit order by id'),
});

const expectRefusedAndNothingStored = async (
  send: () => PromiseLike<request.Response>,
  before: Awaited<ReturnType<typeof stored>>,
) => {
  const res = await send();
  expect(res.status, res.text).toBe(400);
  expect(errorBodySchema.parse(res.body).error).toBe('invalid_characters');
  expect(await stored()).toEqual(before);
};

const registerBody = {
  email: newEmail('hostile-new'),
  password: PASSWORD,
  display_name: 'Pit Boss',
  device_info,
};
const loginBody = { email: cookEmail, password: PASSWORD, device_info };
const updateBody = { display_name: 'Renamed Cook', email: newEmail('hostile-renamed') };
const signupQuery = {
  email: 'hostile',
  outcome: 'any',
  ip: '10.0.0.1',
  platform: 'iOS',
  from: '2026-01-01',
  to: '2026-12-31',
};
const pageQueries: [string, Record<string, string>][] = [
  ['/api/users', { q: 'cook', sort: 'email', limit: '10', ids: '1,2' }],
  ['/api/admin/signup-events', { ...signupQuery, q: 'hostile', sort: '-created_at', limit: '10' }],
  [
    '/api/admin/audit/accounts',
    { q: 'user', sort: 'action', limit: '10', actor_id: '1', subject_user_id: '2', action: 'user.update' },
  ],
];

describe('a NUL character in any string field answers 400 invalid_characters and stores nothing (hole 2)', () => {
  it.each(withNulInEachString(registerBody))(
    'POST /api/auth/register with a NUL in $path',
    async ({ value }) => {
      const before = await stored();
      await expectRefusedAndNothingStored(
        () =>
          request(svc.app())
            .post('/api/auth/register')
            .set('X-Forwarded-For', newIp())
            .send(value as object),
        before,
      );
    },
  );

  it.each(withNulInEachString(loginBody))('POST /api/login with a NUL in $path', async ({ value }) => {
    const before = await stored();
    await expectRefusedAndNothingStored(
      () =>
        request(svc.app())
          .post('/api/login')
          .set('X-Forwarded-For', newIp())
          .send(value as object),
      before,
    );
  });

  it.each(withNulInEachString(updateBody))(
    'PATCH /api/users/{id} (admin) with a NUL in $path',
    async ({ value }) => {
      const before = await stored();
      await expectRefusedAndNothingStored(
        () =>
          request(svc.app())
            .patch(`/api/users/${cook.id}`)
            .set(bearer(admin.token))
            .send(value as object),
        before,
      );
    },
  );

  it('PATCH /api/users/{id} (admin) with a NUL in the id', async () => {
    const before = await stored();
    await expectRefusedAndNothingStored(
      () => request(svc.app()).patch(`/api/users/${cook.id}%00`).set(bearer(admin.token)).send(updateBody),
      before,
    );
  });

  it.each(withNulInEachString(signupQuery))(
    'GET /api/admin/signup-events with a NUL in ?$path=',
    async ({ value }) => {
      const before = await stored();
      await expectRefusedAndNothingStored(
        () =>
          request(svc.app())
            .get('/api/admin/signup-events')
            .query(value as Record<string, string>)
            .set(bearer(admin.token)),
        before,
      );
    },
  );

  it.each(
    pageQueries.flatMap(([path, query]) =>
      withNulInEachString(query).map((variant) => ({ ...variant, listPath: path })),
    ),
  )('GET $listPath as a page with a NUL in ?$path=', async ({ listPath, value }) => {
    const before = await stored();
    await expectRefusedAndNothingStored(
      () =>
        request(svc.app())
          .get(listPath)
          .query(value as Record<string, string>)
          .set(bearer(admin.token)),
      before,
    );
  });

  it.each(['/api/auth/refresh', '/api/auth/logout'])('POST %s with a NUL in refresh_token', async (path) => {
    const before = await stored();
    const [variant] = withNulInEachString({ refresh_token: cook.refresh_token });
    await expectRefusedAndNothingStored(
      () =>
        request(svc.app())
          .post(path)
          .send(variant!.value as object),
      before,
    );
  });
});

describe('logs never carry query parameters (hole 5)', () => {
  it('a registration that fails inside its insert logs the failure but none of the values it sent (no argon2 hash)', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      name: 'auth',
      level: 'debug',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const app = createApp({
      config: testConfig(),
      database: svc.database(),
      redis: svc.redis(),
      logger,
      version: { version: '1.0.0' },
    });
    const tag = randomBytes(6).toString('hex');
    const body = {
      email: newEmail(`leak-${tag}`),
      password: `password-${tag}`,
      display_name: `Name ${tag}`,
      device_info: { device_id: `device-${tag}`, name: `Browser ${tag}` },
    };
    // Every new account now fails in PostgreSQL, with the row (and its password hash) in the error's detail.
    await svc.query('alter table users add constraint hostile_refuse_all check (false) not valid');
    try {
      const res = await request(app).post('/api/auth/register').set('X-Forwarded-For', newIp()).send(body);
      expect(res.status).toBe(500);
    } finally {
      await svc.query('alter table users drop constraint hostile_refuse_all');
    }
    const text = lines.join('');
    expect(text).toContain('hostile_refuse_all');
    for (const value of [tag, '$argon2', 'Failing row contains']) expect(text).not.toContain(value);
  });
});

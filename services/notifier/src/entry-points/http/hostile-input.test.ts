import { randomBytes } from 'node:crypto';
import { createLogger, errorBodySchema } from '@pitclock/kit';
import { withNulInEachString } from '@pitclock/kit/testing';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ownedTables } from '../../data-access';
import { testConfig, useNotifierService, type Caller } from '../../test-support/harness';

const svc = useNotifierService();

let cook: Caller;
let subscribed: { endpoint: string };

beforeAll(async () => {
  cook = await svc.user();
  subscribed = await svc.subscribe(cook, 'device-subscribed');
});

/** Every row of every table of the service and every job of the queue: what a refused request must leave as it was. */
const stored = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of ownedTables) tables[table] = await svc.query(`select * from ${table} order by 1`);
  const jobs = await svc.queue().getJobs(['delayed', 'waiting', 'active', 'completed', 'failed']);
  return { tables, jobs: jobs.map((job) => job?.id).sort() };
};

const expectRefusedAndNothingStored = async (send: () => PromiseLike<request.Response>) => {
  const before = await stored();
  const res = await send();
  expect(res.status, res.text).toBe(400);
  expect(errorBodySchema.parse(res.body).error).toBe('invalid_characters');
  expect(await stored()).toEqual(before);
};

/** The receiver's endpoints are known in beforeAll: each case takes its variant of the real body by path. */
const variantAt = (body: unknown, path: string) =>
  withNulInEachString(body).find((variant) => variant.path === path)!.value as object;
const pathsOf = (shape: unknown) => withNulInEachString(shape).map(({ path }) => path);

const subscribeBody = () => {
  const { endpoint, keys } = svc.receiver().subscription();
  return { subscription: { endpoint, keys }, device_id: 'device-hostile' };
};
const subscribeShape = { subscription: { endpoint: 'x', keys: { p256dh: 'x', auth: 'x' } }, device_id: 'x' };

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const scheduleBody = {
  contest_id: 'contest-hostile',
  contest_name: 'Hostile Smoke-off',
  time_zone: 'America/Chicago',
  steps: [
    {
      id: 'trim',
      name: 'Trim',
      template_name: 'Brisket',
      scheduled_at: inAnHour,
      done: false,
      dismissed: false,
    },
  ],
};

describe('a NUL character in any string field answers 400 invalid_characters and stores nothing (hole 2)', () => {
  it.each(pathsOf(subscribeShape))('POST /api/push/subscribe with a NUL in %s', (path) =>
    expectRefusedAndNothingStored(() =>
      request(svc.app()).post('/api/push/subscribe').set(cook.headers).send(variantAt(subscribeBody(), path)),
    ),
  );

  it('DELETE /api/push/subscribe with a NUL in endpoint', () =>
    expectRefusedAndNothingStored(() =>
      request(svc.app())
        .delete('/api/push/subscribe')
        .set(cook.headers)
        .send(variantAt({ endpoint: subscribed.endpoint }, 'endpoint')),
    ));

  it.each(withNulInEachString(scheduleBody))(
    'PUT /api/push/runs/{runId}/schedule with a NUL in $path',
    ({ value }) =>
      expectRefusedAndNothingStored(() =>
        request(svc.app())
          .put('/api/push/runs/run-hostile/schedule')
          .set(cook.headers)
          .send(value as object),
      ),
  );

  it('PUT /api/push/runs/{runId}/schedule with a NUL in the run id', () =>
    expectRefusedAndNothingStored(() =>
      request(svc.app()).put('/api/push/runs/run%00hostile/schedule').set(cook.headers).send(scheduleBody),
    ));
});

describe('logs never carry query parameters (hole 5)', () => {
  it('a subscription that fails inside its insert logs the failure but none of the values it sent (no push keys)', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      name: 'notifier',
      level: 'debug',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const redis = svc.redis();
    const app = createApp({
      config: testConfig({
        PUSH_ALLOWED_ORIGINS: svc.receiver().origin,
        REDIS_KEY_PREFIX: svc.redisPrefix().prefix,
      }),
      database: svc.database(),
      redis,
      queue: svc.queue(),
      logger,
      version: { version: '1.0.0' },
    });
    const body = subscribeBody();
    const deviceId = `device-${randomBytes(6).toString('hex')}`;
    // Every new subscription now fails in PostgreSQL, with the row (and its keys) in the error's detail.
    await svc.query(
      'alter table push_subscriptions add constraint hostile_refuse_all check (false) not valid',
    );
    try {
      const res = await request(app)
        .post('/api/push/subscribe')
        .set((await svc.user()).headers)
        .send({ ...body, device_id: deviceId });
      expect(res.status).toBe(500);
    } finally {
      await svc.query('alter table push_subscriptions drop constraint hostile_refuse_all');
    }
    const text = lines.join('');
    expect(text).toContain('hostile_refuse_all');
    const { endpoint, keys } = body.subscription;
    for (const value of [endpoint, keys.p256dh, keys.auth, deviceId, 'Failing row contains']) {
      expect(text).not.toContain(value);
    }
  });
});

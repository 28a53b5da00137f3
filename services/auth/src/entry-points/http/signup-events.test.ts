import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignupEventsRepository } from '../../data-access';
import { bearer, useAuthService, type Signed } from '../../test-support/harness';

const svc = useAuthService();

let admin: Signed;
const ids: Record<string, number> = {};

type Seed = {
  key: string;
  email: string;
  ip: string;
  outcome: 'success' | 'error';
  platform: string;
  at: string;
};
const seeds: Seed[] = [
  {
    key: 'old',
    email: 'old@farm.test',
    ip: '198.51.100.1',
    outcome: 'success',
    platform: 'Windows',
    at: '2026-01-01T00:00:00Z',
  },
  {
    key: 'jan31',
    email: 'Pit_Master@farm.test',
    ip: '198.51.100.2',
    outcome: 'error',
    platform: 'iOS',
    at: '2026-01-31T23:59:59Z',
  },
  {
    key: 'feb1',
    email: 'pitmaster@smoke.test',
    ip: '198.51.100.2',
    outcome: 'success',
    platform: 'Android',
    at: '2026-02-01T00:00:00Z',
  },
  {
    key: 'feb2',
    email: '100%beef@smoke.test',
    ip: '198.51.100.3',
    outcome: 'error',
    platform: 'macOS',
    at: '2026-02-02T12:00:00Z',
  },
];

beforeAll(async () => {
  admin = await svc.signUp({ admin: true });
  // Only the seeded events, with known times: forget the admin's own signup event.
  await svc.query('delete from signup_events');
  const repo = createSignupEventsRepository(svc.database().db);
  for (const seed of seeds) {
    await repo.record({
      email: seed.email,
      ip: seed.ip,
      outcome: seed.outcome,
      platform: seed.platform,
      reason: seed.outcome === 'error' ? 'validation_failed' : null,
      createdAt: new Date(seed.at),
    });
    const [row] = await svc.query<{ id: number }>('select max(id) as id from signup_events');
    ids[seed.key] = row!.id;
  }
});

const list = (query: string) =>
  request(svc.app()).get(`/api/admin/signup-events${query}`).set(bearer(admin.token));
const keysOf = (body: { id: number }[]) =>
  body.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0]);

describe('GET /api/admin/signup-events', () => {
  it('answers every event newest first with id, email, ip, outcome, platform, reason and created_at', async () => {
    const res = await list('').expect(200);
    expect(keysOf(res.body)).toEqual(['feb2', 'feb1', 'jan31', 'old']);
    expect(res.body[0]).toEqual({
      id: ids.feb2,
      email: '100%beef@smoke.test',
      ip: '198.51.100.3',
      outcome: 'error',
      platform: 'macOS',
      reason: 'validation_failed',
      created_at: '2026-02-02T12:00:00.000Z',
    });
  });

  it.each<[string, string, string[]]>([
    [
      'empty filters (as the admin screen sends them) filter nothing',
      '?email=&outcome=&ip=&platform=&from=&to=&limit=100',
      ['feb2', 'feb1', 'jan31', 'old'],
    ],
    ['email: part of the address in any case', '?email=PIT', ['feb1', 'jan31']],
    ['email: LIKE wildcards match themselves', '?email=%25beef', ['feb2']],
    ['email: an underscore is not a wildcard', '?email=pit_', ['jan31']],
    ['outcome=success', '?outcome=success', ['feb1', 'old']],
    ['outcome=error', '?outcome=error', ['feb2', 'jan31']],
    ['outcome=any', '?outcome=any', ['feb2', 'feb1', 'jan31', 'old']],
    ['ip: exact address', '?ip=198.51.100.2', ['feb1', 'jan31']],
    ['ip: a part of an address matches nothing', '?ip=198.51.100', []],
    ['platform in any case', '?platform=ios', ['jan31']],
    ['from a date: from its midnight UTC', '?from=2026-02-01', ['feb2', 'feb1']],
    ['to a date: all of that day', '?to=2026-01-31', ['jan31', 'old']],
    ['from and to the same date', '?from=2026-02-01&to=2026-02-01', ['feb1']],
    ['to an instant: inclusive', '?to=2026-02-01T00:00:00Z', ['feb1', 'jan31', 'old']],
    ['from an instant with an offset', '?from=2026-02-02T13:00:00%2B01:00', ['feb2']],
    [
      'filters combined',
      '?email=smoke&outcome=success&platform=Android&from=2026-01-15&to=2026-02-28',
      ['feb1'],
    ],
    ['limit', '?limit=2', ['feb2', 'feb1']],
  ])('filters: %s', async (_name, query, expected) => {
    const res = await list(query).expect(200);
    expect(keysOf(res.body)).toEqual(expected);
  });

  it('pages with before=<id of the last row>, newest first, without overlap', async () => {
    const first = await list('?limit=3').expect(200);
    expect(keysOf(first.body)).toEqual(['feb2', 'feb1', 'jan31']);
    const next = await list(`?limit=3&before=${first.body.at(-1).id}`).expect(200);
    expect(keysOf(next.body)).toEqual(['old']);
  });

  it('answers 100 rows by default and at most 100', async () => {
    const repo = createSignupEventsRepository(svc.database().db);
    const before = await svc.count('signup_events');
    for (let i = 0; i < 101; i += 1) {
      await repo.record({
        email: `bulk${i}@load.test`,
        ip: '192.0.2.1',
        outcome: 'success',
        platform: 'Linux',
        reason: null,
        createdAt: new Date('2026-03-01T00:00:00Z'),
      });
    }
    try {
      expect((await list('').expect(200)).body).toHaveLength(100);
      expect((await list('?limit=100').expect(200)).body).toHaveLength(100);
      expect((await list('?ip=192.0.2.1&before=999999999').expect(200)).body).toHaveLength(100);
    } finally {
      await svc.query("delete from signup_events where ip = '192.0.2.1'");
      expect(await svc.count('signup_events')).toBe(before);
    }
  });

  it.each([
    ['limit above 100', '?limit=101'],
    ['limit 0', '?limit=0'],
    ['limit not a number', '?limit=ten'],
    ['limit with a decimal point', '?limit=5.5'],
    ['outcome not any, success or error', '?outcome=maybe'],
    ['a date that does not exist', '?from=2026-02-30'],
    ['a date that is not a date', '?to=yesterday'],
    ['from after to', '?from=2026-02-02&to=2026-02-01'],
    ['a repeated filter', '?email=a&email=b'],
    ['an oversized e-mail filter', `?email=${'e'.repeat(300)}`],
    ['before not a number', '?before=abc'],
    ['before past int4', '?before=2147483648'],
    ['before of 20 digits', '?before=99999999999999999999'],
    ['limit of 20 digits', '?limit=99999999999999999999'],
  ])('answers 400 with the error shape for %s', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toBe('validation_failed');
  });

  it.each([
    ['the first day PostgreSQL knows', '?from=0001-01-01&to=0001-01-02'],
    ['year 0, which PostgreSQL has not', '?from=0000-01-01'],
    ['an instant in year 0', '?to=0000-06-01T00:00:00Z'],
    ['an instant whose offset leaves year 1 for year 0', '?from=0001-01-01T00:00:00%2B14:00'],
    ['year 0 as the last day of a range', '?from=0000-01-01&to=0000-12-31'],
    ['the last day of year 9999', '?from=9999-12-31&to=9999-12-31'],
    ['an instant late in year 9999', '?to=9999-12-31T23:59:59.999-14:00'],
  ])(
    'answers 200 for %s (bounds past the calendar PostgreSQL stores are moved onto it)',
    async (_name, query) => {
      const res = await list(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  );

  it('lists the events the register endpoint records, failed attempts included', async () => {
    const email = `fresh-${Date.now()}@events.test`;
    await request(svc.app())
      .post('/api/auth/register')
      .set('X-Forwarded-For', '192.0.2.77')
      .send({ email, password: 'short' })
      .expect(400);
    await svc.register({ email });
    const res = await list(`?email=${encodeURIComponent(email)}`).expect(200);
    expect(res.body.map((e: { outcome: string; reason: string | null }) => [e.outcome, e.reason])).toEqual([
      ['success', null],
      ['error', 'validation_failed'],
    ]);
    expect(res.body[1].ip).toBe('192.0.2.77');
  });
});

import { errorBodySchema } from '@pitclock/kit';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownedTables } from '../../data-access';
import { stamp, useSyncService, type Caller } from '../../test-support/harness';

const svc = useSyncService();

/** Every row of every table of the service: what a refused request must leave as it was. */
const stored = async () => {
  const tables: Record<string, unknown[]> = {};
  for (const table of ownedTables) tables[table] = await svc.query(`select * from ${table} order by 1`);
  return tables;
};

let cook: Caller;
let teamId: string;
beforeAll(async () => {
  cook = await svc.user();
  teamId = (await svc.createTeam(cook)).id;
});

const good = () => ({
  mid: 1,
  scope: `u:${cook.id}`,
  store: 'runs',
  id: 'run-1',
  hlc: stamp(),
  set: { name: 'Ribs' },
});

const cases: [string, string, string, () => unknown, number][] = [
  ['post', '/api/sync/push', 'not JSON', () => '{"clientId": ', 400],
  ['post', '/api/sync/push', 'a JSON string', () => '"hello"', 400],
  ['post', '/api/sync/push', 'null', () => 'null', 400],
  ['post', '/api/sync/push', 'an array', () => [], 400],
  ['post', '/api/sync/push', 'mutations not an array', () => ({ clientId: 'c', mutations: {} }), 400],
  ['post', '/api/sync/push', 'mid 0', () => ({ clientId: 'c', mutations: [{ ...good(), mid: 0 }] }), 400],
  [
    'post',
    '/api/sync/push',
    'mid past 2^53',
    () => ({ clientId: 'c', mutations: [{ ...good(), mid: 2 ** 60 }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'a store that does not sync',
    () => ({ clientId: 'c', mutations: [{ ...good(), store: 'users' }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'a bad stamp',
    () => ({ clientId: 'c', mutations: [{ ...good(), hlc: 'yesterday' }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'a bad scope',
    () => ({ clientId: 'c', mutations: [{ ...good(), scope: 'x:1' }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'neither set nor delete',
    () => ({ clientId: 'c', mutations: [{ ...good(), set: undefined }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    '501 mutations',
    () => ({ clientId: 'c', mutations: Array.from({ length: 501 }, (_, i) => ({ ...good(), mid: i + 1 })) }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'fields over 32 kB',
    () => ({ clientId: 'c', mutations: [{ ...good(), set: { note: 'x'.repeat(33_000) } }] }),
    400,
  ],
  [
    'post',
    '/api/sync/push',
    'a body over the limit',
    () => ({ clientId: 'c', mutations: [], pad: 'x'.repeat(3_000_000) }),
    413,
  ],
  [
    'post',
    '/api/sync/pull',
    'a cookie with a negative version',
    () => ({ clientId: 'c', cookie: { 'u:1': -5 } }),
    400,
  ],
  ['post', '/api/sync/pull', 'a cookie that is a list', () => ({ clientId: 'c', cookie: [1, 2] }), 400],
  ['post', '/api/sync/pull', 'no client id', () => ({ cookie: {} }), 400],
  ['post', '/api/teams', 'an empty name', () => ({ name: '   ' }), 400],
  ['post', '/api/teams', 'a name of 61 characters', () => ({ name: 'x'.repeat(61) }), 400],
  ['post', '/api/teams/join', 'a code of 7 characters', () => ({ code: 'ABCDEFG' }), 400],
  ['post', '/api/teams/join', 'a numeric code', () => ({ code: 12345678 }), 400],
  ['get', '/api/teams/not-a-uuid', 'a team id that is not a uuid', () => undefined, 400],
  ['post', '/api/teams/%E0%A4%A/invites', 'a broken percent-encoding', () => undefined, 400],
  ['delete', '/api/teams/TEAM/members/abc', 'a user id that is not a number', () => undefined, 400],
  ['delete', '/api/teams/TEAM/members/99999999999', 'a user id too large', () => undefined, 400],
];

describe('hostile input answers 4xx with the error shape and stores nothing', () => {
  it.each(cases)('%s %s with %s', async (method, rawPath, _what, body, status) => {
    const path = rawPath.replace('TEAM', teamId);
    const before = await stored();
    const value = body();
    let call = request(svc.app())[method as 'post'](path).set(cook.headers);
    if (value !== undefined) {
      call =
        typeof value === 'string'
          ? call.set('Content-Type', 'application/json').send(value)
          : call.send(value as object);
    }
    const res = await call;
    expect(res.status, res.text).toBe(status);
    errorBodySchema.parse(res.body);
    expect(await stored()).toEqual(before);
  });

  it('a body sent as text/plain is read as no body: 400 naming the missing fields', async () => {
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(cook.headers)
      .set('Content-Type', 'text/plain')
      .send('clientId=c');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
  });

  it('unknown fields are ignored and never stored', async () => {
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(cook.headers)
      .send({
        clientId: `c-${cook.id}`,
        extra: true,
        mutations: [{ ...good(), id: 'extra', version: 999_999, deleted: 'x' }],
      });
    expect(res.status, res.text).toBe(200);
    const rows = await svc.query<{ version: string; deleted: string | null }>(
      'select version, deleted from sync_records where scope = $1 and id = $2',
      [`u:${cook.id}`, 'extra'],
    );
    expect(rows).toEqual([{ version: expect.not.stringMatching(/^999999$/), deleted: null }]);
  });

  it('a field named __proto__ changes no prototype and is never stored', async () => {
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(cook.headers)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          clientId: `proto-${cook.id}`,
          mutations: [{ ...good(), id: 'proto', set: { name: 'ok' } }],
        }).replace('"name":"ok"', '"__proto__":{"polluted":true},"name":"ok"'),
      );
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const rows = await svc.query<{ fields: unknown }>("select fields from sync_records where id = 'proto'");
    for (const row of rows) expect(row.fields).toEqual({ name: 'ok' });
  });

  it('a mutation whose only field is __proto__ (nothing left to set) is refused and stores nothing', async () => {
    const res = await request(svc.app())
      .post('/api/sync/push')
      .set(cook.headers)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          clientId: `proto-only-${cook.id}`,
          mutations: [{ ...good(), id: 'proto-only', set: { name: 'ok' } }],
        }).replace('"name":"ok"', '"__proto__":{"polluted":true}'),
      );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(await svc.query("select id from sync_records where id = 'proto-only'")).toEqual([]);
  });
});

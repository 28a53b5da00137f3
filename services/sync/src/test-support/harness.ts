import { SYNC_LIMITS } from '@pitclock/contracts/schemas';
import type { NumberedMutation, Scope, SyncRecord } from '@pitclock/contracts/sync';
import { loadConfig } from '@pitclock/kit';
import { listen, testServiceEnv, useTestService, type Caller, type Listening } from '@pitclock/kit/testing';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, createInstanceLiveUpdates, type AppDeps } from '../app';
import type { LiveUpdates } from '../application/live-updates';
import { syncConfigSchema, type SyncConfig } from '../config';
import { migrations, ownedTables } from '../data-access';

export { bearer, tokenFor, type Caller } from '@pitclock/kit/testing';

type Overrides = Partial<Record<keyof SyncConfig, string>>;

/** The service's configuration as loadConfig makes it, with test overrides (defaults otherwise). */
export const testConfig = (overrides: Overrides = {}): SyncConfig =>
  loadConfig(syncConfigSchema, { ...testServiceEnv, ...overrides });

export type Instance = { app: Express; live: LiveUpdates; server: () => Promise<Listening> };

/**
 * The kit's test service (a database and Redis prefix of its own) with the real app of the service, more
 * instances on the same database and Redis, and helpers that act as a device would, for one test file.
 */
export const useSyncService = ({
  config = {},
  deps = {},
}: { config?: Overrides; deps?: Partial<Pick<AppDeps, 'limits' | 'recordsPerPull'>> } = {}) => {
  const base = useTestService({ service: 'sync', migrations, tables: ownedTables, poolSize: 20 });
  const instances: Instance[] = [];
  const servers: Listening[] = [];
  let first: Instance;

  /** Another instance of the service: its own app, pokes subscriber and (on demand) HTTP server. */
  const instance = (
    overrides: Overrides = {},
    more: Partial<Pick<AppDeps, 'limits' | 'recordsPerPull' | 'clock'>> = {},
  ): Instance => {
    const cfg = testConfig({ REDIS_KEY_PREFIX: base.redisPrefix().prefix, ...config, ...overrides });
    const live = createInstanceLiveUpdates({
      database: base.database(),
      redis: base.redis(),
      logger: base.logger,
      config: cfg,
    });
    const app = createApp({
      config: cfg,
      database: base.database(),
      redis: base.redis(),
      logger: base.logger,
      version: { version: '1.0.0' },
      clock: base.clock.now,
      live,
      ...deps,
      ...more,
    });
    let server: Promise<Listening> | undefined;
    const made: Instance = {
      app,
      live,
      server: () =>
        (server ??= listen(app).then((listening) => {
          servers.push(listening);
          return listening;
        })),
    };
    instances.push(made);
    return made;
  };

  beforeAll(() => {
    first = instance();
  });

  afterAll(async () => {
    for (const made of instances) made.live.endStreams();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(instances.map((made) => made.live.close()));
  });

  const app = () => first.app;

  /** POST /api/sync/push, expecting 200; answers lastMutationId. */
  const push = async (caller: Caller, clientId: string, mutations: NumberedMutation[], on = app()) => {
    const res = await request(on).post('/api/sync/push').set(caller.headers).send({ clientId, mutations });
    expect(res.status, res.text).toBe(200);
    return res.body as { lastMutationId: number };
  };

  type PullBody = {
    scopes: Scope[];
    cookie: Partial<Record<Scope, number>>;
    records: SyncRecord[];
    lastMutationId: number;
    more: boolean;
  };

  /** POST /api/sync/pull, expecting 200. */
  const pull = async (caller: Caller, clientId: string, cookie: PullBody['cookie'] = {}, on = app()) => {
    const res = await request(on).post('/api/sync/pull').set(caller.headers).send({ clientId, cookie });
    expect(res.status, res.text).toBe(200);
    return res.body as PullBody;
  };

  /** Creates a team over HTTP; answers its id and scope. */
  const createTeam = async (owner: Caller, name = 'Smoke Ring') => {
    const res = await request(app())
      .post('/api/teams')
      .set(owner.headers)
      .send({ name, member_name: 'Pitmaster' });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; scope: Scope };
  };

  /** Invites and joins over HTTP. */
  const addMember = async (team: { id: string }, owner: Caller, member: Caller) => {
    const invite = await request(app()).post(`/api/teams/${team.id}/invites`).set(owner.headers);
    expect(invite.status, invite.text).toBe(201);
    const join = await request(app())
      .post('/api/teams/join')
      .set(member.headers)
      .send({ code: invite.body.code, member_name: `Cook ${member.id}` });
    expect(join.status, join.text).toBe(200);
  };

  /** Every stored record of a scope, as the protocol's records, by store and id. */
  const storedRecords = async (scope: string) =>
    (
      await base.query<SyncRecord & Record<string, unknown>>(
        'select scope, store, id, fields, clocks, deleted from sync_records where scope = $1 order by store, id',
        [scope],
      )
    ).map(({ scope: s, store, id, fields, clocks, deleted }) => ({
      scope: s,
      store,
      id,
      fields,
      clocks,
      deleted,
    }));

  return {
    ...base,
    app,
    instance,
    push,
    pull,
    createTeam,
    addMember,
    storedRecords,
    user: base.newCaller,
    limits: SYNC_LIMITS,
  };
};
export type SyncService = ReturnType<typeof useSyncService>;

let stampCounter = 0;
/** A clock stamp for tests: later at each call (wall ms from `wall`, node `node`). */
export const stamp = (node = 'test', wall = 1_800_000_000_000): string => {
  stampCounter += 1;
  return `${String(wall + stampCounter).padStart(15, '0')}:00000:${node}`;
};

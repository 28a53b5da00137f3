// Prints how fast the admin lists answer a page at scale (issue 23): users, devices, promo codes, a long
// credit ledger, signup events and both audit trails, each asked for
//   - its first page, a search (q), a page sorted on another column, and a deep page (the page after
//     BENCH_ADMIN_DEEP_PAGES pages, default 50, reached by following next_cursor),
//   - BENCH_ADMIN_REQUESTS times (default 300) at 10 concurrent requests (autocannon), after a warm-up:
//     p50, p99 and max in ms and requests/s, beside the target p99 < 100 ms (PASS or MISS).
// A MISS is printed, never a failure: the bench exits 1 only when something does not work (an answer
// other than 200, a list that does not answer a page, a step that throws).
// It works in a database of its own (pitclock_bench_*), which the auth and licensing migrations create,
// seeded by PostgreSQL itself (admin-seed.ts): 100,000 users, 300,000 devices, credit ledgers (one of 6,000
// entries), 5,000 promo codes and 1,000,000 signup events (BENCH_ADMIN_SCALE=0.1 seeds a tenth of the
// users, devices, ledgers and events, for trying the bench). Then it starts the real auth and licensing
// services (src/main.ts, as `npm start` runs them), performs BENCH_ADMIN_ACTIONS admin actions on each
// (default 1,000: user edits and admin toggles; credits, revocations, restores, codes) so that the audit
// trails hold what the services wrote, and grows each trail to BENCH_ADMIN_AUDIT_ROWS rows (default
// 50,000) with older copies of those rows. The admin's access token is signed here with the JWT_SECRET
// the services were given, as auth signs it. Everything is removed at the end, on Ctrl-C too.
// Ports: BENCH_PORT (auth) and BENCH_PORT + 1 (licensing), or free ones the OS picks.
// BENCH_ADMIN_HOLD=1 keeps the services and the database after the figures until Ctrl-C (to EXPLAIN
// ANALYZE the slow queries against the seeded data); the database URL is printed.
// BENCH_ADMIN_EXPLAIN_MS=50 has PostgreSQL log the plan (EXPLAIN ANALYZE, auto_explain) of every statement
// of the services that takes 50 ms or more, in its server log (.data/postgres/server.log for the
// project's own PostgreSQL); it needs the superuser that PG_ADMIN_URL names, and timing every statement
// makes the figures of such a run somewhat slower.
// Results go to tests/bench/results/admin.json.
//   node --import tsx tests/bench/admin.ts            (from the repository root)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import {
  AUDIT_PAGE,
  DEVICES_PAGE,
  LEDGER_PAGE,
  PROMO_CODES_PAGE,
  SIGNUP_EVENTS_PAGE,
  USERS_PAGE,
} from '@pitclock/contracts/schemas';
import { createDatabase, migrate } from '@pitclock/kit';
import autocannon from 'autocannon';
import { provisionDataServers } from '../support/scripts-lib';
import {
  AUDIT_TABLES,
  FIRST_NAMES,
  LAST_NAMES,
  growAuditHistory,
  seedAdminData,
  type SeedSizes,
  type Seeded,
} from './admin-seed';
import {
  accessTokenSigner,
  createBenchData,
  fmt,
  mapLimit,
  percentile,
  root,
  stackOf,
  startService,
  stopDataServersUnlessShared,
  withClient,
  type BenchData,
} from './lib';

type ServiceName = 'auth' | 'licensing';
type Query = Record<string, string>;

/** One admin list: where it is, what it always carries, and the search and other sort it is measured with. */
interface ListSpec {
  name: string;
  service: ServiceName;
  path: string;
  base: Query;
  defaultSort: string;
  search: string;
  otherSort: string;
}

type PageKind = 'first' | 'search' | 'sorted' | 'deep';

/** One measured request: the list, what is asked, and its figures (none when it could not be measured). */
interface Row {
  list: string;
  page: PageKind;
  query: string;
  /** What the page said of itself: its rows and the total ('+' when the total is capped). */
  rows?: string;
  /** Why it was not measured: the answer that was not a page, or the step that failed. */
  problem?: string;
  requests: number;
  /** Answers other than 200, connection errors and timeouts (1 when it could not be measured). */
  failed: number;
  p50Ms?: number;
  p99Ms?: number;
  maxMs?: number;
  requestsPerSecond?: number;
  met: boolean;
}

/** The fields of a page answer (contracts' pageAnswer) the bench reads. */
type PageAnswer = {
  data: unknown[];
  total: number;
  total_exact: boolean;
  next_cursor: string | null;
};

const TARGET_P99_MS = 100;
const CONNECTIONS = 10;
const LIMIT = '50';
/** A positive number from the environment variable `name`, or `fallback` when it is unset. */
const positive = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0 && Number.isFinite(value)))
    throw new Error(`${name} must be a positive number, not ${process.env[name]}`);
  return value;
};
const REQUESTS = positive('BENCH_ADMIN_REQUESTS', 300);
const WARMUP_REQUESTS = 30;
const DEEP_PAGES = positive('BENCH_ADMIN_DEEP_PAGES', 50);
const SCALE = positive('BENCH_ADMIN_SCALE', 1);
const ADMIN_ACTIONS = positive('BENCH_ADMIN_ACTIONS', 1_000);
const AUDIT_ROWS = positive('BENCH_ADMIN_AUDIT_ROWS', 50_000);
const HOLD = process.env.BENCH_ADMIN_HOLD === '1';
const EXPLAIN_MS = process.env.BENCH_ADMIN_EXPLAIN_MS;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const JWT_SECRET = randomBytes(48).toString('base64url');
const JWT_AUDIENCE = 'pitclock';

const scaled = (n: number) => Math.max(100, Math.round(n * SCALE));
const SIZES: SeedSizes = {
  users: scaled(100_000),
  devices: scaled(300_000),
  signupEvents: scaled(1_000_000),
  ledgerUsers: scaled(20_000),
  // Deep enough for DEEP_PAGES pages of 50 at any scale.
  promoCodes: 5_000,
  longLedgerEntries: 6_000,
};

/** BENCH_PORT: auth listens on it and licensing on the next one; unset, the OS picks free ports. */
const benchPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
if (benchPort !== undefined && !(Number.isInteger(benchPort) && benchPort > 0 && benchPort < 65534)) {
  throw new Error(`BENCH_PORT must be a TCP port below 65534, not ${process.env.BENCH_PORT}`);
}

// ---------------------------------------------------------------------------------------------------------
// Clean-up: every step that started something pushes how to undo it; Ctrl-C runs them too.

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
}

let interrupted = false;
/** A service being started: its child is known (and stopped by the clean-up) only once it is ready. */
let starting: Promise<unknown> | undefined;
let releaseHold: (() => void) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    if (releaseHold) {
      releaseHold();
      return;
    }
    console.error(`\n${signal}: cleaning up`);
    void (async () => {
      await starting?.catch(() => undefined);
      await cleanUp();
    })().finally(() => process.exit(130));
  });
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

// ---------------------------------------------------------------------------------------------------------
// The database and the services.

/** Has PostgreSQL log the plan of every statement of the services slower than `ms` (new sessions of the database). */
async function explainSlowStatements(databaseUrl: string, ms: string) {
  if (!/^\d+$/.test(ms)) throw new Error(`BENCH_ADMIN_EXPLAIN_MS must be whole milliseconds, not ${ms}`);
  const database = new URL(databaseUrl).pathname.slice(1);
  await withClient(pgAdminUrl, async (client) => {
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      `auto_explain.log_min_duration = ${ms}`,
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_nested_statements = on',
    ]) {
      await client.query(`ALTER DATABASE "${database}" SET ${setting}`);
    }
  });
}

async function migrateBoth(databaseUrl: string) {
  const database = createDatabase(databaseUrl, { max: 1 });
  try {
    for (const service of ['auth', 'licensing'] as const) {
      await migrate(database, {
        migrationsFolder: path.join(root, 'services', service, 'src', 'data-access', 'drizzle'),
        migrationsTable: `__drizzle_migrations_${service}`,
      });
    }
  } finally {
    await database.close();
  }
}

async function startServices(data: BenchData, adminEmail: string): Promise<Record<ServiceName, string>> {
  const common = {
    DATABASE_URL: data.databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: data.keyPrefix,
    JWT_SECRET,
    JWT_AUDIENCE,
  };
  const start = async (name: ServiceName, env: Record<string, string>, port: number | undefined) => {
    if (interrupted) throw new Error('interrupted');
    const service = startService(name, { ...common, ...env }, { logLevel, port });
    starting = service;
    const { child, url } = await service;
    cleanups.push(() => stopChild(child));
    return url;
  };
  // ADMIN_EMAIL names the seeded admin, so that no ADMIN_EMAIL of the shell creates another.
  const auth = await start('auth', { ADMIN_EMAIL: adminEmail }, benchPort);
  const licensing = await start('licensing', { AUTH_URL: auth }, benchPort && benchPort + 1);
  return { auth, licensing };
}

// ---------------------------------------------------------------------------------------------------------
// Admin actions, so that the audit trails hold rows the services wrote.

/** Failed admin actions (not 2xx), with the first answer of each kind, for the report. */
const actionFailures = new Map<string, { count: number; example: string }>();

async function adminCall(url: string, token: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) {
    const kind = `${method} ${pathname.replace(/\d+/g, ':id')} ${response.status}`;
    const seen = actionFailures.get(kind);
    actionFailures.set(kind, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? text.slice(0, 200) });
  }
}

/** A number in [0, n) from the action's index: spreads the actions over the seeded rows, the same every run. */
const spread = (i: number, n: number) => (i * 7_919 + 13) % n;

/** The auth service's admin actions: display names changed (to other realistic names), admin toggled twice. */
function authActions(url: string, token: string) {
  return Array.from({ length: ADMIN_ACTIONS }, (_, i) => async () => {
    const userId = 2 + spread(i, SIZES.users - 1);
    if (i % 10 === 9) {
      await adminCall(url, token, 'POST', apiPath(API_PATHS.userToggleAdmin, { id: userId }));
      await adminCall(url, token, 'POST', apiPath(API_PATHS.userToggleAdmin, { id: userId }));
      return;
    }
    const name = `${FIRST_NAMES[spread(i, FIRST_NAMES.length)]} ${LAST_NAMES[spread(i + 7, LAST_NAMES.length)]}`;
    await adminCall(url, token, 'PATCH', apiPath(API_PATHS.user, { id: userId }), { display_name: name });
  });
}

/** The licensing service's admin actions: credits granted and adjusted, devices revoked and restored, codes toggled and minted. */
function licensingActions(url: string, token: string) {
  return Array.from({ length: ADMIN_ACTIONS }, (_, i) => async () => {
    const userId = 2 + spread(i, SIZES.users - 1);
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
        return adminCall(url, token, 'POST', apiPath(API_PATHS.userCredits, { id: userId }), {
          amount: 1 + (i % 5),
        });
      case 3:
      case 4:
        return adminCall(url, token, 'POST', API_PATHS.creditsAdminAdjust, { user_id: userId, amount: 2 });
      case 5:
      case 6:
      case 7: {
        const deviceId = 1 + spread(i, SIZES.devices);
        await adminCall(url, token, 'PATCH', apiPath(API_PATHS.deviceRevoke, { id: deviceId }));
        return adminCall(url, token, 'PATCH', apiPath(API_PATHS.deviceRestore, { id: deviceId }));
      }
      case 8:
        return adminCall(
          url,
          token,
          'POST',
          apiPath(API_PATHS.promoCodeToggle, { id: 1 + spread(i, SIZES.promoCodes) }),
        );
      default:
        return adminCall(url, token, 'POST', API_PATHS.activationCodes, { user_id: userId });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Measuring.

const queryText = (query: Query) => new URLSearchParams(query).toString();
/** The query as the table shows it: a cursor is long and says nothing to a reader. */
const shownQuery = (query: Query) =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${key === 'cursor' ? '…' : value}`)
    .join('&');
const round1 = (n: number) => Math.round(n * 10) / 10;

async function getPage(url: string, token: string, query: Query): Promise<PageAnswer> {
  const response = await fetch(`${url}?${queryText(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`answered ${response.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as Partial<PageAnswer> | unknown[];
  if (Array.isArray(body) || !Array.isArray(body.data) || typeof body.total !== 'number') {
    throw new Error(`answered 200 but not a page: ${text.slice(0, 120)}`);
  }
  return body as PageAnswer;
}

/** The cursor of the page after `pages` pages of the list under its default sort (fewer when the list ends first). */
async function deepCursor(url: string, token: string, base: Query) {
  let cursor: string | undefined;
  let depth = 0;
  for (; depth < DEEP_PAGES; depth += 1) {
    const page = await getPage(url, token, { ...base, ...(cursor ? { cursor } : {}) });
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  if (!cursor) throw new Error('the list has a single page: nothing deep to measure');
  return { cursor, depth };
}

/**
 * `amount` GETs of pathAndQuery at CONNECTIONS at once (autocannon), keeping each answer's status and time;
 * the seconds are from the start to the last answer (autocannon itself ends on a whole second).
 */
function load(url: string, pathAndQuery: string, token: string, amount: number) {
  const samples: { status: number; ms: number }[] = [];
  const started = performance.now();
  let lastAnswerAt = started;
  return new Promise<{ samples: typeof samples; seconds: number; errors: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount,
        requests: [{ method: 'GET', path: pathAndQuery, headers: { authorization: `Bearer ${token}` } }],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              samples,
              seconds: (lastAnswerAt - started) / 1000,
              errors: result.errors + result.timeouts,
            }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      lastAnswerAt = performance.now();
      samples.push({ status, ms });
    });
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const rowsText = (page: PageAnswer) =>
  `${page.data.length} of ${fmt(page.total)}${page.total_exact ? '' : '+'}`;

async function measure(
  spec: ListSpec,
  page: PageKind,
  serviceUrl: string,
  token: string,
  query: Query,
  note = '',
): Promise<Row> {
  const pathAndQuery = `${spec.path}?${queryText(query)}`;
  const row = { list: spec.name, page, query: `${shownQuery(query)}${note}` };
  let probe: PageAnswer;
  try {
    probe = await getPage(`${serviceUrl}${spec.path}`, token, query);
  } catch (error) {
    return { ...row, problem: messageOf(error), requests: 0, failed: 1, met: false };
  }
  await load(serviceUrl, pathAndQuery, token, WARMUP_REQUESTS);
  const { samples, seconds, errors } = await load(serviceUrl, pathAndQuery, token, REQUESTS);
  const ms = samples.map((s) => s.ms);
  const p99Ms = percentile(ms, 99);
  const failed = samples.filter((s) => s.status !== 200).length + errors;
  return {
    ...row,
    rows: rowsText(probe),
    requests: samples.length,
    failed,
    p50Ms: round1(percentile(ms, 50)),
    p99Ms: round1(p99Ms),
    maxMs: round1(Math.max(...ms)),
    requestsPerSecond: Math.round(samples.length / seconds),
    met: failed === 0 && p99Ms < TARGET_P99_MS,
  };
}

/** The four measured pages of a list: first, a search, another sort, and the page DEEP_PAGES pages in. */
async function measureList(spec: ListSpec, serviceUrl: string, token: string): Promise<Row[]> {
  const first = { ...spec.base, sort: spec.defaultSort, limit: LIMIT };
  const rows = [
    await measure(spec, 'first', serviceUrl, token, first),
    await measure(spec, 'search', serviceUrl, token, { ...spec.base, q: spec.search, limit: LIMIT }),
    await measure(spec, 'sorted', serviceUrl, token, { ...spec.base, sort: spec.otherSort, limit: LIMIT }),
  ];
  try {
    const { cursor, depth } = await deepCursor(`${serviceUrl}${spec.path}`, token, first);
    rows.push(await measure(spec, 'deep', serviceUrl, token, { ...first, cursor }, ` (page ${depth + 1})`));
  } catch (error) {
    const problem = `following next_cursor: ${messageOf(error)}`;
    rows.push({
      list: spec.name,
      page: 'deep',
      query: shownQuery(first),
      problem,
      requests: 0,
      failed: 1,
      met: false,
    });
  }
  return rows;
}

function listSpecs(seeded: Seeded): ListSpec[] {
  return [
    {
      name: 'users',
      service: 'auth',
      path: API_PATHS.users,
      base: {},
      defaultSort: USERS_PAGE.defaultSort,
      search: 'garcia',
      otherSort: 'name',
    },
    {
      name: 'devices',
      service: 'licensing',
      path: API_PATHS.devices,
      base: {},
      defaultSort: DEVICES_PAGE.defaultSort,
      search: 'pixel',
      otherSort: '-last_seen',
    },
    {
      name: 'promo codes',
      service: 'licensing',
      path: API_PATHS.promoCodes,
      base: {},
      defaultSort: PROMO_CODES_PAGE.defaultSort,
      search: 'brisket',
      otherSort: '-used_count',
    },
    {
      name: `credit ledger (user ${seeded.longLedgerUserId})`,
      service: 'licensing',
      path: API_PATHS.credits,
      base: { user_id: String(seeded.longLedgerUserId) },
      defaultSort: LEDGER_PAGE.defaultSort,
      search: 'adjust',
      otherSort: '-delta',
    },
    {
      name: 'signup events',
      service: 'auth',
      path: API_PATHS.signupEvents,
      base: {},
      defaultSort: SIGNUP_EVENTS_PAGE.defaultSort,
      search: 'garcia',
      otherSort: 'email',
    },
    {
      name: 'audit (accounts)',
      service: 'auth',
      path: API_PATHS.auditAccounts,
      base: {},
      defaultSort: AUDIT_PAGE.defaultSort,
      search: 'garcia',
      otherSort: 'action',
    },
    {
      name: 'audit (licensing)',
      service: 'licensing',
      path: API_PATHS.auditLicensing,
      base: {},
      defaultSort: AUDIT_PAGE.defaultSort,
      search: 'revoke',
      otherSort: 'action',
    },
  ];
}

const figure = (n: number | undefined) => (n === undefined ? '-' : String(n));

function printTable(rows: readonly Row[]) {
  const header = ['list', 'page', 'query', 'p50 ms', 'p99 ms', 'max ms', 'req/s', 'rows', 'errors', 'target'];
  const cells = rows.map((r) => [
    r.list,
    r.page,
    r.query,
    figure(r.p50Ms),
    figure(r.p99Ms),
    figure(r.maxMs),
    r.requestsPerSecond === undefined ? '-' : fmt(r.requestsPerSecond),
    r.rows ?? 'not measured',
    r.problem ? 'not a page' : r.failed ? `${r.failed} of ${r.requests}` : '0',
    `p99 < ${TARGET_P99_MS} ms ${r.met ? 'PASS' : 'MISS'}`,
  ]);
  const numeric = new Set([3, 4, 5, 6]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    `  ${c.map((v, i) => (numeric.has(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  for (const r of rows) if (r.problem) console.log(`  ${r.list} ${r.page}: ${r.problem}`);
}

// ---------------------------------------------------------------------------------------------------------

const dataServers = await provisionDataServers();
const pgAdminUrl = process.env.PG_ADMIN_URL ?? dataServers.adminUrl;
const redisUrl = dataServers.redisUrl;
cleanups.push(() => stopDataServersUnlessShared(dataServers, { adminUrl: pgAdminUrl, redisUrl }));

try {
  const data = await createBenchData(pgAdminUrl, redisUrl);
  cleanups.push(() => data.drop());
  console.log(
    `admin lists: ${fmt(SIZES.users)} users, ${fmt(SIZES.devices)} devices, ${fmt(SIZES.signupEvents)} signup events, ${fmt(SIZES.promoCodes)} promo codes in ${new URL(data.databaseUrl).pathname.slice(1)} (service LOG_LEVEL ${logLevel})`,
  );
  await migrateBoth(data.databaseUrl);
  const seeded = await withClient(data.databaseUrl, (client) => seedAdminData(client, SIZES));
  const steps = Object.entries(seeded.stepsMs).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`);
  console.log(`  seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${steps.join(', ')})`);
  console.log(
    `  rows: ${Object.entries(seeded.counts)
      .map(([t, n]) => `${t} ${fmt(n)}`)
      .join(', ')}`,
  );

  if (EXPLAIN_MS !== undefined) await explainSlowStatements(data.databaseUrl, EXPLAIN_MS);
  const urls = await startServices(data, seeded.adminEmail);
  const token = await accessTokenSigner(JWT_SECRET, JWT_AUDIENCE)(seeded.adminId);
  const me = await fetch(`${urls.auth}${API_PATHS.me}`, { headers: { authorization: `Bearer ${token}` } });
  const meBody = (await me.json()) as { is_admin?: boolean };
  if (me.status !== 200 || meBody.is_admin !== true) {
    throw new Error(
      `the seeded admin's token: GET ${API_PATHS.me} answered ${me.status} ${JSON.stringify(meBody)}`,
    );
  }

  const actionsStarted = performance.now();
  await mapLimit(
    [...authActions(urls.auth, token), ...licensingActions(urls.licensing, token)],
    CONNECTIONS,
    (act) => act(),
  );
  const failedActions = [...actionFailures.values()].reduce((sum, f) => sum + f.count, 0);
  const audit: Record<string, number | undefined> = {};
  await withClient(data.databaseUrl, async (client) => {
    for (const table of Object.values(AUDIT_TABLES))
      audit[table] = await growAuditHistory(client, table, AUDIT_ROWS);
  });
  console.log(
    `  admin actions: ${fmt(ADMIN_ACTIONS)} on each service in ${((performance.now() - actionsStarted) / 1000).toFixed(1)} s${failedActions ? `, ${fmt(failedActions)} failed` : ''}; audit rows: ${Object.entries(
      audit,
    )
      .map(([t, n]) => `${t} ${n === undefined ? 'missing' : fmt(n)}`)
      .join(', ')}`,
  );
  for (const [kind, { count, example }] of actionFailures)
    console.log(`    ${kind}: ${count} times, e.g. ${example}`);

  console.log(
    `  each row: ${REQUESTS} GETs at ${CONNECTIONS} concurrent after ${WARMUP_REQUESTS} not counted; deep = the page after ${DEEP_PAGES} pages of ${LIMIT} by next_cursor`,
  );
  // The machine's load (1-minute average) around the measurements: figures taken beside other work are slower.
  const loadBefore = os.loadavg()[0]!;
  const rows: Row[] = [];
  for (const spec of listSpecs(seeded)) rows.push(...(await measureList(spec, urls[spec.service], token)));
  const loadAfter = os.loadavg()[0]!;
  printTable(rows);
  console.log(
    `  load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${os.cpus().length} CPUs`,
  );
  const errors = rows.reduce((sum, r) => sum + r.failed, 0) + failedActions;
  const named = (some: readonly Row[]) => some.map((r) => `${r.list} ${r.page}`).join(', ');
  const misses = rows.filter((r) => !r.met && !r.problem);
  const unmeasured = rows.filter((r) => r.problem);
  console.log(
    [
      `  ${rows.filter((r) => r.met).length} of ${rows.length} PASS`,
      misses.length ? `MISS: ${named(misses)}` : '',
      unmeasured.length ? `not measured: ${named(unmeasured)}` : '',
      errors ? `${fmt(errors)} errors` : '',
    ]
      .filter(Boolean)
      .join('; '),
  );
  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'admin.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        logLevel,
        sizes: SIZES,
        seeding: { totalMs: seeded.totalMs, stepsMs: seeded.stepsMs, counts: seeded.counts },
        audit,
        adminActions: { perService: ADMIN_ACTIONS, failed: Object.fromEntries(actionFailures) },
        load: { requests: REQUESTS, connections: CONNECTIONS, limit: Number(LIMIT), deepPages: DEEP_PAGES },
        target: { p99Ms: TARGET_P99_MS },
        loadAverage: { before: loadBefore, after: loadAfter, cpus: os.cpus().length },
        rows,
      },
      null,
      2,
    ),
  );
  if (errors) process.exitCode = 1;
  if (HOLD) {
    console.log(
      `  holding (BENCH_ADMIN_HOLD): database ${data.databaseUrl}, auth ${urls.auth}, licensing ${urls.licensing}; Ctrl-C ends`,
    );
    await new Promise<void>((resolve) => (releaseHold = resolve));
  }
} catch (error) {
  // After Ctrl-C the clean-up cuts what was running: that is no failure to report.
  if (!interrupted) console.error(`admin bench failed: ${stackOf(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

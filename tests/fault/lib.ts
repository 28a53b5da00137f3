// Shared by the fault tests: the scaled stack (2 instances of each service, 3 notifier workers, the gateway)
// on a PRIVATE PostgreSQL cluster and a PRIVATE Redis (scripts/lib/provision.mjs startPrivatePostgres /
// startPrivateRedis: own data folders under .data/fault-*, own ports), so that a test may stop, kill and
// restart them without touching the project's shared servers; a load client that calls the API as the
// browser does (contracts' ApiClient, with the retry rules of cook-app's outbox); PASS/FAIL reporting; and
// a clean-up of everything (processes, servers, data folders) that runs on failure and on Ctrl-C too.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  createApiClient,
  createMemoryStorage,
  createSessionStore,
  type HttpMethod,
  type LoginResponse,
  type MeResponse,
  type SessionStore,
} from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { PushScheduleBody, PushStepAlertData } from '@pitclock/contracts/push';
import type { PushReceiver, TestSubscription } from '@pitclock/notifier/test-support/push-receiver';
import pg from 'pg';
// The browser's rules for calls that must get through (cook-app's outbox): network failures, 408, 429 and
// 5xx are tried again with a growing, jittered delay; other 4xx are final.
import { backoffMs, verdictOf, type OutboxCall } from '../../cook-app/src/features/push/outbox';
import {
  ensureDatabase,
  portOpen,
  scaledInstances,
  startPrivatePostgres,
  startPrivateRedis,
  startStack,
  type PrivatePostgres,
  type PrivateRedis,
  type Stack,
  type StackProcess,
} from '../support/scripts-lib';

export const root = path.resolve(import.meta.dirname, '..', '..');

export interface FaultStackOptions {
  name: string;
  gatewayPort: number;
  /** The local https Web Push receiver too (the notifier trusts its CA). */
  pushReceiver?: boolean;
  env?: Record<string, string>;
}

/** The scaled stack on private data servers: see startFaultStack. */
export interface FaultStack {
  stack: Stack;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  receiver: PushReceiver | undefined;
  env: Record<string, string>;
  databaseUrl: string;
  gatewayUrl: string;
  /** Rows of a query on the stack's database. */
  query: <R extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<R[]>;
  restartedProcesses: () => string[];
}

/** A process's GET /readyz: its status (0 when it did not answer) and its checks. */
export interface Readiness {
  name: string;
  status: number;
  checks?: unknown;
}
export type ReadinessSample = Readiness & { at: number };

/** One HTTP exchange of a load client, as it went on the wire. */
export interface Exchange {
  client: string;
  method: string;
  path: string;
  startedAt: number;
  endedAt?: number;
  status?: number;
  contentType?: string;
  retryAfter?: string | null;
  /** The whole body, when it came. */
  text?: string;
  /** The error code of a failed exchange (ECONNREFUSED, UND_ERR_SOCKET, ...). */
  error?: string;
  /** Headers came, then the connection broke. */
  cut?: boolean;
}

/**
 * What a logical call came to: 'ok' (with its data), 'failed' or 'ambiguous' (a POST that may have been
 * applied), after `tries` HTTP tries.
 */
export type CallResult<T = unknown> =
  | { outcome: 'ok'; data: T; tries: number; status?: undefined; error?: undefined }
  | { outcome: 'failed' | 'ambiguous'; status: number; tries: number; error: string };

export interface LoadClient {
  name: string;
  session: SessionStore;
  call: <T = unknown>(
    method: HttpMethod,
    apiPath: string,
    body?: unknown,
    options?: { auth?: boolean; deadlineMs?: number },
  ) => Promise<CallResult<T>>;
  register: (email: string, password: string, displayName?: string) => Promise<CallResult>;
  signIn: (email: string, password: string) => Promise<LoginResponse>;
  me: () => Promise<MeResponse>;
}

/** A registered, signed-in user of a scenario. */
export interface FaultUser {
  client: LoadClient;
  email: string;
  id: number;
}

/** A logical call of a load: its lane, what it was, when, and what it came to. */
export type Op = { lane: string; what: string; startedAt: number; endedAt: number } & CallResult;
export interface OpLog {
  ops: Op[];
  run: (lane: string, what: string, call: () => Promise<CallResult>) => Promise<CallResult>;
}

/** The name of a thrown error (AbortError, TypeError, ...), when it has one. */
const nameOf = (error: unknown): string | undefined => {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const verbose = process.env.FAULT_VERBOSE === '1';
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;

/** A line of the test's story, with the seconds since the script started. */
export const say = (message: string) => console.log(`[${clock()}] ${message}`);

// ---------------------------------------------------------------------------------------------------------
// Reporting and clean-up.

const cleanups: (() => Promise<unknown>)[] = [];
/** Runs at the end (last registered first), whatever happened. */
export const onCleanup = (step: () => Promise<unknown>) => cleanups.push(step);

async function cleanUp() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** What a scenario reports each check to: it prints PASS or FAIL and answers whether the check passed. */
export interface Report {
  check: (name: string, ok: unknown, detail?: string) => boolean;
}

/**
 * Runs one fault scenario: main(report) does the work and calls report.check(); everything registered with
 * onCleanup is undone afterwards (also when main throws, and on SIGINT/SIGTERM). Exits 1 when a check
 * failed or main threw, else 0.
 */
export async function runScenario(title: string, main: (report: Report) => Promise<void>): Promise<never> {
  const results: { name: string; ok: boolean }[] = [];
  const report: Report = {
    check(name, ok, detail) {
      results.push({ name, ok: Boolean(ok) });
      console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
      return Boolean(ok);
    },
  };
  let interrupted = false;
  const abort = (why: string, code: number) => (error?: unknown) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${why}${error instanceof Error ? `: ${error.stack}` : ''}; cleaning up`);
    void cleanUp().then(() => process.exit(code));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, abort(signal, 130));
  // Whatever escapes main (a stray rejection) still stops the processes and removes the servers.
  process.once('uncaughtException', abort('uncaught exception', 1));
  process.once('unhandledRejection', abort('unhandled rejection', 1));
  console.log(`== ${title}`);
  try {
    await main(report);
  } catch (error) {
    report.check(
      'the scenario ran to its end',
      false,
      (error instanceof Error ? error.stack : undefined) ?? String(error),
    );
  } finally {
    if (!interrupted) {
      say('cleaning up');
      await cleanUp();
    }
  }
  const failed = results.filter((result) => !result.ok);
  console.log(
    `== ${title}: ${results.length - failed.length} passed, ${failed.length} failed` +
      (failed.length ? `\n   failed: ${failed.map((result) => result.name).join('; ')}` : ''),
  );
  process.exit(failed.length ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------------------
// The stack on private data servers.

export const admin: { email: string; password: string } = {
  email: 'fault-admin@pitclock.test',
  password: 'fault-admin-password-1',
};

/**
 * Private PostgreSQL and Redis, a fresh database, and the scaled stack on gatewayPort with a unique Redis
 * key prefix; with `pushReceiver` the local https Web Push receiver too (the notifier trusts its CA).
 * Every part is removed at clean-up. Resolves once every process answers /readyz.
 */
export async function startFaultStack(
  options: FaultStackOptions & { pushReceiver: true },
): Promise<FaultStack & { receiver: PushReceiver }>;
export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack>;
export async function startFaultStack({
  name,
  gatewayPort,
  pushReceiver = false,
  env: extraEnv = {},
}: FaultStackOptions): Promise<FaultStack> {
  // The gateway's port, the first instances' just above it, the further instances' from gatewayPort + 20.
  const ports = [0, 1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 25].map((offset) => gatewayPort + offset);
  const taken = (await Promise.all(ports.map(async (port) => ((await portOpen(port)) ? port : 0)))).filter(
    Boolean,
  );
  if (taken.length) {
    throw new Error(
      `ports in use: ${taken.join(', ')} (another stack runs there; choose another gateway port)`,
    );
  }
  const suffix = randomBytes(4).toString('hex');
  say('starting a private PostgreSQL and a private Redis');
  const postgres = await startPrivatePostgres({ name });
  onCleanup(() => postgres.remove());
  const redis = await startPrivateRedis({ name });
  onCleanup(() => redis.remove());
  const database = `pitclock_fault_${name.replaceAll('-', '_')}_${suffix}`;
  await ensureDatabase(postgres.adminUrl, database);
  const databaseUrl = postgres.databaseUrl(database);

  let receiver: PushReceiver | undefined;
  let receiverEnv = {};
  if (pushReceiver) {
    const { startPushReceiver, pushReceiverCaPath } =
      await import('@pitclock/notifier/test-support/push-receiver');
    const started = await startPushReceiver();
    receiver = started;
    onCleanup(() => started.close());
    receiverEnv = { PUSH_ALLOWED_ORIGINS: receiver.origin, NODE_EXTRA_CA_CERTS: pushReceiverCaPath };
  }

  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `pitclock-fault-${name}-${suffix}:`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Every client signs in from 127.0.0.1: the per-IP limits that protect production would stop the load.
    LOGIN_LIMIT_PER_IP_PER_MINUTE: '100000',
    LOGIN_FAILURES_PER_IP_PER_HOUR: '100000',
    REGISTER_LIMIT_PER_IP_PER_MINUTE: '100000',
    ...receiverEnv,
    ...extraEnv,
  };
  say(
    `starting the scaled stack on :${gatewayPort} (PostgreSQL :${postgres.port}, Redis :${redis.port}, ` +
      `database ${database})`,
  );
  const began = Date.now();
  const stack = await startStack({ gatewayPort, env, quiet: !verbose, instances: scaledInstances });
  onCleanup(() => stack.stop());
  await waitUntil(async () => (await readiness(stack.processes)).every((r) => r.status === 200), {
    timeoutMs: 60_000,
    what: 'every process ready',
  });
  say(
    `stack ready in ${((Date.now() - began) / 1000).toFixed(1)} s: ` +
      stack.processes.map((proc) => `${proc.name}:${proc.port}`).join(' '),
  );

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 3_000 });
  pool.on('error', () => {}); // idle clients die with a PostgreSQL outage
  onCleanup(() => pool.end());
  const pids = new Map(stack.processes.map((proc) => [proc.name, proc.child.pid]));
  return {
    stack,
    postgres,
    redis,
    receiver,
    env,
    databaseUrl,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    query: async <R extends pg.QueryResultRow>(text: string, params?: unknown[]) =>
      (await pool.query<R>(text, params)).rows,
    /** The processes that exited or were replaced since the start (none, when nothing was restarted). */
    restartedProcesses: () =>
      stack.processes
        .filter(
          (proc) =>
            pids.get(proc.name) !== proc.child.pid ||
            proc.child.exitCode !== null ||
            proc.child.signalCode !== null,
        )
        .map((proc) => proc.name),
  };
}

export async function waitUntil(
  check: () => unknown,
  { timeoutMs = 30_000, intervalMs = 200, what = 'condition' } = {},
): Promise<true> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

/** Each process's GET /readyz: its status (0 when it did not answer) and its checks. */
export async function readiness(processes: readonly StackProcess[]): Promise<Readiness[]> {
  return Promise.all(
    processes.map(async (proc) => {
      try {
        const response = await fetch(`${proc.url}/readyz`, { signal: AbortSignal.timeout(3_000) });
        const body = (await response.json().catch(() => undefined)) as { checks?: unknown } | undefined;
        return { name: proc.name, status: response.status, checks: body?.checks };
      } catch {
        return { name: proc.name, status: 0 };
      }
    }),
  );
}

/** Requests an instance served on /api routes (its http_request_duration_seconds counts); null when down. */
export async function apiRequestsServed(proc: StackProcess): Promise<number | null> {
  try {
    const text = await (await fetch(`${proc.url}/metrics`, { signal: AbortSignal.timeout(3_000) })).text();
    let total = 0;
    for (const match of text.matchAll(
      /^http_request_duration_seconds_count\{[^}]*route="(\/api\/[^"]*)"[^}]*\} (\d+)/gm,
    )) {
      total += Number(match[2]);
    }
    return total;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The load client.

/** The error code (ECONNREFUSED, UND_ERR_SOCKET, ...) under a fetch failure or an ApiError wrapping one. */
export function causeCode(error: unknown): string | undefined {
  // Any thrown value, read as the errors fetch and the API client throw (code, name, cause).
  type Thrown = { code?: unknown; name?: unknown; cause?: unknown } | null | undefined;
  for (let current = error as Thrown, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && current.name !== 'ApiError') return current.code;
    current = current.cause as Thrown;
  }
  return undefined;
}

/** What the one error shape of every service allows: { error: code, message: text, details? }, nothing more. */
export function errorShapeProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not a JSON object';
  const keys = Object.keys(body);
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || typeof message !== 'string') return 'no error code and message';
  const extra = keys.filter((key) => !['error', 'message', 'details'].includes(key));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  const text = JSON.stringify(body);
  if (/\n[^\S\n]+at |stack|ECONNREFUSED|terminat|postgres|redis|pg_|sql/i.test(text)) {
    return `internals in the body: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * A client as the browser's: contracts' ApiClient (base URL, bearer, refresh-and-retry once on 401) with
 * an in-memory session, and around it the outbox's retry rules (verdictOf, backoffMs) for calls that are
 * safe to repeat: GET, PUT, DELETE. A POST is tried again only when its connection was never made
 * (ECONNREFUSED: it cannot have reached a server); any other failure of a POST is final, and its effect
 * unknown ('ambiguous'). Every HTTP exchange is recorded in `exchanges` (status, complete body or not).
 */
export function createLoadClient({
  baseUrl,
  name,
  exchanges = [],
  timeoutMs = 20_000,
}: {
  baseUrl: string;
  name: string;
  exchanges?: Exchange[];
  timeoutMs?: number;
}): LoadClient {
  const storage = createMemoryStorage();
  const session = createSessionStore({ local: storage, session: createMemoryStorage() });
  const recordingFetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const exchange: Exchange = {
      client: name,
      method: init.method ?? 'GET',
      path: url.pathname,
      startedAt: Date.now(),
    };
    exchanges.push(exchange);
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      exchange.endedAt = Date.now();
      exchange.error = causeCode(error) ?? nameOf(error) ?? 'error';
      throw error;
    }
    exchange.status = response.status;
    exchange.contentType = response.headers.get('content-type') ?? '';
    exchange.retryAfter = response.headers.get('retry-after');
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // Headers came, then the connection broke: the answer was cut off mid-way.
      exchange.endedAt = Date.now();
      exchange.cut = true;
      exchange.error = causeCode(error) ?? nameOf(error) ?? 'error';
      throw error;
    }
    exchange.endedAt = Date.now();
    exchange.text = text;
    return new Response(text === '' ? null : text, { status: response.status, headers: response.headers });
  };
  const api = createApiClient({
    session,
    fetch: recordingFetch,
    base: `${baseUrl}/api`,
    onSessionExpired: () => {},
  });

  /**
   * One call until it succeeds or its failure is final. Answers { outcome: 'ok' | 'failed' | 'ambiguous',
   * data, status, tries, error }. 'ambiguous': a POST that may have reached a service and was not answered
   * with success (a reset connection, a 502/503/504): it may or may not have been applied.
   */
  async function call<T = unknown>(
    method: HttpMethod,
    apiPath: string,
    body?: unknown,
    { auth = true, deadlineMs = 30_000 } = {},
  ): Promise<CallResult<T>> {
    const idempotent = method !== 'POST';
    const until = Date.now() + deadlineMs;
    for (let tries = 1; ; tries += 1) {
      try {
        // The answer of the call's success status (the services' own tests check its shape).
        const data = await api.request<T>(apiPath, { method, body, auth, timeoutMs });
        return { outcome: 'ok', data, tries };
      } catch (thrown) {
        // The API client throws its ApiError (status, kind, code); read any other value the same way.
        const error = thrown as { status?: number; kind?: string; code?: string } | null | undefined;
        const status = error?.status ?? 0;
        const neverConnected = causeCode(error) === 'ECONNREFUSED';
        const verdict = verdictOf(
          thrown,
          // verdictOf reads the method only to tell a DELETE (whose 404 means done): any method fits.
          { key: apiPath, method, path: apiPath } as OutboxCall,
          session.getToken() !== null,
        );
        const retry = verdict.kind === 'retry' && (idempotent || neverConnected);
        if (retry && Date.now() < until) {
          await sleep(Math.min(verdict.afterMs ?? backoffMs(tries, Math.random), until - Date.now()));
          continue;
        }
        const transient = verdict.kind === 'retry';
        return {
          outcome: !idempotent && transient && !neverConnected ? 'ambiguous' : 'failed',
          status,
          tries,
          error: `${status || causeCode(error) || error?.kind || 'error'} ${error?.code ?? ''}`.trim(),
        };
      }
    }
  }

  return {
    name,
    session,
    call,
    async register(email, password, displayName = name) {
      return call(
        'POST',
        API_PATHS.register,
        { email, password, display_name: displayName, device_info: { device_id: `fault-${name}`, name } },
        { auth: false },
      );
    },
    async signIn(email, password) {
      const answer = await call<LoginResponse>('POST', API_PATHS.login, { email, password }, { auth: false });
      if (answer.outcome !== 'ok') throw new Error(`${name} could not sign in: ${answer.error}`);
      session.setTokens({ token: answer.data.token, refresh_token: answer.data.refresh_token });
      return answer.data;
    },
    async me() {
      const answer = await call<MeResponse>('GET', API_PATHS.me);
      if (answer.outcome !== 'ok') throw new Error(`${name}: GET /api/me ${answer.error}`);
      return answer.data;
    },
  };
}

/** Registers and signs in a new user (a fresh e-mail); answers the signed-in client and the user's id. */
export async function newUser(baseUrl: string, name: string, exchanges: Exchange[]): Promise<FaultUser> {
  const client = createLoadClient({ baseUrl, name, exchanges });
  const email = `${name}-${randomBytes(4).toString('hex')}@pitclock.test`;
  const password = 'fault-password-1';
  const registered = await client.register(email, password);
  if (registered.outcome !== 'ok') throw new Error(`${name} could not register: ${registered.error}`);
  await client.signIn(email, password);
  const me = await client.me();
  return { client, email, id: me.id };
}

/** A run's schedule as the cook-app sends it: `dueTimes` (epoch ms) become its steps. */
export function scheduleBody(dueTimes: readonly number[], stepPrefix = 'step'): PushScheduleBody {
  return {
    contest_id: 'fault-contest',
    contest_name: 'Fault Smoke-off',
    time_zone: 'Europe/Berlin',
    steps: dueTimes.map((dueMs, i) => ({
      id: `${stepPrefix}-${i + 1}`,
      name: `Spritz ${i + 1}`,
      template_name: 'Brisket 225F',
      scheduled_at: new Date(dueMs).toISOString(),
      done: false,
      dismissed: false,
    })),
  };
}

/**
 * Runs `loop(i)` over and over in `clients` concurrent lanes until stop() is called; stop() resolves
 * when every lane has finished its current call.
 */
export function runLoad(
  lanes: readonly ((i: number) => Promise<unknown>)[],
  pauseMs = 100,
): { stop: () => Promise<void> } {
  let running = true;
  const done = lanes.map(async (lane) => {
    for (let i = 0; running; i += 1) {
      await lane(i);
      await sleep(pauseMs);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(done);
    },
  };
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

/** Counts of the exchanges by status (or error code), e.g. "200:512 502:1 ECONNREFUSED:2". */
export const statusTally = (exchanges: readonly Exchange[]) => {
  const tally = new Map<string, number>();
  for (const exchange of exchanges) {
    const key = exchange.cut ? `cut(${exchange.error})` : String(exchange.status ?? exchange.error);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return [...tally.entries()]
    .sort()
    .map(([key, n]) => `${key}:${n}`)
    .join(' ');
};

/** Polls every process's /readyz until stop(): samples of { at, name, status }. */
export function watchReadiness(
  processes: readonly StackProcess[],
  intervalMs = 250,
): { samples: ReadinessSample[]; stop: () => Promise<void> } {
  const samples: ReadinessSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      for (const sample of await readiness(processes)) samples.push({ at, ...sample });
      await sleep(intervalMs);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** The logical calls of a load (each possibly several HTTP tries): { lane, what, startedAt, endedAt, outcome, tries, error }. */
export function createOpLog(): OpLog {
  const ops: Op[] = [];
  return {
    ops,
    async run(lane, what, call) {
      const startedAt = Date.now();
      const result = await call();
      ops.push({ lane, what, startedAt, endedAt: Date.now(), ...result });
      return result;
    },
  };
}

/**
 * The credits a load POSTed for one user (op 'POST credits' in the op log) beside what the database holds:
 * { posted, acked, unknown (cut off with no answer), ledger (rows), balance }. Exactly once means
 * acked <= ledger <= acked + unknown, and balance = ledger (each credit adds 1).
 */
export async function creditTally(log: OpLog, fault: FaultStack, userId: number) {
  const credits = log.ops.filter((op) => op.what === 'POST credits');
  // One row: two scalar subqueries.
  const [row] = await fault.query<{ ledger: number; balance: number | null }>(
    `select (select count(*)::int from credit_ledger where user_id = $1) as ledger,
            (select balance from credit_balances where user_id = $1) as balance`,
    [userId],
  );
  const { ledger, balance } = row!;
  return {
    posted: credits.length,
    acked: credits.filter((op) => op.outcome === 'ok').length,
    unknown: credits.filter((op) => op.outcome === 'ambiguous').length,
    ledger,
    balance,
  };
}

/** Checks on every exchange that got an answer: a well-formed body; for an error, the one error shape. */
export function malformedAnswers(exchanges: readonly Exchange[]): string[] {
  const problems: string[] = [];
  for (const exchange of exchanges) {
    if (exchange.status === undefined || exchange.cut) continue;
    const where = `${exchange.method} ${exchange.path} ${exchange.status}`;
    if (exchange.text === '' && (exchange.status === 204 || exchange.status === 304)) continue;
    let body: unknown;
    try {
      body = JSON.parse(String(exchange.text));
    } catch {
      problems.push(`${where}: not JSON: ${String(exchange.text).slice(0, 120)}`);
      continue;
    }
    if (!/application\/json/.test(exchange.contentType ?? ''))
      problems.push(`${where}: content-type ${exchange.contentType}`);
    if (exchange.status >= 400) {
      const problem = errorShapeProblem(body);
      if (problem) problems.push(`${where}: ${problem}`);
    }
  }
  return problems;
}

/**
 * The due-now pushes received, by "endpoint runId stepId" (or "endpoint runId" with `byStep: false`):
 * their arrival times (decrypted payloads).
 */
export function deliveredDueNow(
  receiver: PushReceiver,
  users: readonly { subscription: TestSubscription }[],
  { byStep = true } = {},
): Map<string, number[]> {
  const byEndpoint = new Map(users.map((user) => [user.subscription.endpoint, user.subscription]));
  const got = new Map<string, number[]>();
  for (const push of receiver.received()) {
    const subscription = byEndpoint.get(push.endpoint);
    if (!subscription) continue;
    let data: Partial<PushStepAlertData>;
    try {
      // What the notifier pushes (a PushPayload), as far as the fault tests read it.
      data =
        (JSON.parse(subscription.decrypt(push.body)) as { data?: Partial<PushStepAlertData> }).data ?? {};
    } catch {
      continue;
    }
    if (data.stage !== 'due-now') continue;
    const key = byStep ? `${push.endpoint} ${data.runId} ${data.stepId}` : `${push.endpoint} ${data.runId}`;
    got.set(key, [...(got.get(key) ?? []), push.receivedAtMs]);
  }
  return got;
}

/** JSON.parse, or undefined for text that is not JSON. */
export function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(String(text)) as unknown;
  } catch {
    return undefined;
  }
}

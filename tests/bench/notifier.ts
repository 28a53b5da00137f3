// Prints the notifier's step-alert figures (issue 8), measured end to end: PUT schedule -> Bull delayed jobs
// -> 2 worker processes -> Web Push (VAPID, aes128gcm) -> a local https push receiver that records when each
// push arrived and decrypts it with the subscription's private key.
//
//   node --import tsx tests/bench/notifier.ts            (from the repository root)
//
// Setup: 500 users, each with one subscription on the receiver (POST /api/push/subscribe with an access
// token signed here with the JWT_SECRET the services were given, as the auth service signs them: HS256,
// aud, sub). The real API process (src/main.ts) and 2 worker processes (src/worker.ts) are started as
// `node --import tsx` in services/notifier with the environment only, on a database and a Redis key prefix
// of their own that are removed afterwards (Bull's keys live under the prefix), with the notifier's default
// BULL_LOCK_DURATION_MS / BULL_STALLED_INTERVAL_MS / PUSH_TIMEOUT_MS. WORKER_CONCURRENCY is
// BENCH_WORKER_CONCURRENCY (default below, the best of the values tried on the 2-core machine).
// PostgreSQL and Redis come from scripts/lib/provision.mjs (the project's local servers, started when not
// running); servers it started are stopped at the end unless another program (an e2e stack) uses them by
// then (lib.ts stopDataServersUnlessShared).
//
// Phases (each run's schedule has 20 steps; every step also plans 4 overdue reminders 65-260 s after it is
// due: each phase ends long before those and DELETEs its schedules, so only due-now pushes are counted,
// and any reminder that still arrives is reported):
//   0. warm-up: 2,000 due-now pushes over 2 s (the steady rate), not reported (JIT, TLS sessions, pools).
// The receiver keeps idle connections 2 minutes: with Node's default of 5 s it dropped every worker
// connection in the quiet seconds between phases, and each phase began with 120 new TLS handshakes (the
// first second of the steady phase ran ~15 % behind and set its p99); a push service under steady load
// keeps its connections busy.
//   1. steady: 10,000 due-now notifications due 1 ms apart over a 10 s window (1,000 due per second)
//      starting 15 s after the first PUT (all PUTs are done first). Lateness = the receiver's arrival
//      time - the step's due time (one clock). p50/p99/max, deliveries in the busiest 1-s bucket and the
//      mean; lost = never received by due + 30 s; duplicates = one (subscription, run, step, stage) received
//      twice or more (read from the decrypted payloads).
//   2. burst (capacity): another 10,000 due within 1 s. With 1,000 due per second the busiest second of
//      phase 1 cannot exceed ~1,000, so the "at least 2,000 deliveries per second at peak" target is
//      measured here, where the backlog keeps both workers saturated: the busiest 1-s bucket while the
//      queue drains.
//   3. recovery: 1,000 due over 2 s; the first pushes get a 1.5 s reply from the receiver so that every
//      job slot of both workers is busy, then one worker is SIGKILLed. Recovery time = from the kill until
//      every notification of the batch has been received and its job completed (the dead worker's jobs are
//      taken over by the other once their locks lapse). The jobs it held are read from Bull (their
//      stalledCounter); their in-flight pushes are sent again by design (at-least-once: the Topic and the
//      notification tag make the second replace the first), so they are reported apart from duplicates.
//
// Each phase also prints where the CPU went while it delivered (per process, from /proc: CPU ms per delivery
// of the workers, PostgreSQL, Redis, the API, the receiver, and what other processes on the machine took),
// Redis's commands per delivery (INFO commandstats), and for the recovery the held jobs' lock times and
// when Bull's stalled checks ran. These explain the figures; only the ones with a target get PASS/MISS.
// BENCH_WORKER_CONCURRENCY, BENCH_LOG_LEVEL (services' LOG_LEVEL, default warn) and BENCH_NODE_ARGS (extra
// node flags for the notifier processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") change the setup.
//
// The receiver is src/test-support/push-receiver.ts, imported by this script (run through tsx), so that the
// receiver runs in this process. The notifier processes trust
// its test CA through NODE_EXTRA_CA_CERTS=pushReceiverCaPath. Figures go to tests/bench/results/notifier.json.
// Exit 0 when it measured (a MISS is printed, not asserted), 1 when something broke (a process died, ...).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { PushScheduleBody, PushScheduleStep, PushStepAlertData } from '@pitclock/contracts/push';
import type { PushScheduleResponse } from '@pitclock/contracts/schemas';
// The notifier's own job ids, Bull key prefix and worker defaults, so that the bench reads exactly the
// jobs it scheduled and prints the settings the spawned workers run with.
import { workerConfigSchema } from '@pitclock/notifier/config';
import { stepAlertJobId } from '@pitclock/notifier/job-plan';
import { bullPrefix, notificationsQueueName } from '@pitclock/notifier/queue';
import {
  pushReceiverCaPath,
  startPushReceiver,
  type PushReceiver,
  type TestSubscription,
} from '@pitclock/notifier/test-support/push-receiver';
import { Redis } from 'ioredis';
import { provisionDataServers } from '../support/scripts-lib';
import {
  accessTokenSigner,
  cpuShares,
  cpuSnapshot as snapshotCpu,
  deleteRedisKeys,
  fmt,
  freePort,
  mapLimit,
  percentile,
  redisCommandStats,
  sharesText,
  sleep,
  stackOf,
  stopDataServersUnlessShared,
  withClient,
  type CpuShares,
  type RedisCommandStats,
} from './lib';

/** One notification of a phase: the k-th step, its user, run and step, and when it is due. */
interface Item {
  k: number;
  userId: number;
  runId: string;
  stepId: string;
  dueMs: number;
}

/** Each user's subscription on the receiver, by user and by endpoint. */
interface Subscriptions {
  byUser: Map<number, TestSubscription>;
  byEndpoint: Map<string, TestSubscription>;
}

/** A decrypted push, as far as the bench reads it (a PushPayload, from the wire). */
type DecryptedPush = { kind?: string; data?: Partial<PushStepAlertData> };

/** The due-now pushes of a phase's items by key (arrival times), and what else came. */
interface Collected {
  wanted: Map<string, Item>;
  byKey: Map<string, number[]>;
  reminders: number;
  strays: number;
  undecryptable: number;
  pushes: number;
}

/** A job's lock in Bull at the kill: its token, time to live, and when it lapsed (ms after the kill). */
interface HeldLock {
  id: string;
  token: string | null;
  pttl: number;
  lapsedMs: number | undefined;
}

type TimedPhase = ReturnType<typeof figures> & {
  putMs: number;
  jobsPlanned: number;
  deleteMs: number;
  cpu: CpuShares;
  cpuMsPerDelivery: Record<string, number>;
  redis: ReturnType<typeof redisPerDelivery>;
  postgresCommitsPerDelivery: number;
};

const root = path.resolve(import.meta.dirname, '..', '..');
const notifierDir = path.join(root, 'services', 'notifier');
// The worker's defaults, as the spawned workers (given no such variables) read them.
const workerDefaults = workerConfigSchema.parse({
  DATABASE_URL: 'postgres://bench@127.0.0.1/bench',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
});

const USERS = 500;
const WORKERS = 2;
// The workers are CPU-bound (not waiting on the receiver). Since the worker batches its database
// statements (group commit), more jobs at once make bigger batches: 60 beat 30 (PostgreSQL commits per
// delivery 0.45 -> 0.24 in the burst), and leaves room for a real push service's latency.
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 60);
const STEADY = { perUser: 20, windowMs: 10_000, leadMs: 15_000 };
const BURST = { perUser: 20, windowMs: 1_000 };
const RECOVERY = { perUser: 2, windowMs: 2_000, slowReplyMs: 1_500 };
const LOST_AFTER_MS = 30_000; // a notification not received by due + 30 s is lost
const TARGETS = { peakPerS: 2_000, p99Ms: 250, maxMs: 1_000, recoveryMs: 15_000 };
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const JWT_SECRET = randomBytes(48).toString('base64url');
const JWT_AUDIENCE = 'pitclock';
const CONTEST: Omit<PushScheduleBody, 'steps'> = {
  contest_id: 'bench-contest',
  contest_name: 'Bench Smoke-off',
  time_zone: 'Europe/Berlin',
};

/** An access token as the auth service signs it: HS256, aud, sub = user id, 1 hour. */
const accessToken = accessTokenSigner(JWT_SECRET, JWT_AUDIENCE);

// ---------------------------------------------------------------------------------------------------------
// Processes: every child is watched; an exit the bench did not ask for breaks the run (exit 1).

/** A notifier process: its child, whether its exit was asked for, the tail of its output, its warnings. */
interface Proc {
  name: string;
  child: ChildProcess;
  expectedExit: boolean;
  tail: string[];
  warnings: Map<string, number>;
  /** A worker's probes and metrics. */
  url?: string;
}
type Worker = Proc & { url: string };

const processes: Proc[] = [];
const unexpectedExits: string[] = [];

/** Spawns services/notifier/<entry> with env; keeps the tail of its output for a post-mortem. */
function spawnNotifier(name: string, entry: string, env: Record<string, string>): Proc {
  const extra = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', entry], {
    cwd: notifierDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { name, child, expectedExit: false, tail: [], warnings: new Map() };
  const onOutput = (chunk: Buffer) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      proc.tail.push(line);
      if (proc.tail.length > 40) proc.tail.shift();
      // pino levels 40 (warn) and up: counted per message, shown in the report.
      const match = /"level":(\d+),.*"msg":"([^"]*)"/.exec(line);
      const message = match?.[2];
      if (match && message !== undefined && Number(match[1]) >= 40)
        proc.warnings.set(message, (proc.warnings.get(message) ?? 0) + 1);
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  child.once('exit', (code, signal) => {
    if (!proc.expectedExit) {
      unexpectedExits.push(`${name} exited with ${code ?? signal}:\n  ${proc.tail.slice(-15).join('\n  ')}`);
    }
  });
  processes.push(proc);
  return proc;
}

async function waitReady(proc: Proc, url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before it was ready:\n  ${proc.tail.join('\n  ')}`);
    }
    if (Date.now() > deadline) throw new Error(`${proc.name} was not ready within 60 s`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(200);
  }
}

/** SIGTERM (a worker finishes its active jobs), SIGKILL after 10 s. */
async function stopProcess(proc: Proc) {
  proc.expectedExit = true;
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const assertAlive = () => {
  if (unexpectedExits.length) throw new Error(`a process died:\n${unexpectedExits.join('\n')}`);
};

// ---------------------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc, clock ticks of 1/100 s): this bench with the receiver, the API, each
// worker, Redis, PostgreSQL, and everything else on the machine (the rest of /proc/stat's busy time).

/** The CPU ticks of the bench (with the receiver), the API and workers, Redis and PostgreSQL so far. */
function cpuSnapshot() {
  const mine = new Map(processes.map((p) => [p.child.pid, p.name]));
  mine.set(process.pid, 'bench+receiver');
  return snapshotCpu(mine);
}

/**
 * The commands that took most of Redis's time between two readings, as calls per delivery (Redis's own
 * microseconds are left out: on a saturated machine they include the time Redis was not scheduled).
 */
function redisPerDelivery(before: RedisCommandStats, after: RedisCommandStats, deliveries: number) {
  return Object.entries(after)
    .map(([command, { calls, usec }]) => ({
      command,
      calls: calls - (before[command]?.calls ?? 0),
      usec: usec - (before[command]?.usec ?? 0),
    }))
    .filter((c) => c.calls > 0)
    .sort((a, b) => b.usec - a.usec)
    .slice(0, 6)
    .map((c) => ({ command: c.command, perDelivery: Math.round((10 * c.calls) / deliveries) / 10 }));
}

/**
 * The bench database's committed transactions (pg_stat_database): the workers' statements each commit,
 * so per delivery this shows how well the worker's group commit batches (PostgreSQL publishes these
 * counters with up to about a second of delay, small beside a phase).
 */
async function postgresCommits(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ commits: number }>(
      'select xact_commit::int as commits from pg_stat_database where datname = current_database()',
    );
    return rows[0]!.commits;
  });
}

// ---------------------------------------------------------------------------------------------------------
// The stack: data servers, a database and a Redis prefix of our own, the receiver, the API and 2 workers.

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

/** The notifier under test: its API, workers, the receiver, Redis, and the keys and database of the bench. */
interface NotifierStack {
  apiUrl: string;
  workers: Worker[];
  receiver: PushReceiver;
  redis: Redis;
  queueKey: (jobId: string) => string;
  redisUrl: string;
  databaseUrl: string;
}

async function startStack(): Promise<NotifierStack> {
  const dataServers = await provisionDataServers();
  const pgAdminUrl = process.env.PG_ADMIN_URL ?? dataServers.adminUrl;
  const redisUrl = dataServers.redisUrl;
  // Stopped last, and only when nothing else (an e2e stack that started meanwhile) uses them.
  cleanups.push(() => stopDataServersUnlessShared(dataServers, { adminUrl: pgAdminUrl, redisUrl }));
  const suffix = randomBytes(5).toString('hex');
  const database = `pitclock_bench_notifier_${suffix}`;
  const keyPrefix = `pitclock-bench-notifier-${suffix}:`;
  await withClient(pgAdminUrl, (client) => client.query(`CREATE DATABASE "${database}"`));
  cleanups.push(() =>
    withClient(pgAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)),
  );
  const redis = new Redis(redisUrl);
  cleanups.push(async () => {
    // Every key of the prefix: the kit's and Bull's (<prefix>bull:notifications:*).
    await deleteRedisKeys(redis, keyPrefix);
    await redis.quit();
  });
  const databaseUrl = new URL(pgAdminUrl);
  databaseUrl.pathname = `/${database}`;

  const receiver = await startPushReceiver({ keepAliveTimeoutMs: 120_000 });
  cleanups.push(() => receiver.close());

  const common = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    JWT_SECRET,
    JWT_AUDIENCE,
    PUSH_ALLOWED_ORIGINS: receiver.origin,
    NODE_EXTRA_CA_CERTS: pushReceiverCaPath,
  };
  // Stopped in reverse order of start: the workers first (they finish their jobs), then the API.
  const apiPort = await freePort();
  const api = spawnNotifier('api', 'src/main.ts', { ...common, PORT: String(apiPort) });
  cleanups.push(() => stopProcess(api));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitReady(api, apiUrl); // migrations and the VAPID key first, so both workers load the same key
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, async (_, i): Promise<Worker> => {
      const port = await freePort();
      const proc = spawnNotifier(`worker-${i + 1}`, 'src/worker.ts', {
        ...common,
        WORKER_PORT: String(port),
        WORKER_CONCURRENCY: String(CONCURRENCY),
      });
      cleanups.push(() => stopProcess(proc));
      const worker = Object.assign(proc, { url: `http://127.0.0.1:${port}` });
      await waitReady(worker, worker.url);
      return worker;
    }),
  );
  const queueKey = (jobId: string) => `${bullPrefix(keyPrefix)}:${notificationsQueueName}:${jobId}`;
  return { apiUrl, workers, receiver, redis, queueKey, redisUrl, databaseUrl: databaseUrl.toString() };
}

// ---------------------------------------------------------------------------------------------------------
// Calls to the API.

async function call(
  stack: NotifierStack,
  method: string,
  pathname: string,
  userId: number,
  body: unknown,
  okStatuses: number[],
): Promise<unknown> {
  const response = await fetch(`${stack.apiUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(userId)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!okStatuses.includes(response.status)) {
    throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** One subscription on the receiver per user; users are 1..USERS. */
async function subscribeAll(stack: NotifierStack): Promise<Map<number, TestSubscription>> {
  const users = Array.from({ length: USERS }, (_, i) => i + 1);
  const subscriptions = new Map<number, TestSubscription>();
  await mapLimit(users, 16, async (userId) => {
    const subscription = stack.receiver.subscription();
    await call(
      stack,
      'POST',
      API_PATHS.pushSubscribe,
      userId,
      {
        subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
        device_id: `bench-${userId}`,
      },
      [201],
    );
    subscriptions.set(userId, subscription);
  });
  return subscriptions;
}

/**
 * The notifications of a phase: `perUser` steps per user, the k-th (k = 0..n-1) due at
 * startMs + k * windowMs / n, dealt round-robin to the users so that every run spans the window.
 */
function plan(phase: string, perUser: number, startMs: number, windowMs: number): Item[] {
  const n = USERS * perUser;
  const items: Item[] = [];
  for (let k = 0; k < n; k += 1) {
    const userId = (k % USERS) + 1;
    const runId = `${phase}-run-${userId}`;
    const stepId = `${phase}-step-${Math.floor(k / USERS)}`;
    items.push({ k, userId, runId, stepId, dueMs: startMs + Math.floor((k * windowMs) / n) });
  }
  return items;
}

const runsOf = (items: Item[]) => {
  const runs = new Map<string, { userId: number; runId: string; items: Item[] }>();
  for (const item of items) {
    const run = runs.get(item.runId) ?? { userId: item.userId, runId: item.runId, items: [] };
    runs.set(item.runId, run);
    run.items.push(item);
  }
  return [...runs.values()];
};

/** PUTs every run's schedule; answers how long it took and how many jobs the API planned. */
async function schedule(stack: NotifierStack, items: Item[]) {
  const began = Date.now();
  const scheduled = await mapLimit(runsOf(items), 8, async (run) => {
    const steps = run.items.map((item): PushScheduleStep => ({
      id: item.stepId,
      name: `Spritz ${item.stepId}`,
      template_name: 'Brisket 225F',
      scheduled_at: new Date(item.dueMs).toISOString(),
      done: false,
      dismissed: false,
    }));
    const body: PushScheduleBody = { ...CONTEST, steps };
    const answer = await call(
      stack,
      'PUT',
      apiPath(API_PATHS.pushRunSchedule, { runId: run.runId }),
      run.userId,
      body,
      [200],
    );
    // The 200 answer of PUT .../schedule.
    return (answer as PushScheduleResponse).scheduled;
  });
  return { putMs: Date.now() - began, jobs: scheduled.reduce((a, b) => a + b, 0), finishedAt: Date.now() };
}

/** DELETEs the phase's schedules: their waiting reminder jobs are removed, nothing more is sent. */
async function unschedule(stack: NotifierStack, items: Item[]) {
  const began = Date.now();
  await mapLimit(runsOf(items), 8, (run) =>
    call(
      stack,
      'DELETE',
      apiPath(API_PATHS.pushRunSchedule, { runId: run.runId }),
      run.userId,
      undefined,
      [204],
    ),
  );
  return Date.now() - began;
}

// ---------------------------------------------------------------------------------------------------------
// What the receiver got.

const keyOf = (endpoint: string, runId?: string, stepId?: string, stage?: string) =>
  `${endpoint} ${runId} ${stepId} ${stage}`;

/**
 * Decrypts the receiver's pushes from index `from` and groups the due-now ones of `items` by
 * (subscription, run, step, stage); anything else (a reminder, another phase's push) is counted apart.
 */
function collect(
  receiver: PushReceiver,
  subscriptionsByEndpoint: Map<string, TestSubscription>,
  subscriptionsByUser: Map<number, TestSubscription>,
  items: Item[],
  from: number,
): Collected {
  const wanted = new Map(
    items.map((item) => [
      keyOf(subscriptionsByUser.get(item.userId)!.endpoint, item.runId, item.stepId, 'due-now'),
      item,
    ]),
  );
  const byKey = new Map<string, number[]>();
  let reminders = 0;
  let strays = 0;
  let undecryptable = 0;
  const pushes = receiver.received().slice(from);
  for (const push of pushes) {
    const subscription = subscriptionsByEndpoint.get(push.endpoint);
    let payload: DecryptedPush;
    try {
      // What the notifier pushes (a PushPayload), as far as this bench reads it.
      payload = JSON.parse(subscription!.decrypt(push.body)) as DecryptedPush;
    } catch {
      undecryptable += 1;
      continue;
    }
    const { runId, stepId, stage, dueAt } = payload.data ?? {};
    const key = keyOf(push.endpoint, runId, stepId, stage);
    const item = wanted.get(key);
    if (stage !== 'due-now') reminders += 1;
    else if (!item || Date.parse(String(dueAt)) !== item.dueMs) strays += 1;
    else {
      const times = byKey.get(key) ?? [];
      byKey.set(key, times);
      times.push(push.receivedAtMs);
    }
  }
  return { wanted, byKey, reminders, strays, undecryptable, pushes: pushes.length };
}

/** Waits until the receiver has `expected` pushes since index `from` (cheap: no decryption), or the deadline. */
async function waitForPushes(receiver: PushReceiver, from: number, expected: number, deadlineMs: number) {
  for (;;) {
    assertAlive();
    const got = receiver.received().length - from;
    if (got >= expected || Date.now() > deadlineMs) return got;
    await sleep(250);
  }
}

/** Figures of a phase: lateness of each notification's first push, 1-s buckets, lost, duplicates. */
function figures(collected: Collected, items: Item[], startMs: number) {
  const lateness: number[] = [];
  const arrivals: number[] = [];
  let duplicates = 0;
  let lost = 0;
  for (const [key, item] of collected.wanted) {
    const times = collected.byKey.get(key);
    if (!times) {
      lost += 1;
      continue;
    }
    times.sort((a, b) => a - b);
    lateness.push(times[0]! - item.dueMs);
    arrivals.push(...times);
    duplicates += times.length - 1;
  }
  const buckets = new Map<number, number>();
  for (const at of arrivals) {
    const b = Math.floor((at - startMs) / 1000);
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  const lastArrival = arrivals.length ? Math.max(...arrivals) : NaN;
  const firstDue = Math.min(...items.map((item) => item.dueMs));
  return {
    notifications: items.length,
    delivered: lateness.length,
    lost,
    duplicates,
    latenessMs: {
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.length ? Math.max(...lateness) : NaN,
      min: lateness.length ? Math.min(...lateness) : NaN,
    },
    peakPerS: buckets.size ? Math.max(...buckets.values()) : 0,
    meanPerS: arrivals.length / Math.max(0.001, (lastArrival - firstDue) / 1000),
    spanS: (lastArrival - firstDue) / 1000,
    buckets: [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => ({ s, n })),
    reminders: collected.reminders,
    strays: collected.strays,
    undecryptable: collected.undecryptable,
  };
}

async function workerCounters(workers: Worker[]): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const worker of workers) {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue;
    const text = await fetch(`${worker.url}/metrics`).then((r) => r.text());
    for (const match of text.matchAll(/^notifier_push_deliveries_total\{result="(\w+)"[^}]*\} (\d+)/gm)) {
      const result = match[1]!;
      totals[result] = (totals[result] ?? 0) + Number(match[2]);
    }
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------------------
// The phases.

/** Schedules items (due from startMs), waits for their pushes until due + LOST_AFTER_MS, deletes them. */
async function timedPhase(
  stack: NotifierStack,
  subs: Subscriptions,
  name: string,
  items: Item[],
  startMs: number,
): Promise<TimedPhase> {
  const from = stack.receiver.received().length;
  const put = await schedule(stack, items);
  if (put.finishedAt > startMs && name !== 'warm-up') {
    console.warn(`  note: the ${name} PUTs ended ${put.finishedAt - startMs} ms after the first due time`);
  }
  const lastDue = Math.max(...items.map((item) => item.dueMs));
  await sleep(Math.max(0, startMs - Date.now()));
  const cpuBefore = cpuSnapshot();
  const redisBefore = await redisCommandStats(stack.redis);
  const commitsBefore = await postgresCommits(stack.databaseUrl);
  await waitForPushes(stack.receiver, from, items.length, lastDue + LOST_AFTER_MS);
  const cpu = cpuShares(cpuBefore, cpuSnapshot());
  const redisAfter = await redisCommandStats(stack.redis);
  await sleep(1_000); // PostgreSQL's counters lag
  const commits = (await postgresCommits(stack.databaseUrl)) - commitsBefore;
  await sleep(500); // a duplicate would come right after
  const collected = collect(stack.receiver, subs.byEndpoint, subs.byUser, items, from);
  const deleteMs = await unschedule(stack, items);
  const phase = {
    ...figures(collected, items, startMs),
    putMs: put.putMs,
    jobsPlanned: put.jobs,
    deleteMs,
    cpu,
  };
  // CPU milliseconds per delivery of each process group while delivering (shares are % of one core).
  const seconds = phase.spanS;
  const cpuMsPerDelivery = Object.fromEntries(
    Object.entries(cpu)
      .filter(([group]) => group !== 'idle')
      .map(([group, pct]) => [
        group,
        Math.round((100 * ((pct / 100) * seconds * 1000)) / Math.max(1, phase.delivered)) / 100,
      ]),
  );
  return {
    ...phase,
    cpuMsPerDelivery,
    redis: redisPerDelivery(redisBefore, redisAfter, Math.max(1, phase.delivered)),
    postgresCommitsPerDelivery: Math.round((100 * commits) / Math.max(1, phase.delivered)) / 100,
  };
}

async function recoveryPhase(stack: NotifierStack, subs: Subscriptions, leadMs: number) {
  const { receiver, redis, queueKey } = stack;
  const startMs = Date.now() + leadMs;
  const items = plan('recovery', RECOVERY.perUser, startMs, RECOVERY.windowMs);
  // The first pushes answer 1.5 s late: every job slot of both workers is busy when the kill comes.
  const slow = items.slice(0, Math.min(USERS, 3 * CONCURRENCY));
  for (const item of slow) {
    receiver.reply(subs.byUser.get(item.userId)!.endpoint, { status: 201, delayMs: RECOVERY.slowReplyMs });
  }
  const from = receiver.received().length;
  const put = await schedule(stack, items);
  if (put.finishedAt > startMs) console.warn(`  note: the recovery PUTs ended after the first due time`);
  const busy = Math.min(slow.length, WORKERS * CONCURRENCY);
  while (receiver.received().length - from < busy && Date.now() < startMs + 2_000) {
    assertAlive();
    await sleep(10);
  }
  await sleep(100);
  const victim = stack.workers[1]!;
  victim.expectedExit = true;
  victim.child.kill('SIGKILL');
  const killedAt = Date.now();
  const cpuBefore = cpuSnapshot();
  const inFlightAtKill = receiver.received().length - from;
  // The locks of the active jobs at the kill, and when each lapses (polled every 100 ms).
  const activeIds = await redis.lrange(queueKey('active'), 0, -1);
  const readLocks = async (ids: string[]): Promise<Omit<HeldLock, 'lapsedMs'>[]> => {
    const pipeline = redis.pipeline();
    for (const id of ids) pipeline.get(`${queueKey(id)}:lock`).pttl(`${queueKey(id)}:lock`);
    // Each GET answers the lock's token (null when none), each PTTL its milliseconds left.
    const answers = ((await pipeline.exec()) ?? []).map(([, value]) => value);
    return ids.map((id, i) => ({
      id,
      token: answers[2 * i] as string | null,
      pttl: answers[2 * i + 1] as number,
    }));
  };
  const locks = new Map<string, HeldLock>(
    (await readLocks(activeIds)).map((lock) => [lock.id, { ...lock, lapsedMs: lock.token ? undefined : 0 }]),
  );

  // Done when every job of the batch has finished (completed or failed) in Bull, or a minute after the kill.
  const jobKeys = items.map((item) =>
    queueKey(
      stepAlertJobId({
        userId: item.userId,
        runId: item.runId,
        stepId: item.stepId,
        stageIndex: 0,
        dueAtMs: item.dueMs,
      }),
    ),
  );
  // Bull's stalled check stores its time in <queue>:stalled-check (PX stalledInterval): the checks that ran.
  const stalledChecks = new Set<number>();
  let states: { finishedOn: number; failed: boolean; stalled: number }[];
  for (;;) {
    assertAlive();
    const lastCheck = Number(await redis.get(queueKey('stalled-check')));
    if (lastCheck) stalledChecks.add(lastCheck);
    const pipeline = redis.pipeline();
    for (const key of jobKeys) pipeline.hmget(key, 'finishedOn', 'failedReason', 'stalledCounter');
    // Each HMGET answers [finishedOn, failedReason, stalledCounter], null where the field is not set.
    const answers = ((await pipeline.exec()) ?? []).map(([, value]) => value as (string | null)[]);
    states = answers.map(([finishedOn, failedReason, stalledCounter]) => ({
      finishedOn: Number(finishedOn) || 0,
      failed: Boolean(failedReason),
      stalled: Number(stalledCounter) || 0,
    }));
    for (const now of await readLocks([...locks.keys()])) {
      const lock = locks.get(now.id)!;
      // Gone, or already another worker's: the dead worker's lock has lapsed.
      if (now.token !== lock.token) lock.lapsedMs ??= Date.now() - killedAt;
    }
    if (states.every((s) => s.finishedOn) || Date.now() > killedAt + 60_000) break;
    await sleep(100);
  }
  const cpu = cpuShares(cpuBefore, cpuSnapshot());
  await sleep(500);
  const collected = collect(receiver, subs.byEndpoint, subs.byUser, items, from);
  const base = figures(collected, items, startMs);
  const held: {
    item: Item;
    times: number[];
    last: number;
    lock: HeldLock | undefined;
  }[] = [];
  let unexpectedDuplicates = 0;
  let resent = 0;
  let lastArrival = 0;
  items.forEach((item, i) => {
    const key = keyOf(subs.byUser.get(item.userId)!.endpoint, item.runId, item.stepId, 'due-now');
    const times = collected.byKey.get(key) ?? [];
    const last = times.length ? Math.max(...times) : NaN;
    lastArrival = Math.max(lastArrival, last || 0);
    if (states[i]!.stalled > 0) {
      held.push({ item, times, last, lock: locks.get(jobKeys[i]!.slice(queueKey('').length)) });
      if (times.length > 1) resent += times.length - 1;
    } else if (times.length > 1) unexpectedDuplicates += times.length - 1;
  });
  const heldRedelivered = held.map((h) => h.last).filter(Number.isFinite);
  const heldLocks = held.flatMap((h) => (h.lock ? [h.lock] : []));
  const range = (values: number[]) =>
    values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: NaN, max: NaN };
  const unfinished = states.filter((s) => !s.finishedOn).length;
  const failed = states.filter((s) => s.failed).length;
  return {
    notifications: items.length,
    slowReplies: slow.length,
    inFlightAtKill,
    heldByKilledWorker: held.length,
    recoveryMs: unfinished ? NaN : lastArrival - killedAt,
    takeoverMs: heldRedelivered.length ? Math.min(...heldRedelivered) - killedAt : NaN,
    // Of the held jobs: their lock's time to live at the kill and when it lapsed.
    heldLockTtlAtKillMs: range(heldLocks.map((l) => l.pttl)),
    heldLockLapsedMs: range(heldLocks.flatMap((l) => (l.lapsedMs === undefined ? [] : [l.lapsedMs]))),
    stalledChecksAfterKillMs: [...stalledChecks].map((at) => at - killedAt).filter((ms) => ms > -5_000),
    heldLatenessMs: {
      p50: percentile(
        held.map((h) => h.last - h.item.dueMs),
        50,
      ),
      max: held.length ? Math.max(...held.map((h) => h.last - h.item.dueMs)) : NaN,
    },
    lost: base.lost + failed,
    unfinishedJobs: unfinished,
    failedJobs: failed,
    resentInFlight: resent,
    unexpectedDuplicates,
    latenessMs: base.latenessMs,
    reminders: base.reminders,
    strays: base.strays,
    putMs: put.putMs,
    cpu,
  };
}

// ---------------------------------------------------------------------------------------------------------

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
/** Where the CPU went while a phase delivered: per delivery, and what the rest of the machine took. */
function printCpu(phase: TimedPhase) {
  const per = phase.cpuMsPerDelivery;
  const workers = Object.entries(per)
    .filter(([group]) => group.startsWith('worker-'))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const stack = workers + (per.api ?? 0) + (per.postgres ?? 0) + (per.redis ?? 0);
  console.log(
    `    CPU per delivery: workers ${workers.toFixed(2)} ms, postgres ${per.postgres ?? 0}, redis ${per.redis ?? 0}, api ${per.api ?? 0} (notifier stack ${stack.toFixed(2)} ms), receiver+bench ${per['bench+receiver'] ?? 0} ms`,
  );
  console.log(
    `    machine while delivering (% of one core): ${sharesText(phase.cpu)}${(phase.cpu.other ?? 0) > 20 ? '  <- other processes competed for the CPUs' : ''}`,
  );
  console.log(
    `    Redis commands per delivery: ${phase.redis.map((c) => `${c.command} ${c.perDelivery}`).join(', ')}; PostgreSQL commits per delivery: ${phase.postgresCommitsPerDelivery} (2 without batching)`,
  );
}
const line = (label: string, value: string | number, target?: string, ok?: boolean) =>
  console.log(
    `  ${label.padEnd(34)} ${String(value).padEnd(16)} ${target ? `target ${target}`.padEnd(22) : ''.padEnd(22)} ${ok === undefined ? '' : verdict(ok)}`,
  );

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  const benchStarted = Date.now();
  const stack = await startStack();
  const byUser = await subscribeAll(stack);
  const subs = { byUser, byEndpoint: new Map([...byUser.values()].map((s) => [s.endpoint, s])) };

  const warmStart = Date.now() + 3_000;
  await timedPhase(stack, subs, 'warm-up', plan('warmup', 4, warmStart, 2_000), warmStart);
  assertAlive();

  const steadyStart = Date.now() + STEADY.leadMs;
  const steady = await timedPhase(
    stack,
    subs,
    'steady',
    plan('steady', STEADY.perUser, steadyStart, STEADY.windowMs),
    steadyStart,
  );
  assertAlive();

  // The burst's PUTs take about as long as the steady ones: start it a margin after that.
  const burstStart = Date.now() + Math.round(Math.max(5_000, steady.putMs * 1.5 + 2_000));
  const burst = await timedPhase(
    stack,
    subs,
    'burst',
    plan('burst', BURST.perUser, burstStart, BURST.windowMs),
    burstStart,
  );
  const counters = await workerCounters(stack.workers);
  assertAlive();

  const recovery = await recoveryPhase(stack, subs, Math.round(Math.max(6_000, steady.putMs + 2_000)));
  assertAlive();
  const warnings = [...stack.workers, ...processes.filter((p) => p.name === 'api')].flatMap((p) =>
    [...p.warnings].map(([msg, n]) => `${p.name}: ${msg} (${n})`),
  );

  console.log(
    `\nnotifier step alerts: ${USERS} subscriptions on a local https push receiver, ${WORKERS} worker processes`,
  );
  console.log(
    `  settings: WORKER_CONCURRENCY ${CONCURRENCY} per worker; BULL_LOCK_DURATION_MS ${workerDefaults.BULL_LOCK_DURATION_MS}, BULL_STALLED_INTERVAL_MS ${workerDefaults.BULL_STALLED_INTERVAL_MS}, PUSH_TIMEOUT_MS ${workerDefaults.PUSH_TIMEOUT_MS} (defaults); LOG_LEVEL ${logLevel}; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  console.log(
    `\n  steady: ${fmt(steady.notifications)} due-now over ${STEADY.windowMs / 1000} s (1,000 due per second), ${fmt(steady.jobsPlanned)} jobs planned by ${fmt(steady.notifications / STEADY.perUser)} PUTs in ${fmt(steady.putMs)} ms`,
  );
  line('lateness p50', `${fmt(steady.latenessMs.p50)} ms`);
  line(
    'lateness p99',
    `${fmt(steady.latenessMs.p99)} ms`,
    `< ${TARGETS.p99Ms} ms`,
    steady.latenessMs.p99 < TARGETS.p99Ms,
  );
  line(
    'lateness max',
    `${fmt(steady.latenessMs.max)} ms`,
    `< ${fmt(TARGETS.maxMs)} ms`,
    steady.latenessMs.max < TARGETS.maxMs,
  );
  line('deliveries/s (busiest 1-s bucket)', fmt(steady.peakPerS));
  line('deliveries/s (mean)', `${fmt(steady.meanPerS)} over ${steady.spanS.toFixed(1)} s`);
  line('lost (not in by due + 30 s)', steady.lost, '0', steady.lost === 0);
  line('duplicates', steady.duplicates, '0', steady.duplicates === 0);
  printCpu(steady);
  console.log(
    `\n  burst (capacity): ${fmt(burst.notifications)} due-now within ${BURST.windowMs / 1000} s, PUT in ${fmt(burst.putMs)} ms`,
  );
  line(
    'deliveries/s at peak (1-s bucket)',
    fmt(burst.peakPerS),
    `>= ${fmt(TARGETS.peakPerS)}`,
    burst.peakPerS >= TARGETS.peakPerS,
  );
  line('deliveries/s (mean while draining)', `${fmt(burst.meanPerS)} over ${burst.spanS.toFixed(1)} s`);
  line(
    'lateness p50 / p99 / max',
    `${fmt(burst.latenessMs.p50)} / ${fmt(burst.latenessMs.p99)} / ${fmt(burst.latenessMs.max)} ms`,
  );
  line('lost (not in by due + 30 s)', burst.lost, '0', burst.lost === 0);
  line('duplicates', burst.duplicates, '0', burst.duplicates === 0);
  printCpu(burst);
  console.log(
    `\n  recovery: ${fmt(recovery.notifications)} due-now over ${RECOVERY.windowMs / 1000} s, the first ${recovery.slowReplies} answered ${RECOVERY.slowReplyMs} ms late; worker-2 SIGKILLed with ${recovery.inFlightAtKill} pushes in flight`,
  );
  line(
    'recovery time (kill -> all in)',
    `${(recovery.recoveryMs / 1000).toFixed(1)} s`,
    `< ${TARGETS.recoveryMs / 1000} s`,
    recovery.recoveryMs < TARGETS.recoveryMs,
  );
  line('jobs held by the killed worker', recovery.heldByKilledWorker, '> 0', recovery.heldByKilledWorker > 0);
  const sRange = ({ min, max }: { min: number; max: number }) =>
    min === max ? `${(min / 1000).toFixed(1)} s` : `${(min / 1000).toFixed(1)}-${(max / 1000).toFixed(1)} s`;
  line('their locks: TTL left at the kill', sRange(recovery.heldLockTtlAtKillMs));
  line('their locks lapsed', `${sRange(recovery.heldLockLapsedMs)} after the kill`);
  line(
    "Bull's stalled checks ran at",
    `${recovery.stalledChecksAfterKillMs.map((ms) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(1)}`).join(', ')} s from the kill`,
  );
  line('their first re-send received', `${(recovery.takeoverMs / 1000).toFixed(1)} s after the kill`);
  line(
    'their lateness p50 / max',
    `${fmt(recovery.heldLatenessMs.p50)} / ${fmt(recovery.heldLatenessMs.max)} ms`,
  );
  line(
    'batch lateness p50 / p99 / max',
    `${fmt(recovery.latenessMs.p50)} / ${fmt(recovery.latenessMs.p99)} / ${fmt(recovery.latenessMs.max)} ms`,
  );
  line('lost (never received)', recovery.lost, '0', recovery.lost === 0);
  line(
    'duplicates (not held by the dead)',
    recovery.unexpectedDuplicates,
    '0',
    recovery.unexpectedDuplicates === 0,
  );
  line('re-sent in-flight pushes (expected)', recovery.resentInFlight);
  console.log(`    machine from the kill to the end (% of one core): ${sharesText(recovery.cpu)}`);
  const pollution =
    steady.reminders + burst.reminders + recovery.reminders + steady.strays + burst.strays + recovery.strays;
  console.log(
    `\n  reminders or stray pushes in the windows: ${pollution}; undecryptable: ${steady.undecryptable + burst.undecryptable}; worker counters after the burst: ${JSON.stringify(counters)}`,
  );
  if (warnings.length) console.log(`  warnings logged: ${warnings.join('; ')}`);
  console.log(`  bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);

  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'notifier.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        settings: {
          users: USERS,
          workers: WORKERS,
          workerConcurrency: CONCURRENCY,
          logLevel,
          cpus: os.cpus().length,
        },
        targets: TARGETS,
        steady,
        burst,
        recovery,
        counters,
        warnings,
      },
      null,
      2,
    ),
  );
} catch (error) {
  if (!interrupted) {
    console.error(`notifier bench failed: ${stackOf(error)}`);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanUp();
}

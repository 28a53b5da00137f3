// The load of a contest morning, end to end through the gateway of the scaled stack (scripts/lib/stack.mjs
// scaledInstances: 2 auth, 2 licensing, 2 notifier APIs and 3 notifier workers behind one gateway):
//
//   node --import tsx tests/bench/contest-morning.ts            (from the repository root)
//
// Each of BENCH_TEAMS simulated teams arrives (uniformly random times over BENCH_ARRIVAL_S, seeded, so the
// arrivals bunch as real ones do) and, as the app does:
//   1. signs in: POST /api/login (real argon2id verification in auth; the accounts exist already, see
//      below; BENCH_REGISTER=1 registers each team through POST /api/auth/register at its arrival instead);
//   2. subscribes one push subscription on the local https push receiver: POST /api/push/subscribe;
//   3. syncs its run of BENCH_STEPS steps: PUT /api/push/runs/{runId}/schedule (contest_id, contest_name,
//      time_zone, steps[{id, name, scheduled_at, done, dismissed}]); the steps fall due at uniformly random
//      times over BENCH_DUE_WINDOW_S, starting BENCH_LEAD_S after the team arrived;
//   4. receives its pushes; on a step's due-now push it marks the step done with the next PUT of the whole
//      schedule (the app's outbox: one PUT at a time per team, at most one a second, carrying every step
//      marked done since the last), so that the step's overdue reminders (65 s after due and later) are
//      cancelled as in real use. A reminder that still arrives is counted apart.
// A failed call (network error, timeout after 30 s, 408, 429, 5xx) is tried again as the app's outbox does
// (cook-app/src/features/push/outbox.ts: 1 s doubling, jittered; a newer schedule replaces the unsent one),
// until the bench stops waiting; a sign-in at most 3 more times. Every failed attempt counts as an error.
//
// Why these defaults (BENCH_TEAMS 2,000, BENCH_STEPS 40, BENCH_ARRIVAL_S 600, BENCH_DUE_WINDOW_S 600,
// BENCH_LEAD_S 20): a real contest morning is ~10 minutes of arrivals (2,000 teams: ~3 sign-ins and syncs a
// second) with steps due over hours (80,000 steps over ~5 h: ~4 pushes and ~4 done PUTs a second). Here the
// arrivals take their real 10 minutes and each team's 40 steps fall within the 10 minutes after it arrived
// (pushes and done PUTs about 30x denser than over hours), so that a run takes about 20 minutes: as far
// as the 2-core machine compresses the morning. The work is set by the size, not by the compression.
// Measured on the 2-core machine: ~33-37 ms of auth CPU per argon2id sign-in (2,000: over a CPU-minute),
// ~1-3 ms per push across the workers, PostgreSQL, Redis and the receiver (80,000: several CPU-minutes),
// ~3-5 ms of notifier API CPU per schedule PUT (a team sends its whole schedule each time steps are done:
// about 80,000 PUTs in the morning). Compressed further (BENCH_ARRIVAL_S=90 BENCH_DUE_WINDOW_S=120, about 5
// minutes) the stack on 2 cores does not keep up: the notifier APIs saturate, the gateway finds no free
// connection within 5 s (502), done PUTs come late so reminders go out, and pushes fall minutes behind;
// 500 teams at those windows pass (no error, nothing lost); 2,000 show how the stack degrades.
// BENCH_DUE_WINDOW_S=3600 spreads each team's steps over an hour (a run of over an hour). BENCH_LEAD_S (a
// team's first step is due this long after it arrives) is longer than a sync takes while the stack keeps
// up: a step due before its team's sync is answered is pushed at once then, late (the bench says how many
// of the lost were such steps).
//
// Accounts: one team registers through the gateway (its argon2id hash is made by auth), and the other
// teams' rows are copied from it in auth's users table with their own e-mails (same password): 2,000
// registrations would spend a minute of argon2 before the morning starts and measure nothing of it.
//
// The stack runs on a database and a Redis key prefix of its own (dropped and deleted afterwards), on the
// gateway port BENCH_PORT (default 8581; the services take the ports above it and gatewayPort+20..), with
// NODE_ENV production, LOG_LEVEL warn, raised sign-in and register limits (every team signs in from
// 127.0.0.1, as scripts/serve-stack.mjs does), PUSH_ALLOWED_ORIGINS = the receiver's origin and
// NODE_EXTRA_CA_CERTS = its test CA. The receiver runs in this process (as in notifier.ts).
// Pushes are matched to (team, step, stage) by their Topic header (the notifier's alertTopic), which costs
// nothing; decrypting each (0.5 ms) would take a core of its own at the peak, so only a sample of
// BENCH_DECRYPT_SAMPLE pushes is decrypted afterwards to prove that the payload says what the Topic says.
//
// Printed: requests per second (overall and per endpoint), p50/p99 latency per endpoint, the error rate by
// status, deliveries, push lateness (arrival at the receiver minus due time) p50/p99/max, lost (a due-now
// not received by due + 30 s; the one hard target: 0), duplicates, reminders, and the CPU each group of
// processes used (/proc); and where the time went: the notifier's PostgreSQL connections (sampled each
// second: idle in transaction, the oldest open transaction), Redis's busiest commands, the workers' own
// records of each job (push_deliveries), and a timeline (answers, errors and pushes a second, Bull's wait
// and delayed lists). BENCH_SERVICE_LOGS=1 shows the services' warnings and errors. Figures go to
// tests/bench/results/contest-morning.json. Exit 0 when it measured (a MISS is printed), 1 when something
// broke: a push lost, a process died, the stack did not start.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type {
  PushScheduleBody,
  PushScheduleStep,
  PushStage,
  PushStepAlertData,
} from '@pitclock/contracts/push';
import type { LoginResponse, PushScheduleResponse } from '@pitclock/contracts/schemas';
import { alertTopic } from '@pitclock/notifier/job-plan';
import { bullPrefix, notificationsQueueName } from '@pitclock/notifier/queue';
import {
  pushReceiverCaPath,
  startPushReceiver,
  type ReceivedPush,
  type TestSubscription,
} from '@pitclock/notifier/test-support/push-receiver';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import pg from 'pg';
import {
  dropDatabase,
  ensureDatabase,
  portOpen,
  provisionDataServers,
  scaledInstances,
  startStack,
  type Stack,
} from '../support/scripts-lib';
import {
  cpuShares,
  cpuSnapshot,
  deleteRedisKeys,
  fmt,
  percentile,
  redisCommandStats,
  root,
  sharesText,
  sleep,
  stackOf,
  stopDataServersUnlessShared,
  withClient,
  type CpuShares,
  type CpuSnapshot,
} from './lib';

/** A step of a team's run: when it is due, what the receiver got for it, and its done state in the app. */
interface Step {
  index: number;
  id: string;
  name: string;
  dueOffsetMs: number;
  dueMs: number;
  done: boolean;
  /** Arrival times of its due-now pushes. */
  dueNow: number[];
  /** Arrival times of its overdue pushes. */
  reminders: number[];
  doneMarkedAtMs: number;
  doneAckAtMs: number;
}

/** A simulated team: its plan, its session and subscription, and its app's outbox of done steps. */
interface Team {
  index: number;
  email: string;
  runId: string;
  deviceId: string;
  arriveOffsetMs: number;
  steps: Step[];
  subscription: TestSubscription;
  userId: number | undefined;
  token: string | undefined;
  synced: boolean;
  failed: string | undefined;
  /** Steps whose due-now came, not yet in a PUT. */
  pending: Set<Step>;
  /** Steps marked done in a PUT that has not been answered yet. */
  unsent: Set<Step>;
  outboxRunning: boolean;
  lastSendMs: number;
  arrivedAtMs: number;
  syncedAtMs: number;
  jobsPlanned?: number;
  doneDropped?: number;
}

/** One attempt of a call: its endpoint, start, duration, and status (or the network error's code). */
interface Sample {
  endpoint: string;
  startMs: number;
  ms: number;
  status: number | string;
  ok: boolean;
}

/** What an attempt got: an expected status and its body, or a failure and whether to try again. */
type Answer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number | string; retry: boolean; retryAfterMs: number | undefined; text: string };
type Failed = Extract<Answer<unknown>, { ok: false }>;

interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** The statuses that mean success (200 by default). */
  ok?: number[];
  maxAttempts?: number;
}

/** Once a second: our database's connections, the Bull lists, the pushes received so far. */
interface PgSample {
  atMs: number;
  total: number;
  active: number;
  idle_in_transaction: number;
  waiting_on_lock: number;
  oldest_transaction_ms: number;
  wait: number | undefined;
  delayed: number | undefined;
  bullActive: number | undefined;
  pushes: number;
}

/** A decrypted push, as far as the bench reads it (a PushPayload, from the wire). */
type DecryptedPush = { kind?: string; data?: Partial<PushStepAlertData> };

/** The network error's code of a failed fetch: 'timeout', ECONNREFUSED, UND_ERR_SOCKET, ... */
const networkErrorOf = (err: unknown): string => {
  const error = err as { name?: string; cause?: { code?: string } } | null | undefined;
  return error?.name === 'TimeoutError' ? 'timeout' : (error?.cause?.code ?? error?.name ?? 'error');
};

/** Smallest and largest of many values (a spread into Math.min/max overflows the stack beyond ~100k). */
const minOf = (values: number[]) => values.reduce((a, b) => (b < a ? b : a), Infinity);
const maxOf = (values: number[]) => values.reduce((a, b) => (b > a ? b : a), -Infinity);

const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};
// The defaults: see the header for why they are compressed this far and no further.
const TEAMS = int('BENCH_TEAMS', 2_000);
const STEPS = int('BENCH_STEPS', 40);
const ARRIVAL_S = int('BENCH_ARRIVAL_S', 600);
const DUE_WINDOW_S = int('BENCH_DUE_WINDOW_S', 600);
const LEAD_S = int('BENCH_LEAD_S', 20);
const PORT = int('BENCH_PORT', 8581);
const SEED = int('BENCH_SEED', 1);
const DECRYPT_SAMPLE = int('BENCH_DECRYPT_SAMPLE', 500);
const REGISTER_AT_ARRIVAL = process.env.BENCH_REGISTER === '1';
/** The outbox sends a team's done steps at most this often. */
const DONE_BATCH_MS = 1_000;
const LOST_AFTER_MS = 30_000;
/** After the last step's due + 30 s, how long the outboxes may still take to send their last done steps. */
const DRAIN_MS = 30_000;
/** The app's login timeout and its outbox's call timeout. */
const TIMEOUT_MS = 30_000;
const PASSWORD = 'smoke-ring-2026';
const CONTEST: Omit<PushScheduleBody, 'steps'> = {
  contest_id: 'contest-morning',
  contest_name: 'Bench Smoke-off',
  time_zone: 'America/Chicago',
};
const TARGETS = { lost: 0, errorRate: 0 };

// ---------------------------------------------------------------------------------------------------------
// The plan: arrivals and due times from a seeded generator, so that two runs load the stack alike.

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Teams 0..TEAMS-1: arrival offset (ms from the start) and each step's due offset, all sorted. */
function planTeams(newSubscription: () => TestSubscription): Team[] {
  const random = mulberry32(SEED);
  const arrivals = Array.from({ length: TEAMS }, () => random() * ARRIVAL_S * 1000).sort((a, b) => a - b);
  return arrivals.map((arriveMs, i) => {
    const dues = Array.from(
      { length: STEPS },
      () => arriveMs + LEAD_S * 1000 + random() * DUE_WINDOW_S * 1000,
    ).sort((a, b) => a - b);
    const team: Team = {
      index: i,
      email: `team-${i}@contest-morning.test`,
      runId: `run-${i}`,
      deviceId: `device-team-${i}`,
      arriveOffsetMs: Math.round(arriveMs),
      steps: dues.map((dueOffsetMs, j): Step => ({
        index: j,
        id: `step-${j}`,
        name: `Step ${j + 1}`,
        dueOffsetMs: Math.round(dueOffsetMs),
        dueMs: NaN, // set at the start
        done: false,
        dueNow: [], // arrival times of its due-now pushes
        reminders: [], // arrival times of its overdue pushes
        doneMarkedAtMs: NaN,
        doneAckAtMs: NaN,
      })),
      subscription: newSubscription(),
      userId: undefined,
      token: undefined,
      synced: false,
      failed: undefined,
      pending: new Set(),
      unsent: new Set(),
      outboxRunning: false,
      lastSendMs: 0,
      arrivedAtMs: NaN,
      syncedAtMs: NaN,
    };
    return team;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Calls through the gateway: every attempt is one sample (endpoint, start, duration, status or error).

const samples: Sample[] = [];
let baseUrl = '';
/** The first answers of each failing endpoint and status, to show what they said. */
const errorTexts = new Map<string, string>();
const noteError = (endpoint: string, status: number | string, text: string) => {
  const key = `${endpoint} ${status}`;
  if (!errorTexts.has(key)) errorTexts.set(key, text.slice(0, 160));
};

/** One attempt: answers { ok, status (or the network error's code), retry, body, text }. Recorded. */
async function attempt<T = unknown>(
  endpoint: string,
  method: string,
  pathname: string,
  { token, body, ok = [200] }: CallOptions = {},
): Promise<Answer<T>> {
  const startMs = Date.now();
  const started = performance.now();
  let status: number | undefined;
  let error = '';
  let text = '';
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    error = networkErrorOf(err);
  }
  const ms = performance.now() - started;
  const good = status !== undefined && ok.includes(status);
  samples.push({ endpoint, startMs, ms, status: status ?? error, ok: good });
  // The body of an expected status: the document's answer (the services' own tests check its shape).
  if (good && status !== undefined)
    return { ok: true, status, body: (text ? JSON.parse(text) : undefined) as T };
  noteError(endpoint, status ?? error, text);
  // As the app's outbox (cook-app/src/features/push/outbox.ts verdictOf): network failures, 408, 429 and
  // 5xx are tried again; any other 4xx cannot succeed.
  let retryAfterMs: number | undefined;
  try {
    const details = (JSON.parse(text) as { details?: { retry_after_seconds?: number } } | null)?.details;
    retryAfterMs = (details?.retry_after_seconds ?? 0) * 1000 || undefined;
  } catch {
    // not JSON
  }
  const retry = status === undefined || status === 408 || status === 429 || status >= 500;
  return { ok: false, status: status ?? error, retry, retryAfterMs, text: text.slice(0, 200) };
}

/** The outbox's wait before try attempts + 1: 1 s doubling up to 5 min, jittered into its upper half. */
const jitter = mulberry32(SEED + 2);
const backoffMs = (attempts: number, retryAfterMs: number | undefined) => {
  const ceiling = Math.min(300_000, 1_000 * 2 ** Math.max(0, attempts - 1));
  return retryAfterMs ?? Math.round(ceiling / 2 + (ceiling / 2) * jitter());
};

/** Until it succeeds, a 4xx says it cannot, `maxAttempts` were made, or the bench's end has come. */
async function call<T = unknown>(
  endpoint: string,
  method: string,
  pathname: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const { maxAttempts = Infinity } = options;
  for (let attempts = 1; ; attempts += 1) {
    const answer = await attempt<T>(endpoint, method, pathname, options);
    if (answer.ok || !answer.retry || attempts >= maxAttempts || Date.now() > giveUpAtMs) return answer;
    const retryAfterMs = answer.ok ? undefined : answer.retryAfterMs;
    await sleep(Math.min(backoffMs(attempts, retryAfterMs), Math.max(0, giveUpAtMs - Date.now())));
  }
}
/** The outboxes stop retrying at this time (set when the morning starts). */
let giveUpAtMs = Infinity;

const scheduleBody = (team: Team): PushScheduleBody => ({
  ...CONTEST,
  steps: team.steps.map((step): PushScheduleStep => ({
    id: step.id,
    name: step.name,
    template_name: 'Brisket',
    scheduled_at: new Date(step.dueMs).toISOString(),
    done: step.done,
    dismissed: false,
  })),
});

const subOf = (token: string) => Number(decodeJwt(token).sub);

/** The topics of each step's pushes (the notifier's alertTopic) -> team, step and stage. */
const topics = new Map<string, { team: Team; step: Step; stage: PushStage }>();

/**
 * A team's morning: sign in (tried again at most 3 times, as a person would), then the outbox's calls
 * (tried until they succeed): the subscription and the run's schedule; then its done steps (markDone).
 */
async function arrive(team: Team): Promise<void> {
  team.arrivedAtMs = Date.now();
  const deviceInfo = { device_id: team.deviceId, name: 'bench' };
  if (REGISTER_AT_ARRIVAL) {
    const registered = await call('register', 'POST', API_PATHS.register, {
      body: {
        email: team.email,
        password: PASSWORD,
        display_name: `Team ${team.index}`,
        device_info: deviceInfo,
      },
      ok: [201],
      maxAttempts: 4,
    });
    if (!registered.ok) return fail(team, 'register', registered);
  }
  const login = await call<LoginResponse>('login', 'POST', API_PATHS.login, {
    body: { email: team.email, password: PASSWORD, device_info: deviceInfo },
    maxAttempts: 4,
  });
  if (!login.ok) return fail(team, 'login', login);
  const token = login.body.token;
  team.token = token;
  const userId = subOf(token);
  team.userId = userId;
  for (const step of team.steps) {
    for (const stage of ['due-now', 'overdue'] as const) {
      const topic = alertTopic({ userId, runId: team.runId, stepId: step.id, stage });
      topics.set(topic, { team, step, stage });
    }
  }
  const subscribed = await call('subscribe', 'POST', API_PATHS.pushSubscribe, {
    token,
    body: {
      subscription: { endpoint: team.subscription.endpoint, keys: team.subscription.keys },
      device_id: team.deviceId,
    },
    ok: [201, 200],
  });
  if (!subscribed.ok) return fail(team, 'subscribe', subscribed);
  const synced = await call<PushScheduleResponse>(
    'schedule (sync)',
    'PUT',
    apiPath(API_PATHS.pushRunSchedule, { runId: team.runId }),
    { token, body: scheduleBody(team) },
  );
  if (!synced.ok) return fail(team, 'sync', synced);
  team.synced = true;
  team.syncedAtMs = Date.now();
  team.jobsPlanned = synced.body.scheduled;
  if (team.pending.size) void runOutbox(team);
}

function fail(team: Team, what: string, answer: Failed) {
  team.failed = `${what}: ${answer.status} ${answer.text}`.trim();
}

// A team's outbox for its done steps: one PUT of the whole schedule at a time, at most one every
// DONE_BATCH_MS, carrying every step marked done since the last answered one (a newer state replaces the
// unsent one, as the app's outbox does); a failed PUT is tried again with the outbox's backoff.
const doneBatches: { steps: number; jobs: number | undefined }[] = [];

function markDone(team: Team, step: Step) {
  if (step.done || team.pending.has(step)) return;
  team.pending.add(step);
  if (team.synced && !team.outboxRunning) void runOutbox(team);
}

async function runOutbox(team: Team) {
  team.outboxRunning = true;
  let attempts = 0;
  let retryAfterMs: number | undefined;
  while (team.pending.size > 0 || team.unsent.size > 0) {
    const wait = attempts
      ? Math.min(backoffMs(attempts, retryAfterMs), Math.max(0, giveUpAtMs - Date.now()))
      : Math.max(0, team.lastSendMs + DONE_BATCH_MS - Date.now());
    if (wait > 0) await sleep(wait);
    if (attempts && Date.now() > giveUpAtMs) break;
    for (const step of team.pending) {
      step.done = true;
      step.doneMarkedAtMs = Date.now();
      team.unsent.add(step);
    }
    team.pending.clear();
    const carried = [...team.unsent];
    team.lastSendMs = Date.now();
    const answer = await attempt<PushScheduleResponse | undefined>(
      'schedule (done)',
      'PUT',
      apiPath(API_PATHS.pushRunSchedule, { runId: team.runId }),
      { token: team.token, body: scheduleBody(team) },
    );
    if (answer.ok || !answer.retry) {
      const atMs = Date.now();
      for (const step of carried) {
        if (answer.ok) step.doneAckAtMs = atMs;
        team.unsent.delete(step);
      }
      if (answer.ok) doneBatches.push({ steps: carried.length, jobs: answer.body?.scheduled });
      else team.doneDropped = (team.doneDropped ?? 0) + carried.length;
      attempts = 0;
    } else {
      attempts += 1;
      retryAfterMs = answer.ok ? undefined : answer.retryAfterMs;
    }
  }
  team.outboxRunning = false;
}

const outboxesIdle = (teams: Team[]) => teams.every((t) => !t.outboxRunning);

// ---------------------------------------------------------------------------------------------------------
// What the receiver got: read every 100 ms from where the last read ended.

const pushCounts = { total: 0, strays: 0, noTopic: 0 };
let readUpTo = 0;

function readPushes(receiver: { received: () => ReceivedPush[] }): ReceivedPush[] {
  const pushes = receiver.received();
  for (let i = readUpTo; i < pushes.length; i += 1) {
    const push = pushes[i]!;
    pushCounts.total += 1;
    const topic = push.headers.topic;
    if (!topic) {
      pushCounts.noTopic += 1;
      continue;
    }
    const found = typeof topic === 'string' ? topics.get(topic) : undefined;
    if (!found || found.team.subscription.endpoint !== push.endpoint) {
      pushCounts.strays += 1;
      continue;
    }
    const { team, step, stage } = found;
    if (stage === 'due-now') step.dueNow.push(push.receivedAtMs);
    else step.reminders.push(push.receivedAtMs);
    markDone(team, step);
  }
  readUpTo = pushes.length;
  return pushes;
}

/** Decrypts a sample of the pushes: the payload's run, step, stage and due time must match the Topic. */
function checkPayloads(pushes: ReceivedPush[]) {
  const random = mulberry32(SEED + 1);
  const sample: number[] = [];
  const n = Math.min(DECRYPT_SAMPLE, pushes.length);
  const chosen = new Set<number>();
  while (chosen.size < n) chosen.add(Math.floor(random() * pushes.length));
  let mismatched = 0;
  let undecryptable = 0;
  for (const i of chosen) {
    const push = pushes[i]!;
    const found = topics.get(String(push.headers.topic));
    if (!found) continue;
    let payload: DecryptedPush;
    try {
      // What the notifier pushes (a PushPayload), as far as this bench reads it.
      payload = JSON.parse(found.team.subscription.decrypt(push.body)) as DecryptedPush;
    } catch {
      undecryptable += 1;
      continue;
    }
    const data = payload.data ?? {};
    const matches =
      payload.kind === 'step-alert' &&
      data.runId === found.team.runId &&
      data.stepId === found.step.id &&
      data.stage === found.stage &&
      Date.parse(String(data.dueAt)) === found.step.dueMs;
    if (!matches) mismatched += 1;
    sample.push(i);
  }
  return { checked: sample.length, mismatched, undecryptable };
}

// ---------------------------------------------------------------------------------------------------------
// CPU per group of processes: the stack's (by kind), our database's PostgreSQL backends, the Redis server
// the stack uses, this bench with the receiver, and the rest of the machine.

const groups: Record<string, string> = {
  worker: 'notifier-workers',
  notifier: 'notifier-api',
  auth: 'auth',
  licensing: 'licensing',
};
const groupOf = (kind: string) => groups[kind] ?? kind;

async function snapshotCpu(
  stack: Stack,
  databaseName: string,
  adminUrl: string,
  redisPid: number | undefined,
): Promise<CpuSnapshot> {
  const named = new Map(stack.processes.map((proc) => [proc.child.pid, groupOf(proc.kind)]));
  named.set(process.pid, 'bench+receiver');
  if (redisPid) named.set(redisPid, 'redis');
  const backends = await withClient(adminUrl, (client) =>
    client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [databaseName]),
  );
  for (const { pid } of backends.rows) named.set(pid, 'postgres');
  // Other PostgreSQL processes (background writers, other databases' backends) and other Redis servers.
  return cpuSnapshot(named, { postgres: 'postgres-shared', 'redis-server': 'redis-other' });
}

async function workerCounters(stack: Stack): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const proc of stack.processes.filter((p) => p.kind === 'worker')) {
    const text = await fetch(`${proc.url}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    for (const match of text.matchAll(/^notifier_push_deliveries_total\{result="(\w+)"[^}]*\} (\d+)/gm)) {
      const result = match[1]!;
      totals[result] = (totals[result] ?? 0) + Number(match[2]);
    }
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

function endpointFigures(list: Sample[]) {
  if (list.length === 0) return undefined;
  const first = minOf(list.map((s) => s.startMs));
  const last = maxOf(list.map((s) => s.startMs + s.ms));
  const spanS = Math.max(0.001, (last - first) / 1000);
  const buckets = new Map<number, number>();
  for (const s of list) {
    const b = Math.floor((s.startMs - first) / 1000);
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  const errors: Record<string, number> = {};
  for (const s of list.filter((x) => !x.ok)) errors[s.status] = (errors[s.status] ?? 0) + 1;
  const ms = list.map((s) => s.ms);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: list.length,
    spanS: round1(spanS),
    perS: round1(list.length / spanS),
    peakPerS: Math.max(...buckets.values()),
    p50Ms: round1(percentile(ms, 50)),
    p99Ms: round1(percentile(ms, 99)),
    maxMs: round1(maxOf(ms)),
    failed: list.length - list.filter((s) => s.ok).length,
    errors,
  };
}

function pushFigures(teams: Team[]) {
  const lateness: number[] = [];
  let expected = 0;
  let lost = 0;
  let lateBeyondLost = 0;
  let duplicates = 0;
  let reminders = 0;
  let stepsWithReminders = 0;
  let unscheduled = 0;
  const doneLag: number[] = []; // due-now received -> the PUT that marked it done answered
  // A lost step due before its team's sync PUT was answered: its job was planned while the PUT ran.
  let lostDueBeforeSynced = 0;
  let neverCame = 0;
  const duplicateGapsMs: number[] = [];
  const reminderCauses = { doneLate: 0, doneNeverAcked: 0, other: 0 };
  for (const team of teams) {
    for (const step of team.steps) {
      expected += 1;
      if (!team.synced) {
        // Its run never reached the notifier (every retry failed): the team gets none of its alerts.
        unscheduled += 1;
        lost += 1;
        continue;
      }
      const first = step.dueNow.length ? Math.min(...step.dueNow) : NaN;
      if (!(first <= step.dueMs + LOST_AFTER_MS)) lost += 1;
      // Never came at all, though its run was synced: was it due before the sync PUT was answered?
      if (Number.isNaN(first)) {
        neverCame += 1;
        if (step.dueMs <= team.syncedAtMs) lostDueBeforeSynced += 1;
      }
      const times = [...step.dueNow].sort((a, b) => a - b);
      for (let k = 1; k < times.length; k += 1) duplicateGapsMs.push(times[k]! - times[k - 1]!);
      if (first > step.dueMs + LOST_AFTER_MS) lateBeyondLost += 1;
      if (Number.isFinite(first)) lateness.push(first - step.dueMs);
      duplicates += Math.max(0, step.dueNow.length - 1);
      reminders += step.reminders.length;
      if (step.reminders.length) {
        stepsWithReminders += 1;
        if (!Number.isFinite(step.doneAckAtMs)) reminderCauses.doneNeverAcked += 1;
        else if (step.doneAckAtMs > Math.min(...step.reminders)) reminderCauses.doneLate += 1;
        else reminderCauses.other += 1;
      }
      if (Number.isFinite(first) && Number.isFinite(step.doneAckAtMs)) doneLag.push(step.doneAckAtMs - first);
    }
  }
  return {
    expected,
    delivered: lateness.length,
    lost,
    lostDueBeforeSynced,
    neverCame,
    lateBeyondLost,
    unscheduled,
    duplicateGapsMs,
    duplicates,
    reminders,
    stepsWithReminders,
    reminderCauses,
    latenessMs: {
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness.length ? maxOf(lateness) : NaN,
      min: lateness.length ? minOf(lateness) : NaN,
    },
    doneLagMs: {
      p50: percentile(doneLag, 50),
      p99: percentile(doneLag, 99),
      max: Math.max(0, maxOf(doneLag)),
    },
  };
}

/** Deliveries per second: busiest 1-s bucket of arrival times, and the mean over the due window. */
function deliveryRate(teams: Team[]) {
  const times = teams.flatMap((t) => t.steps.flatMap((s) => s.dueNow));
  if (times.length === 0) return { peakPerS: 0, meanPerS: 0 };
  const first = minOf(times);
  const buckets = new Map<number, number>();
  for (const at of times) {
    const b = Math.floor((at - first) / 1000);
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  return {
    peakPerS: Math.max(...buckets.values()),
    meanPerS: times.length / Math.max(0.001, (maxOf(times) - first) / 1000),
  };
}

// ---------------------------------------------------------------------------------------------------------

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const unexpectedExits: string[] = [];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const line = (label: string, value: string | number, target?: string, ok?: boolean) =>
  console.log(
    `  ${label.padEnd(36)} ${String(value).padEnd(28)} ${target ? `target ${target}`.padEnd(14) : ''.padEnd(14)} ${ok === undefined ? '' : verdict(ok)}`,
  );

try {
  const benchStarted = Date.now();
  // Our ports: the gateway, the first instance of each service just above it, further ones from +20.
  const ports = [...Array(5).keys()]
    .map((i) => PORT + i)
    .concat([...Array(5).keys()].map((i) => PORT + 20 + i));
  const taken: number[] = [];
  for (const port of ports) if (await portOpen(port)) taken.push(port);
  if (taken.length) throw new Error(`ports in use: ${taken.join(', ')} (set BENCH_PORT)`);

  const dataServers = await provisionDataServers();
  const { adminUrl, redisUrl } = dataServers;
  cleanups.push(() => stopDataServersUnlessShared(dataServers, { adminUrl, redisUrl }));
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `pitclock_bench_morning_${suffix}`;
  const keyPrefix = `pitclock-bench-morning-${suffix}:`;
  await ensureDatabase(adminUrl, databaseName);
  cleanups.push(() => dropDatabase(adminUrl, databaseName));
  const redis = new Redis(redisUrl);
  cleanups.push(async () => {
    await deleteRedisKeys(redis, keyPrefix);
    await redis.quit();
  });
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]) || undefined;

  const receiver = await startPushReceiver();
  cleanups.push(() => receiver.close());
  const limit = String(Math.max(10_000, 4 * TEAMS));
  const stack = await startStack({
    gatewayPort: PORT,
    instances: scaledInstances,
    // BENCH_SERVICE_LOGS=1 shows the services' logs (LOG_LEVEL warn: their warnings and errors).
    quiet: process.env.BENCH_SERVICE_LOGS !== '1',
    env: {
      DATABASE_URL: dataServers.databaseUrl(databaseName),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // Every team signs in from 127.0.0.1: the per-IP limits that protect production would stop them.
      LOGIN_LIMIT_PER_IP_PER_MINUTE: limit,
      LOGIN_LIMIT_PER_EMAIL_PER_MINUTE: limit,
      REGISTER_LIMIT_PER_IP_PER_MINUTE: limit,
      PUSH_ALLOWED_ORIGINS: receiver.origin,
      NODE_EXTRA_CA_CERTS: pushReceiverCaPath,
    },
  });
  cleanups.push(() => stack.stop());
  const queueKey = (name: string) => `${bullPrefix(keyPrefix)}:${notificationsQueueName}:${name}`;
  // Before the stack stops: the backlog a saturated morning leaves is dropped, so that the workers and the
  // APIs finish their last calls at once instead of working through it.
  cleanups.push(() => redis.del(queueKey('wait'), queueKey('delayed')));
  for (const proc of stack.processes) {
    proc.child.once('exit', (code, signal) => {
      if (!proc.child.stopping) unexpectedExits.push(`${proc.name} exited with ${code ?? signal}`);
    });
  }
  baseUrl = stack.url;

  // Accounts: the first through the gateway (auth hashes its password), the others copied from it. Each
  // team's subscription is made on the receiver with its plan.
  const teams = planTeams(() => receiver.subscription());
  const firstTeam = teams[0]!;
  if (!REGISTER_AT_ARRIVAL) {
    const first = await fetch(`${baseUrl}${API_PATHS.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: firstTeam.email,
        password: PASSWORD,
        display_name: 'Team 0',
        device_info: { device_id: firstTeam.deviceId, name: 'bench' },
      }),
    });
    if (first.status !== 201) throw new Error(`register answered ${first.status}: ${await first.text()}`);
    await withClient(dataServers.databaseUrl(databaseName), (client) =>
      client.query(
        `insert into users (email, name, password_hash)
         select 'team-' || g || '@contest-morning.test', 'Team ' || g, u.password_hash
         from generate_series(1, $1::int - 1) g, users u where u.email = $2`,
        [TEAMS, firstTeam.email],
      ),
    );
  }

  // Warm-up, not counted: one account signs in, subscribes, syncs 6 steps due at once and waits for them
  // (JIT, connection pools, TLS sessions to the receiver).
  {
    const email = 'warm-up@contest-morning.test';
    const post = (p: string, body: unknown, token?: string) =>
      fetch(`${baseUrl}${p}`, {
        method: p.includes('schedule') ? 'PUT' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    await post(API_PATHS.register, {
      email,
      password: PASSWORD,
      display_name: 'Warm up',
      device_info: { device_id: 'warm-up', name: 'bench' },
    });
    let token: string | undefined;
    for (let i = 0; i < 6; i += 1)
      token = ((await (await post(API_PATHS.login, { email, password: PASSWORD })).json()) as LoginResponse)
        .token;
    const sub = receiver.subscription();
    await post(
      API_PATHS.pushSubscribe,
      { subscription: { endpoint: sub.endpoint, keys: sub.keys }, device_id: 'warm-up' },
      token,
    );
    const soon = new Date(Date.now() + 500).toISOString();
    const steps = [...Array(6).keys()].map((i): PushScheduleStep => ({
      id: `w${i}`,
      name: `W${i}`,
      scheduled_at: soon,
      done: false,
      dismissed: false,
    }));
    const warmUpSchedule = apiPath(API_PATHS.pushRunSchedule, { runId: 'warm-up' });
    await post(warmUpSchedule, { ...CONTEST, steps }, token);
    const deadline = Date.now() + 10_000;
    while (receiver.received().length < steps.length && Date.now() < deadline) await sleep(50);
    // Done, so that no reminder of the warm-up comes during the morning.
    const done = steps.map((s) => ({ ...s, done: true }));
    await post(warmUpSchedule, { ...CONTEST, steps: done }, token);
    readUpTo = receiver.received().length;
  }

  // The morning.
  // Once a second: our database's connections by state (a transaction left open while its request waits
  // on something else shows as 'idle in transaction'), those waiting on a lock, the oldest transaction, and
  // the Bull lists (wait: due and not started yet; delayed: not due yet; active: running).
  const databaseUrl = dataServers.databaseUrl(databaseName);
  const pgSamples: PgSample[] = [];
  const pgWatch = new pg.Client({ connectionString: adminUrl });
  await pgWatch.connect();
  cleanups.push(() => pgWatch.end());
  let watching = true;
  const watchDone = (async () => {
    try {
      await watchLoop();
    } catch (error) {
      if (watching) console.error(`  sampling PostgreSQL and Redis stopped: ${(error as Error).message}`);
    }
  })();
  async function watchLoop() {
    while (watching) {
      const { rows } = await pgWatch.query<
        Pick<
          PgSample,
          'total' | 'active' | 'idle_in_transaction' | 'waiting_on_lock' | 'oldest_transaction_ms'
        >
      >(
        `select count(*)::int as total,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'idle in transaction')::int as idle_in_transaction,
                count(*) filter (where wait_event_type = 'Lock')::int as waiting_on_lock,
                coalesce(extract(epoch from max(now() - xact_start)) * 1000, 0)::int as oldest_transaction_ms
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      // LLEN, ZCARD and LLEN answer counts.
      const [wait, delayed, bullActive] = (
        (await redis
          .pipeline()
          .llen(queueKey('wait'))
          .zcard(queueKey('delayed'))
          .llen(queueKey('active'))
          .exec()) ?? []
      ).map(([, value]) => value as number);
      pgSamples.push({ atMs: Date.now(), ...rows[0]!, wait, delayed, bullActive, pushes: pushCounts.total });
      await sleep(1_000);
    }
  }
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const startMs = Date.now() + 1_000;
  for (const team of teams) for (const step of team.steps) step.dueMs = startMs + step.dueOffsetMs;
  const lastDueMs = maxOf(teams.flatMap((t) => t.steps.map((s) => s.dueMs)));
  const arrivalsDone = Promise.all(
    teams.map(async (team) => {
      await sleep(startMs + team.arriveOffsetMs - Date.now());
      await arrive(team);
    }),
  ).then(() => Date.now());
  await sleep(startMs - Date.now());
  const cpuAtStart = await snapshotCpu(stack, databaseName, adminUrl, redisPid);
  const redisAtStart = await redisCommandStats(redis);
  let cpuAfterArrivals: CpuSnapshot | undefined;
  let arrivalsEndedMs: number | undefined;
  void arrivalsDone.then(async (at) => {
    arrivalsEndedMs = at;
    cpuAfterArrivals = await snapshotCpu(stack, databaseName, adminUrl, redisPid);
  });

  // Until every synced step's due-now is in and every outbox is empty, or due + 30 s of the last step
  // (and DRAIN_MS for the outboxes' last PUTs) have passed.
  let pushes: ReceivedPush[] = [];
  const hardEndMs = lastDueMs + LOST_AFTER_MS + DRAIN_MS;
  giveUpAtMs = hardEndMs;
  for (;;) {
    if (unexpectedExits.length) throw new Error(`a process died: ${unexpectedExits.join('; ')}`);
    pushes = readPushes(receiver);
    const arrived = arrivalsEndedMs !== undefined;
    const allIn = teams.every((t) => !t.synced || t.steps.every((s) => s.dueNow.length > 0));
    const now = Date.now();
    if (arrived && outboxesIdle(teams) && (allIn || now > lastDueMs + LOST_AFTER_MS)) break;
    if (now > hardEndMs) break;
    await sleep(100);
  }
  const endMs = Date.now();
  const stoppedAtHardEnd = endMs > hardEndMs;
  const cpuAtEnd = await snapshotCpu(stack, databaseName, adminUrl, redisPid);
  const redisAtEnd = await redisCommandStats(redis);
  lag.disable();
  await sleep(2_000); // a duplicate or a reminder in flight
  pushes = readPushes(receiver);
  const counters = await workerCounters(stack);
  const queueLeft = {
    delayed: await redis.zcard(queueKey('delayed')),
    waiting: await redis.llen(queueKey('wait')),
    active: await redis.llen(queueKey('active')),
    failed: await redis.zcard(queueKey('failed')),
  };
  const payloads = checkPayloads(pushes);
  watching = false;
  await watchDone;
  const pgMax = (
    field: 'total' | 'active' | 'idle_in_transaction' | 'waiting_on_lock' | 'oldest_transaction_ms',
  ) => Math.max(0, ...pgSamples.map((sample) => sample[field]));
  const pgFigures = {
    samples: pgSamples.length,
    maxConnections: pgMax('total'),
    maxActive: pgMax('active'),
    maxIdleInTransaction: pgMax('idle_in_transaction'),
    meanIdleInTransaction:
      pgSamples.reduce((a, b) => a + b.idle_in_transaction, 0) / Math.max(1, pgSamples.length),
    maxWaitingOnLock: pgMax('waiting_on_lock'),
    oldestTransactionMs: pgMax('oldest_transaction_ms'),
    perSecond: pgSamples.map(({ atMs, ...rest }) => ({
      s: Math.round((atMs - pgSamples[0]!.atMs) / 1000),
      ...rest,
    })),
  };
  // What the workers recorded for each stage (push_deliveries: one row per attempt or per job that sent
  // nothing): a due-now 'cancelled' is a job that found its step not stored, done or re-timed.
  const recorded = await withClient(databaseUrl, (client) =>
    client.query<{ stage: string; result: string; n: number }>(
      `select case when stage_index = 0 then 'due-now' else 'overdue' end as stage, result, count(*)::int as n
       from push_deliveries where run_id like 'run-%' group by 1, 2 order by 1, 2`,
    ),
  );
  const deliveriesRecorded = Object.fromEntries(recorded.rows.map((r) => [`${r.stage} ${r.result}`, r.n]));

  // Figures.
  // Every call of the morning (at least the teams' sign-ins were attempted).
  const all = endpointFigures(samples)!;
  const endpoints: Record<string, NonNullable<ReturnType<typeof endpointFigures>>> = {};
  for (const name of ['register', 'login', 'subscribe', 'schedule (sync)', 'schedule (done)']) {
    const figures = endpointFigures(samples.filter((s) => s.endpoint === name));
    if (figures) endpoints[name] = figures;
  }
  const putFigures = endpointFigures(samples.filter((s) => s.endpoint.startsWith('schedule')));
  const errorRate = all.failed / all.requests;
  const push = pushFigures(teams);
  const rate = deliveryRate(teams);
  const failedTeams = teams.filter((t) => t.failed);
  const syncLate = teams.filter((t) => t.synced && t.syncedAtMs > t.steps[0]!.dueMs).length;
  const sync = teams.filter((t) => t.synced).map((t) => t.syncedAtMs - t.arrivedAtMs);
  const batches = doneBatches;
  const doneNotAnswered = teams.reduce((n, t) => n + t.unsent.size + t.pending.size, 0);
  const doneDropped = teams.reduce((n, t) => n + (t.doneDropped ?? 0), 0);
  // The split at the end of the arrivals, when they ended before the bench stopped waiting.
  const split = cpuAfterArrivals && cpuAfterArrivals.atMs < cpuAtEnd.atMs ? cpuAfterArrivals : undefined;
  const cpu: { arrivals?: CpuShares | undefined; afterArrivals?: CpuShares | undefined; whole: CpuShares } = {
    arrivals: split ? cpuShares(cpuAtStart, split) : undefined,
    afterArrivals: split ? cpuShares(split, cpuAtEnd) : undefined,
    whole: cpuShares(cpuAtStart, cpuAtEnd),
  };
  // Redis's busiest commands over the morning (the whole server: commands that Bull's scripts call are
  // counted too), and a timeline of the morning from the samples.
  const redisTop = Object.entries(redisAtEnd)
    .map(([command, { calls, usec }]) => ({
      command,
      calls: calls - (redisAtStart[command]?.calls ?? 0),
      usec: usec - (redisAtStart[command]?.usec ?? 0),
    }))
    .filter((c) => c.calls > 0)
    .sort((a, b) => b.usec - a.usec)
    .slice(0, 6);
  const timeline: {
    fromS: number;
    okPerS: number;
    errorsPerS: number;
    pushesPerS: number;
    wait: number | undefined;
    delayed: number | undefined;
    idleInTransaction: number;
    oldestTransactionMs: number;
  }[] = [];
  const stepS = Math.max(10, Math.ceil((endMs - startMs) / 1000 / 12 / 10) * 10);
  for (let from = startMs; from < endMs; from += stepS * 1000) {
    const to = Math.min(endMs, from + stepS * 1000);
    const inside = samples.filter((x) => x.startMs + x.ms >= from && x.startMs + x.ms < to);
    const last: Partial<PgSample> = pgSamples.filter((x) => x.atMs < to).at(-1) ?? {};
    const first = pgSamples.filter((x) => x.atMs < from).at(-1) ?? { pushes: 0 };
    const window = pgSamples.filter((x) => x.atMs >= from && x.atMs < to);
    timeline.push({
      fromS: Math.round((from - startMs) / 1000),
      okPerS: inside.filter((x) => x.ok).length / ((to - from) / 1000),
      errorsPerS: inside.filter((x) => !x.ok).length / ((to - from) / 1000),
      pushesPerS: ((last.pushes ?? 0) - first.pushes) / ((to - from) / 1000),
      wait: last.wait,
      delayed: last.delayed,
      idleInTransaction: Math.max(0, ...window.map((x) => x.idle_in_transaction)),
      oldestTransactionMs: Math.max(0, ...window.map((x) => x.oldest_transaction_ms)),
    });
  }
  const wholeS = (endMs - startMs) / 1000;
  const cpuMs = (group: string) => ((cpu.whole[group] ?? 0) / 100) * wholeS * 1000;
  const logins = endpoints.login?.requests ?? 0;
  const puts = putFigures?.requests ?? 0;
  const notifierCalls = puts + (endpoints.subscribe?.requests ?? 0);
  const workerRuns = Object.values(counters).reduce((a, b) => a + b, 0);
  const perUnit = {
    authMsPerLogin: cpuMs('auth') / Math.max(1, logins + (endpoints.register?.requests ?? 0)),
    gatewayMsPerRequest: cpuMs('gateway') / Math.max(1, all.requests),
    notifierApiMsPerCall: cpuMs('notifier-api') / Math.max(1, notifierCalls),
    workersMsPerJob: cpuMs('notifier-workers') / Math.max(1, workerRuns),
    postgresMsPerCallOrJob: cpuMs('postgres') / Math.max(1, notifierCalls + workerRuns),
    redisMsPerCallOrJob: cpuMs('redis') / Math.max(1, notifierCalls + workerRuns),
    benchMsPerPush: cpuMs('bench+receiver') / Math.max(1, pushCounts.total),
  };
  const ms2 = (n: number) => Math.round(n * 100) / 100;

  const settings = {
    teams: TEAMS,
    steps: STEPS,
    arrivalS: ARRIVAL_S,
    dueWindowS: DUE_WINDOW_S,
    leadS: LEAD_S,
    seed: SEED,
    registerAtArrival: REGISTER_AT_ARRIVAL,
    doneBatchMs: DONE_BATCH_MS,
    instances: scaledInstances,
    cpus: os.cpus().length,
    node: process.version,
  };
  console.log(
    `\ncontest morning: ${fmt(TEAMS)} teams arriving over ${ARRIVAL_S} s, ${STEPS} steps each due over ${DUE_WINDOW_S} s from ${LEAD_S} s after arrival (${fmt(TEAMS * STEPS)} due-now pushes); scaled stack (${Object.entries(
      scaledInstances,
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}) behind ${baseUrl}; ${os.cpus().length} CPUs`,
  );
  console.log(
    `  requests: ${fmt(all.requests)} in ${all.spanS.toFixed(0)} s = ${all.perS.toFixed(1)}/s overall (busiest second ${all.peakPerS})`,
  );
  console.log(
    `  ${'endpoint'.padEnd(34)} ${'requests'.padStart(8)} ${'per s'.padStart(7)} ${'peak/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  errors`,
  );
  const row = (name: string, f: NonNullable<ReturnType<typeof endpointFigures>>) =>
    console.log(
      `  ${name.padEnd(34)} ${fmt(f.requests).padStart(8)} ${f.perS.toFixed(1).padStart(7)} ${String(f.peakPerS).padStart(7)} ${fmt(f.p50Ms).padStart(8)} ${fmt(f.p99Ms).padStart(8)} ${fmt(f.maxMs).padStart(8)}  ${f.failed ? JSON.stringify(f.errors) : '-'}`,
    );
  const paths: Record<string, string> = {
    register: 'POST /api/auth/register',
    login: 'POST /api/login',
    subscribe: 'POST /api/push/subscribe',
    'schedule (sync)': 'PUT  .../schedule (sync, 40 steps)'.replace('40', String(STEPS)),
    'schedule (done)': 'PUT  .../schedule (steps done)',
  };
  for (const [name, f] of Object.entries(endpoints)) row(paths[name] ?? name, f);
  if (putFigures) row('PUT  .../schedule (both)', putFigures);
  line(
    'error rate (non-2xx, network)',
    `${(100 * errorRate).toFixed(2)}% (${all.failed} of ${fmt(all.requests)})`,
    '0',
    all.failed === 0,
  );
  if (all.failed) {
    console.log(`    by status: ${JSON.stringify(all.errors)}`);
    for (const [key, text] of errorTexts) console.log(`    ${key}: ${text}`);
  }
  if (failedTeams.length) {
    console.log(
      `    teams that never synced after retries: ${failedTeams.length} (${[...new Set(failedTeams.map((t) => t.failed))].slice(0, 3).join('; ')})`,
    );
  }
  console.log(
    `  arrival -> synced per team: p50 ${fmt(percentile(sync, 50))} ms, p99 ${fmt(percentile(sync, 99))} ms; synced after its first step was due: ${syncLate}`,
  );
  console.log(
    `  done PUTs: ${fmt(batches.length)} carrying ${fmt(batches.reduce((a, b) => a + b.steps, 0))} steps (${(batches.reduce((a, b) => a + b.steps, 0) / Math.max(1, batches.length)).toFixed(2)} per PUT); alerts still planned per done PUT (the response's scheduled): mean ${(batches.reduce((a, b) => a + (b.jobs ?? 0), 0) / Math.max(1, batches.length)).toFixed(0)}; push -> done PUT answered p50 ${fmt(push.doneLagMs.p50)} ms, p99 ${fmt(push.doneLagMs.p99)} ms, max ${fmt(push.doneLagMs.max)} ms`,
  );
  if (doneNotAnswered || doneDropped || stoppedAtHardEnd) {
    console.log(
      `    ${stoppedAtHardEnd ? `stopped waiting ${(LOST_AFTER_MS + DRAIN_MS) / 1000} s after the last due time; ` : ''}done steps still unanswered then: ${doneNotAnswered}, refused (4xx): ${doneDropped}`,
    );
  }
  console.log(`\n  pushes`);
  line('deliveries (due-now received)', `${fmt(push.delivered)} of ${fmt(push.expected)}`);
  line('deliveries/s', `mean ${fmt(rate.meanPerS)}, busiest second ${fmt(rate.peakPerS)}`);
  line(
    'lateness p50 / p99 / max',
    `${fmt(push.latenessMs.p50)} / ${fmt(push.latenessMs.p99)} / ${fmt(push.latenessMs.max)} ms`,
  );
  line('lost (not in by due + 30 s)', push.lost, '0', push.lost === 0);
  line('duplicates (due-now twice)', push.duplicates, '0', push.duplicates === 0);
  line(
    'reminders received (overdue)',
    `${push.reminders} on ${push.stepsWithReminders} steps`,
    '0',
    push.reminders === 0,
  );
  if (push.reminders)
    console.log(
      `    why: ${JSON.stringify(push.reminderCauses)} (doneLate: the done PUT answered after the reminder arrived)`,
    );
  line(
    'other pushes',
    `strays ${pushCounts.strays}, no topic ${pushCounts.noTopic}; sample of ${payloads.checked} decrypted: ${payloads.mismatched} mismatched, ${payloads.undecryptable} undecryptable`,
  );
  if (push.lost) {
    console.log(
      `    of the lost: ${push.lateBeyondLost} came later than due + 30 s, ${push.unscheduled} were of teams never synced, ${push.neverCame} of synced runs never came (${push.lostDueBeforeSynced} of them due before their team's sync PUT was answered); the workers recorded ${JSON.stringify(deliveriesRecorded)}`,
    );
  }
  if (push.duplicates) {
    console.log(
      `    duplicates came ${push.duplicateGapsMs.map((ms) => fmt(ms)).join(', ')} ms after the first (worker 'retry' results: ${counters.retry ?? 0})`,
    );
  }
  line('queue at the end', JSON.stringify(queueLeft));
  line('worker job results', JSON.stringify(counters));
  console.log(`\n  CPU (% of one core; ${os.cpus().length * 100}% = the whole machine)`);
  if (!cpu.arrivals) console.log(`    (teams were still arriving when the bench stopped waiting)`);
  if (cpu.arrivals && cpu.afterArrivals && arrivalsEndedMs !== undefined) {
    console.log(
      `    while teams arrived (${((arrivalsEndedMs - startMs) / 1000).toFixed(0)} s): ${sharesText(cpu.arrivals)}`,
    );
    console.log(
      `    after the arrivals (${((endMs - arrivalsEndedMs) / 1000).toFixed(0)} s): ${sharesText(cpu.afterArrivals)}`,
    );
  }
  console.log(`    whole morning (${wholeS.toFixed(0)} s): ${sharesText(cpu.whole)}`);
  console.log(
    `    per unit (whole morning): auth ${ms2(perUnit.authMsPerLogin)} ms/sign-in, gateway ${ms2(perUnit.gatewayMsPerRequest)} ms/request, notifier API ${ms2(perUnit.notifierApiMsPerCall)} ms/call, workers ${ms2(perUnit.workersMsPerJob)} ms/job, postgres ${ms2(perUnit.postgresMsPerCallOrJob)} and redis ${ms2(perUnit.redisMsPerCallOrJob)} ms per notifier call or job, bench+receiver ${ms2(perUnit.benchMsPerPush)} ms/push`,
  );
  const lagP99 = lag.percentile(99) / 1e6;
  console.log(
    `    this client's event-loop delay p99 ${lagP99.toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms (adds to latencies and lateness as measured here)`,
  );
  console.log(
    `  PostgreSQL (our database, sampled each second): up to ${pgFigures.maxConnections} connections, ${pgFigures.maxActive} active, ${pgFigures.maxIdleInTransaction} idle in transaction (mean ${pgFigures.meanIdleInTransaction.toFixed(1)}), ${pgFigures.maxWaitingOnLock} waiting on a lock; the oldest open transaction ${fmt(pgFigures.oldestTransactionMs)} ms`,
  );
  console.log(
    `  Redis, busiest commands: ${redisTop.map((c) => `${c.command} ${fmt(c.calls)} calls, ${(c.usec / Math.max(1, c.calls)).toFixed(1)} us each`).join('; ')}`,
  );
  console.log(
    `\n  timeline  ${'from s'.padStart(6)} ${'ok/s'.padStart(6)} ${'err/s'.padStart(6)} ${'push/s'.padStart(7)} ${'wait'.padStart(8)} ${'delayed'.padStart(8)} ${'idle-in-tx'.padStart(10)} ${'oldest tx ms'.padStart(12)}`,
  );
  for (const t of timeline) {
    console.log(
      `            ${String(t.fromS).padStart(6)} ${t.okPerS.toFixed(0).padStart(6)} ${t.errorsPerS.toFixed(0).padStart(6)} ${t.pushesPerS.toFixed(0).padStart(7)} ${fmt(t.wait).padStart(8)} ${fmt(t.delayed).padStart(8)} ${String(t.idleInTransaction).padStart(10)} ${fmt(t.oldestTransactionMs).padStart(12)}`,
    );
  }
  console.log(`  bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);

  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'contest-morning.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        settings,
        targets: TARGETS,
        requests: all,
        endpoints,
        schedulePuts: putFigures,
        errorRate,
        failedTeams: failedTeams.length,
        syncMs: { p50: percentile(sync, 50), p99: percentile(sync, 99) },
        syncedAfterFirstDue: syncLate,
        stoppedAtHardEnd,
        donePuts: {
          count: batches.length,
          stepsDropped: doneDropped,
          stepsNotAnswered: doneNotAnswered,
          steps: batches.reduce((a, b) => a + b.steps, 0),
        },
        pushes: { ...push, ...rate, received: pushCounts, payloadSample: payloads },
        queueLeft,
        workerCounters: counters,
        deliveriesRecorded,
        postgres: pgFigures,
        redisTop,
        timeline,
        errorTexts: Object.fromEntries(errorTexts),
        cpu,
        cpuPerUnitMs: Object.fromEntries(Object.entries(perUnit).map(([k, v]) => [k, ms2(v)])),
        clientEventLoopDelayMs: { p99: lagP99, max: lag.max / 1e6 },
        wallS: (Date.now() - benchStarted) / 1000,
      },
      null,
      2,
    ),
  );
  if (push.lost > 0) process.exitCode = 1;
} catch (error) {
  if (!interrupted) {
    console.error(`contest-morning bench failed: ${stackOf(error)}`);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) {
    await cleanUp();
    // Timers of calls still waiting to be tried again must not hold the process.
    process.exit(process.exitCode ?? 0);
  }
}

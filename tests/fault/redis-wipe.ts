// Fault test: Redis loses everything (FLUSHALL: what a replaced or wiped Redis looks like) while step
// notifications are pending in Bull; the notifier must plan them again from PostgreSQL.
//
//   node --import tsx tests/fault/redis-wipe.ts           (from the repository root; npm run fault runs them all)
//
// The scaled stack (gateway on :8881, QUEUE_PLAN_CHECK_MS 2 s so that the test is short; 30 s by default)
// runs on a private PostgreSQL and Redis with the local https Web Push receiver. Five users sign in,
// subscribe one browser each and PUT a run whose 4 steps are due 6, 9, 12 and 15 s later (20 due-now
// notifications). 2 s after the PUTs every key of Redis is flushed: the delayed jobs, the completed ones,
// the rate-limit counters and the notifier's record of the Redis server it planned on.
//
// Checks: the notifier API plans the stored schedules again; every notification is delivered, exactly once
// (counted at the receiver by decrypting each push), none later than one plan check plus a little.
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { TestSubscription } from '@pitclock/notifier/test-support/push-receiver';
import {
  deliveredDueNow,
  newUser,
  percentile,
  runScenario,
  say,
  scheduleBody,
  sleep,
  startFaultStack,
  waitUntil,
  type Exchange,
  type FaultUser,
} from './lib';

type SubscribedUser = FaultUser & { subscription: TestSubscription };

const GATEWAY_PORT = Number(process.env.FAULT_REDIS_WIPE_PORT ?? 8881);
const USERS = 5;
const DUE_OFFSETS_MS = [6_000, 9_000, 12_000, 15_000];
const PLAN_CHECK_MS = 2_000;
/** A notification may be late by one plan check plus this (the plan, Bull's delay timer, the push). */
const SLACK_MS = 2_000;
const LOST_AFTER_MS = 30_000;

await runScenario('redis-wipe: Redis loses every key while notifications are pending', async (report) => {
  const fault = await startFaultStack({
    name: 'redis-wipe',
    gatewayPort: GATEWAY_PORT,
    pushReceiver: true,
    env: { QUEUE_PLAN_CHECK_MS: String(PLAN_CHECK_MS) },
  });
  const { receiver, gatewayUrl, env } = fault;
  const exchanges: Exchange[] = [];
  const users: SubscribedUser[] = [];
  for (let u = 1; u <= USERS; u += 1) {
    const user = await newUser(gatewayUrl, `rw-cook-${u}`, exchanges);
    const subscription = receiver.subscription();
    const answer = await user.client.call('POST', API_PATHS.pushSubscribe, {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      device_id: `rw-device-${u}`,
    });
    if (answer.outcome !== 'ok') throw new Error(`subscribe: ${answer.error}`);
    users.push({ ...user, subscription });
  }

  const expected: { user: SubscribedUser; runId: string; stepId: string; dueMs: number }[] = [];
  const base = Date.now();
  await Promise.all(
    users.map(async (user, u) => {
      const runId = `rw-run-${u + 1}`;
      const dueTimes = DUE_OFFSETS_MS.map((offset) => base + offset);
      const answer = await user.client.call(
        'PUT',
        apiPath(API_PATHS.pushRunSchedule, { runId }),
        scheduleBody(dueTimes),
      );
      if (answer.outcome !== 'ok') throw new Error(`PUT schedule ${runId}: ${answer.error}`);
      dueTimes.forEach((dueMs, i) => expected.push({ user, runId, stepId: `step-${i + 1}`, dueMs }));
    }),
  );
  say(
    `${expected.length} notifications scheduled, due ${DUE_OFFSETS_MS.map((ms) => ms / 1000).join(', ')} s`,
  );

  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL!);
  let jobsBefore: number;
  let jobsAfterWipe: number;
  let wipedAt: number;
  try {
    await sleep(Math.max(0, base + 2_000 - Date.now()));
    jobsBefore = (await redis.keys(`${env.REDIS_KEY_PREFIX}bull:notifications:step-alert:*`)).length;
    await redis.flushall();
    wipedAt = Date.now();
    jobsAfterWipe = (await redis.keys(`${env.REDIS_KEY_PREFIX}bull:notifications:step-alert:*`)).length;
    say(`Redis flushed: ${jobsBefore} step-alert jobs before, ${jobsAfterWipe} after`);
    const lastDue = Math.max(...expected.map((item) => item.dueMs));
    await waitUntil(() => deliveredDueNow(receiver, users).size >= expected.length, {
      timeoutMs: Math.max(1_000, lastDue + LOST_AFTER_MS - Date.now()),
      what: 'every notification delivered',
    }).catch((error: Error) => say(error.message));
    await sleep(1_500); // a duplicate would come right after
  } finally {
    const replanned = (await redis.keys(`${env.REDIS_KEY_PREFIX}bull:notifications:step-alert:*`)).length;
    say(`${replanned} step-alert jobs in Redis at the end`);
    await redis.quit();
  }

  const got = deliveredDueNow(receiver, users);
  const rows = expected.map((item) => {
    const arrivals = got.get(`${item.user.subscription.endpoint} ${item.runId} ${item.stepId}`) ?? [];
    return {
      ...item,
      arrivals,
      latenessMs: arrivals.length ? Math.min(...arrivals) - item.dueMs : undefined,
    };
  });
  console.log('\n-- notifications (lateness = arrival at the receiver - due time)');
  for (const offset of DUE_OFFSETS_MS) {
    const group = rows.filter((row) => row.dueMs - base === offset);
    const late = group.flatMap((row) => (row.latenessMs === undefined ? [] : [row.latenessMs]));
    console.log(
      `  due ${((base + offset - wipedAt) / 1000).toFixed(1).padStart(5)} s after the wipe: delivered ` +
        `${late.length}/${group.length}, lateness ms: min ${Math.min(...late)} p50 ${percentile(late, 50)} max ${Math.max(...late)}`,
    );
  }
  report.check(
    'the wipe removed the pending jobs',
    jobsBefore > 0 && jobsAfterWipe === 0,
    `${jobsBefore} -> ${jobsAfterWipe}`,
  );
  report.check(
    'every notification was delivered after the wipe',
    rows.every((row) => row.arrivals.length > 0),
    `${rows.filter((row) => row.arrivals.length > 0).length}/${rows.length}`,
  );
  const duplicated = rows.filter((row) => row.arrivals.length > 1);
  report.check('each was delivered once', duplicated.length === 0, `${duplicated.length} duplicated`);
  const maxLateness = Math.max(...rows.map((row) => row.latenessMs ?? Infinity));
  report.check(
    `none was later than one plan check (${PLAN_CHECK_MS / 1000} s) plus ${SLACK_MS / 1000} s`,
    maxLateness <= PLAN_CHECK_MS + SLACK_MS,
    `max lateness ${maxLateness} ms`,
  );
  const restarted = fault.restartedProcesses();
  report.check('no process was restarted', restarted.length === 0, restarted.join(', ') || 'none');
});

// Fault test: Redis is SIGKILLed while step notifications are pending in Bull (delayed jobs), stays down
// a few seconds, and is started again on the same port and data (append-only file, fsync every second).
//
//   node --import tsx tests/fault/redis-restart.ts           (from the repository root; npm run fault runs them all)
//
// The scaled stack (2 auth, 2 licensing, 2 notifier API, 3 notifier workers, the gateway on :8781) runs on
// a private PostgreSQL cluster and a private Redis, with the local https Web Push receiver
// (@pitclock/notifier/test-support/push-receiver; the notifier trusts its CA through NODE_EXTRA_CA_CERTS).
// Five users register and sign in through the gateway, subscribe one browser each on the receiver, and PUT
// a run whose 5 steps are due 4, 6, 9, 12 and 16 s later (25 due-now notifications). 1.5 s after the last
// PUT (so that Redis's every-second fsync has written the jobs), Redis is SIGKILLed; it is started again
// OUTAGE_MS later. Then each user PUTs one more step due 3 s ahead: new jobs after the recovery.
//
// Checks: every notification is delivered after Redis comes back, exactly once (counted at the receiver
// by decrypting each push: run, step, stage), each late by at most the outage plus a little; the new steps
// are delivered too; every service and worker reported not ready during the outage and ready after it,
// and no process was restarted.
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { TestSubscription } from '@pitclock/notifier/test-support/push-receiver';
import {
  safeJson,
  deliveredDueNow,
  errorShapeProblem,
  newUser,
  percentile,
  runScenario,
  say,
  scheduleBody,
  sleep,
  startFaultStack,
  waitUntil,
  watchReadiness,
  type Exchange,
  type FaultUser,
} from './lib';

type Phase = 'pending at the kill' | 'scheduled after the recovery';
type SubscribedUser = FaultUser & { subscription: TestSubscription };
/** A notification the test waits for: whose, which run and step, when due, and in which phase. */
interface Expected {
  user: SubscribedUser;
  runId: string;
  stepId: string;
  dueMs: number;
  phase: Phase;
}
/** What a call got while Redis was down: its status (or the network error's code), text and time. */
interface Probe {
  call: string;
  status?: number;
  error?: string | undefined;
  text: string;
  ms: number;
}

const GATEWAY_PORT = Number(process.env.FAULT_REDIS_PORT ?? 8781);
const USERS = 5;
const DUE_OFFSETS_MS = [4_000, 6_000, 9_000, 12_000, 16_000];
const FSYNC_WAIT_MS = 1_500;
const OUTAGE_MS = Number(process.env.FAULT_REDIS_OUTAGE_MS ?? 5_000);
/** A notification may be late by the outage plus this (reconnect back-off, Bull's delay timer, the push). */
const SLACK_MS = 3_000;
const LOST_AFTER_MS = 30_000;

await runScenario('redis-restart: Redis killed while notifications are pending', async (report) => {
  const fault = await startFaultStack({
    name: 'redis-restart',
    gatewayPort: GATEWAY_PORT,
    pushReceiver: true,
  });
  const { stack, redis, receiver, gatewayUrl } = fault;
  const exchanges: Exchange[] = [];
  const users: SubscribedUser[] = [];
  for (let u = 1; u <= USERS; u += 1) {
    const user = await newUser(gatewayUrl, `rr-cook-${u}`, exchanges);
    const subscription = receiver.subscription();
    const answer = await user.client.call('POST', API_PATHS.pushSubscribe, {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      device_id: `rr-device-${u}`,
    });
    if (answer.outcome !== 'ok') throw new Error(`subscribe: ${answer.error}`);
    users.push({ ...user, subscription });
  }
  say(`${USERS} users signed in and subscribed on the receiver ${receiver.origin}`);

  const expected: Expected[] = [];
  const schedule = async (user: SubscribedUser, runId: string, dueTimes: number[], phase: Phase) => {
    const answer = await user.client.call(
      'PUT',
      apiPath(API_PATHS.pushRunSchedule, { runId }),
      scheduleBody(dueTimes),
    );
    if (answer.outcome !== 'ok') throw new Error(`PUT schedule ${runId}: ${answer.error}`);
    dueTimes.forEach((dueMs, i) => expected.push({ user, runId, stepId: `step-${i + 1}`, dueMs, phase }));
  };
  const base = Date.now();
  await Promise.all(
    users.map((user, u) =>
      schedule(
        user,
        `rr-run-${u + 1}`,
        DUE_OFFSETS_MS.map((offset) => base + offset),
        'pending at the kill',
      ),
    ),
  );
  const scheduledAt = Date.now();
  say(
    `${expected.length} notifications scheduled (due ${DUE_OFFSETS_MS.map((ms) => ms / 1000).join(', ')} s after ${((scheduledAt - base) / 1000).toFixed(1)} s of PUTs)`,
  );

  const watcher = watchReadiness(stack.processes);
  const servers = stack.processes.filter((proc) => proc.kind !== 'gateway');
  let downAt: number;
  let upAt: number;
  let probes: Promise<Probe[]> | undefined;
  let readyAt: number;
  try {
    await sleep(Math.max(0, scheduledAt + FSYNC_WAIT_MS - Date.now()));
    const beforeKill = receiver.received().length;
    downAt = Date.now();
    await redis.kill();
    say(`Redis SIGKILLed (${beforeKill} pushes received before); down for ${OUTAGE_MS / 1000} s`);
    await sleep(1_000);
    // What callers get meanwhile: one call of each kind, not retried (their answers are checked below).
    probes = probeCalls(gatewayUrl, users[0]!);
    await sleep(Math.max(0, downAt + OUTAGE_MS - Date.now()));
    await redis.start();
    upAt = Date.now();
    say(`Redis started again after ${((upAt - downAt) / 1000).toFixed(1)} s`);
    await waitUntil(
      () =>
        servers.every((proc) =>
          watcher.samples.some((s) => s.name === proc.name && s.at > upAt && s.status === 200),
        ),
      { timeoutMs: 30_000, what: 'every process ready after the restart' },
    );
    readyAt = Date.now();
    say(`every process ready ${((readyAt - upAt) / 1000).toFixed(1)} s after the start`);

    // New jobs after the recovery: one more step per user, due 3 s ahead.
    const after = Date.now() + 3_000;
    await Promise.all(
      users.map((user, u) =>
        schedule(user, `rr-run-after-${u + 1}`, [after], 'scheduled after the recovery'),
      ),
    );
    const lastDue = Math.max(...expected.map((item) => item.dueMs));
    await waitUntil(() => deliveredDueNow(receiver, users).size >= expected.length, {
      timeoutMs: Math.max(1_000, lastDue + LOST_AFTER_MS - Date.now()),
      what: 'every notification delivered',
    }).catch((error: Error) => say(error.message));
    await sleep(1_000); // a duplicate would come right after
  } finally {
    await watcher.stop();
  }

  console.log('\n-- readiness during the outage (503 samples between the kill and the start)');
  const red = servers.map((proc) => {
    const inside = watcher.samples.filter((s) => s.name === proc.name && s.at >= downAt && s.at <= upAt);
    const green = watcher.samples.find((s) => s.name === proc.name && s.at > upAt && s.status === 200);
    return {
      name: proc.name,
      red: inside.filter((s) => s.status === 503).length,
      samples: inside.length,
      greenMs: green ? green.at - upAt : undefined,
    };
  });
  for (const r of red) {
    console.log(
      `  ${r.name.padEnd(18)} ${String(r.red).padStart(3)}/${r.samples} red, green ${r.greenMs ?? '-'} ms after the start`,
    );
  }
  report.check(
    'every service and worker answered /readyz 503 while Redis was down',
    red.every((r) => r.red > 0),
    red
      .filter((r) => r.red === 0)
      .map((r) => r.name)
      .join(', ') || `${red.length} processes`,
  );
  report.check(
    'every service and worker was ready again after Redis came back',
    red.every((r) => r.greenMs !== undefined),
    `slowest ${Math.max(...red.map((r) => r.greenMs ?? Infinity))} ms`,
  );

  console.log('\n-- calls made 1 s into the outage (not retried)');
  const probed = (await probes) ?? [];
  for (const probe of probed) {
    console.log(
      `  ${probe.call.padEnd(36)} ${probe.status ?? probe.error} after ${probe.ms} ms ${probe.text.slice(0, 90)}`,
    );
  }
  const badProbes = probed.filter(
    (probe) =>
      !(
        (probe.status !== undefined && probe.status < 300) ||
        (probe.status === 503 && !errorShapeProblem(safeJson(probe.text)))
      ),
  );
  report.check(
    'calls during the outage succeeded (late) or answered 503 in the one error shape, none 500',
    probed.length > 0 && badProbes.length === 0,
    badProbes.map((probe) => `${probe.call} ${probe.status ?? probe.error}`).join(', ') ||
      `${probed.length} calls`,
  );

  console.log('\n-- notifications (lateness = arrival at the receiver - due time)');
  const got = deliveredDueNow(receiver, users);
  const rows = expected.map((item) => {
    const arrivals = got.get(`${item.user.subscription.endpoint} ${item.runId} ${item.stepId}`) ?? [];
    return {
      ...item,
      arrivals,
      latenessMs: arrivals.length ? Math.min(...arrivals) - item.dueMs : undefined,
    };
  });
  for (const phase of ['pending at the kill', 'scheduled after the recovery']) {
    const items = rows.filter((row) => row.phase === phase);
    console.log(`  ${phase}: ${items.length} notifications`);
    const groups: (number | undefined)[] = phase === 'pending at the kill' ? DUE_OFFSETS_MS : [undefined];
    for (const offset of groups) {
      const group = offset === undefined ? items : items.filter((row) => row.dueMs - base === offset);
      const late = group.flatMap((row) => (row.latenessMs === undefined ? [] : [row.latenessMs]));
      const dueAt =
        offset === undefined
          ? ''
          : `due ${((base + offset - downAt) / 1000).toFixed(1).padStart(5)} s after the kill`;
      console.log(
        `    ${dueAt.padEnd(28)} delivered ${late.length}/${group.length}, lateness ms: ` +
          `min ${Math.min(...late)} p50 ${percentile(late, 50)} max ${Math.max(...late)}`,
      );
    }
  }
  const pending = rows.filter((row) => row.phase === 'pending at the kill');
  const lost = rows.filter((row) => row.arrivals.length === 0);
  const duplicated = rows.filter((row) => row.arrivals.length > 1);
  report.check(
    'every notification pending at the kill was delivered after Redis came back',
    pending.every((row) => row.arrivals.length > 0),
    `${pending.filter((row) => row.arrivals.length > 0).length}/${pending.length}`,
  );
  report.check('each was delivered once', duplicated.length === 0, `${duplicated.length} duplicated`);
  const maxLateness = Math.max(
    ...pending.flatMap((row) => (row.latenessMs === undefined ? [] : [row.latenessMs])),
  );
  const outageMs = upAt - downAt;
  report.check(
    `none was later than the outage plus ${SLACK_MS / 1000} s`,
    pending.every((row) => row.latenessMs !== undefined && row.latenessMs <= outageMs + SLACK_MS),
    `max lateness ${maxLateness} ms, outage ${outageMs} ms`,
  );
  const fresh = rows.filter((row) => row.phase === 'scheduled after the recovery');
  report.check(
    'steps scheduled after the recovery were delivered (the API and the workers use Redis again)',
    fresh.every(
      (row) => row.arrivals.length === 1 && row.latenessMs !== undefined && row.latenessMs <= SLACK_MS,
    ),
    `${fresh.filter((row) => row.arrivals.length > 0).length}/${fresh.length}, max lateness ${Math.max(...fresh.map((row) => row.latenessMs ?? Infinity))} ms`,
  );
  if (lost.length) say(`not delivered: ${lost.map((row) => `${row.runId}/${row.stepId}`).join(', ')}`);
  const restarted = fault.restartedProcesses();
  report.check(
    'no process was restarted',
    restarted.length === 0,
    restarted.join(', ') || `${stack.processes.length} processes`,
  );
});

/** One raw call of each kind through the gateway (no retry), timed: what a caller gets while Redis is down. */
function probeCalls(gatewayUrl: string, user: FaultUser): Promise<Probe[]> {
  const token = user.client.session.getToken();
  const calls: [call: string, method: string, path: string, body?: unknown][] = [
    [
      'POST /api/login (rate limit in Redis)',
      'POST',
      API_PATHS.login,
      { email: user.email, password: 'fault-password-1' },
    ],
    ['GET /api/me (PostgreSQL only)', 'GET', API_PATHS.me],
    ['GET /api/push/me (PostgreSQL only)', 'GET', API_PATHS.pushMe],
    [
      'PUT schedule (queues Bull jobs)',
      'PUT',
      apiPath(API_PATHS.pushRunSchedule, { runId: 'rr-probe' }),
      scheduleBody([Date.now() + 3_600_000]),
    ],
  ];
  return Promise.all(
    calls.map(async ([call, method, path, body]): Promise<Probe> => {
      const began = Date.now();
      try {
        const response = await fetch(`${gatewayUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(40_000),
        });
        return { call, status: response.status, text: await response.text(), ms: Date.now() - began };
      } catch (thrown) {
        // fetch's TypeError (its cause names the network error) or the timeout's DOMException.
        const error = thrown as { name?: string; cause?: { code?: string } } | null | undefined;
        return { call, error: error?.cause?.code ?? error?.name, text: '', ms: Date.now() - began };
      }
    }),
  );
}

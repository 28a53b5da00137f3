// Fault test: a rolling deploy under load. Every process in turn (each service instance, each notifier
// worker, finally the gateway) gets SIGTERM, is waited for, started again on its port, and waited for
// until ready; then the next.
//
//   node --import tsx tests/fault/rolling-deploy.ts          (from the repository root; npm run fault runs them all)
//
// The scaled stack (2 auth, 2 licensing, 2 notifier API, 3 notifier workers, the gateway on :8681) runs on
// a private PostgreSQL cluster and a private Redis, with the local https Web Push receiver. Clients call the
// gateway as the browser does (lib.ts createLoadClient):
//   3 cooks   PUT /api/push/runs/{new id}/schedule with one step due 8 s later (a push to their
//             subscription on the receiver), GET /api/push/me, GET /api/me
//   admin     2 lanes of POST /api/users/{id}/credits (+1; not idempotent), GET /api/licenses/credits
// FAULT_ROLLING_GATEWAY=0 leaves the gateway out of the deploy.
//
// Checks: every process stops cleanly on SIGTERM (exit 0, no SIGKILL) and is ready again; no answer is cut
// off mid-way and every answer is well-formed; no request fails (a connection refused while the gateway
// itself restarts is retried by the client and counted apart); every call succeeds; the ledger holds
// exactly the acknowledged credits; every push scheduled during the deploy is delivered, once.
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { PushReceiver, TestSubscription } from '@pitclock/notifier/test-support/push-receiver';
import {
  deliveredDueNow,
  admin,
  createLoadClient,
  createOpLog,
  malformedAnswers,
  newUser,
  readiness,
  runLoad,
  runScenario,
  say,
  scheduleBody,
  sleep,
  startFaultStack,
  statusTally,
  waitUntil,
  creditTally,
  type Exchange,
  type FaultUser,
} from './lib';

type SubscribedUser = FaultUser & { subscription: TestSubscription };
/** An acknowledged schedule: whose, which run, and when its one step is due. */
type ScheduledPush = { cook: SubscribedUser; runId: string; dueMs: number };

const GATEWAY_PORT = Number(process.env.FAULT_ROLLING_PORT ?? 8681);
const WITH_GATEWAY = process.env.FAULT_ROLLING_GATEWAY !== '0';
const PUSH_LEAD_MS = 8_000;
const LOST_AFTER_MS = 20_000;

await runScenario('rolling-deploy: every process restarted in turn under load', async (report) => {
  const fault = await startFaultStack({
    name: 'rolling-deploy',
    gatewayPort: GATEWAY_PORT,
    pushReceiver: true,
  });
  const { stack, receiver, gatewayUrl } = fault;
  const exchanges: Exchange[] = [];
  const cooks: SubscribedUser[] = [];
  for (let c = 1; c <= 3; c += 1) {
    const cook = await newUser(gatewayUrl, `rd-cook-${c}`, exchanges);
    const subscription = receiver.subscription();
    const answer = await cook.client.call('POST', API_PATHS.pushSubscribe, {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      device_id: `rd-device-${c}`,
    });
    if (answer.outcome !== 'ok') throw new Error(`subscribe: ${answer.error}`);
    cooks.push({ ...cook, subscription });
  }
  const adminClient = createLoadClient({ baseUrl: gatewayUrl, name: 'rd-admin', exchanges });
  await adminClient.signIn(admin.email, admin.password);
  const target = cooks[0]!;
  say(
    `signed in: cooks ${cooks.map((cook) => cook.id).join(', ')} (subscribed on the receiver) and the admin`,
  );

  const log = createOpLog();
  const pushes: ScheduledPush[] = [];
  const creditsPath = apiPath(API_PATHS.userCredits, { id: target.id });
  const load = runLoad(
    [
      ...cooks.map((cook, c) => async (i: number) => {
        const runId = `rd-run-${c + 1}-${i}`;
        const dueMs = Date.now() + PUSH_LEAD_MS;
        const put = await log.run('notifier', 'PUT schedule', () =>
          cook.client.call('PUT', apiPath(API_PATHS.pushRunSchedule, { runId }), scheduleBody([dueMs])),
        );
        if (put.outcome === 'ok') pushes.push({ cook, runId, dueMs });
        await log.run('notifier', 'GET /api/push/me', () => cook.client.call('GET', API_PATHS.pushMe));
        await log.run('auth', 'GET /api/me', () => cook.client.call('GET', API_PATHS.me));
        await sleep(300);
      }),
      ...[1, 2].map(() => async () => {
        await log.run('licensing', 'POST credits', () =>
          adminClient.call('POST', creditsPath, { amount: 1 }),
        );
        await log.run('licensing', 'GET credits', () =>
          adminClient.call('GET', `${API_PATHS.credits}?user_id=${target.id}`),
        );
      }),
    ],
    50,
  );

  const steps: { name: string; exit: number | string | null; stoppedMs: number; readyMs: number }[] = [];
  const order = stack.processes.filter((proc) => WITH_GATEWAY || proc.kind !== 'gateway');
  let deployStart: number;
  let deployEnd: number;
  try {
    await sleep(4_000);
    deployStart = Date.now();
    for (const proc of order) {
      const old = proc.child;
      const began = Date.now();
      await stack.kill(proc, 'SIGTERM');
      const stoppedMs = Date.now() - began;
      await stack.relaunch(proc);
      await waitUntil(async () => (await readiness([proc]))[0]!.status === 200, {
        timeoutMs: 30_000,
        what: `${proc.name} ready`,
      });
      const step = {
        name: proc.name,
        exit: old.exitCode ?? old.signalCode,
        stoppedMs,
        readyMs: Date.now() - began - stoppedMs,
      };
      steps.push(step);
      say(
        `${proc.name.padEnd(18)} SIGTERM -> exit ${step.exit} in ${step.stoppedMs} ms; ready again in ${step.readyMs} ms`,
      );
      await sleep(1_000);
    }
    deployEnd = Date.now();
  } finally {
    await load.stop();
  }
  const lastDue = Math.max(...pushes.map((push) => push.dueMs));
  await waitUntil(() => deliveredCount(receiver, cooks, pushes) >= pushes.length, {
    timeoutMs: Math.max(1_000, lastDue + LOST_AFTER_MS - Date.now()),
    what: 'every push delivered',
  }).catch((error: Error) => say(error.message));
  await sleep(1_000);

  console.log(`\n-- the deploy took ${((deployEnd - deployStart) / 1000).toFixed(1)} s`);
  report.check(
    'every process stopped cleanly on SIGTERM (exit 0, no SIGKILL)',
    steps.every((step) => step.exit === 0),
    steps
      .filter((step) => step.exit !== 0)
      .map((step) => `${step.name}: ${step.exit}`)
      .join(', ') ||
      `${steps.length} processes, slowest stop ${Math.max(...steps.map((step) => step.stoppedMs))} ms`,
  );
  report.check(
    'every process was ready again after its relaunch',
    steps.length === order.length,
    `slowest ${Math.max(...steps.map((step) => step.readyMs))} ms`,
  );

  const api = exchanges.filter((e) => e.path.startsWith('/api/') && e.startedAt >= deployStart);
  console.log(`  HTTP exchanges during the deploy: ${api.length} (${statusTally(api)})`);
  const cut = api.filter((e) => e.cut);
  report.check(
    'no answer was cut off mid-way',
    cut.length === 0,
    cut
      .map((e) => `${e.method} ${e.path} ${e.error}`)
      .slice(0, 3)
      .join(' | ') || `${api.length} exchanges`,
  );
  const malformed = malformedAnswers(api);
  report.check(
    'every answer was complete, well-formed JSON',
    malformed.length === 0,
    malformed.slice(0, 3).join(' | '),
  );
  const refused = api.filter((e) => e.error === 'ECONNREFUSED');
  const failures = api.filter(
    (e) => !e.cut && e.error !== 'ECONNREFUSED' && (e.error || (e.status !== undefined && e.status >= 500)),
  );
  report.check(
    'no request failed (apart from connections refused while the gateway restarted, which were retried)',
    failures.length === 0,
    `${failures.length} failed${
      failures.length
        ? `: ${failures
            .slice(0, 4)
            .map((e) => `${e.method} ${e.path} ${e.status ?? e.error}`)
            .join(' | ')}`
        : ''
    }; ${refused.length} refused connections`,
  );
  const notOk = log.ops.filter((op) => op.outcome !== 'ok');
  const retried = log.ops.filter((op) => op.tries > 1);
  report.check(
    'every call succeeded',
    notOk.length === 0,
    `${log.ops.length} calls, ${retried.length} after a retry` +
      (notOk.length
        ? `; not ok: ${notOk
            .slice(0, 3)
            .map((op) => `${op.what} ${op.outcome} ${op.error}`)
            .join(' | ')}`
        : ''),
  );

  const { posted, acked, unknown, ledger, balance } = await creditTally(log, fault, target.id);
  report.check(
    'the ledger holds every acknowledged credit, none twice',
    ledger >= acked && ledger <= acked + unknown && balance === ledger,
    `${posted} POSTed, ${acked} acknowledged, ${unknown} unknown, ${ledger} ledger rows`,
  );

  const got = deliveredDueNow(receiver, cooks, { byStep: false });
  const counts = pushes.map(
    (push) => (got.get(`${push.cook.subscription.endpoint} ${push.runId}`) ?? []).length,
  );
  const during = pushes.filter(
    (push) => push.dueMs - PUSH_LEAD_MS >= deployStart && push.dueMs - PUSH_LEAD_MS <= deployEnd,
  ).length;
  const lateness = pushes
    .map(
      (push) => ((got.get(`${push.cook.subscription.endpoint} ${push.runId}`) ?? [])[0] ?? NaN) - push.dueMs,
    )
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  console.log(
    `  pushes scheduled: ${pushes.length} (${during} during the deploy); lateness ms p50 ` +
      `${lateness[Math.floor(lateness.length / 2)]} max ${lateness.at(-1)}`,
  );
  report.check(
    'every push scheduled during the deploy was delivered',
    counts.every((n) => n > 0),
    `${counts.filter((n) => n > 0).length}/${pushes.length} delivered`,
  );
  report.check(
    'each push was delivered once',
    counts.every((n) => n <= 1),
    `${counts.filter((n) => n > 1).length} duplicated`,
  );
  const ready = await readiness(stack.processes);
  report.check(
    'every process is ready at the end',
    ready.every((r) => r.status === 200),
    ready
      .filter((r) => r.status !== 200)
      .map((r) => r.name)
      .join(', ') || `${ready.length} processes`,
  );
});

function deliveredCount(receiver: PushReceiver, cooks: SubscribedUser[], pushes: ScheduledPush[]) {
  const got = deliveredDueNow(receiver, cooks, { byStep: false });
  return pushes.filter((push) => got.has(`${push.cook.subscription.endpoint} ${push.runId}`)).length;
}

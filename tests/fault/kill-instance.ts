// Fault test: one instance of a service is SIGKILLed under load (notifier-1, then auth-1, then
// licensing-1), then each is started again.
//
//   node --import tsx tests/fault/kill-instance.ts           (from the repository root; npm run fault runs them all)
//
// The scaled stack (2 auth, 2 licensing, 2 notifier API, 3 notifier workers, the gateway on :8381) runs on
// a private PostgreSQL cluster and a private Redis. Five clients call the gateway as the browser does
// (lib.ts createLoadClient: idempotent calls retried on network errors, 502 and 503 with the outbox's
// backoff; a POST only when its connection was never made):
//   3 cooks   PUT /api/push/runs/{new id}/schedule, GET /api/push/me, GET /api/me
//   admin     POST /api/users/{id}/credits (+1 each; not idempotent), GET /api/licenses/credits
//   sign-ups  POST /api/auth/register (a new e-mail each; not idempotent)
// Timeline: 5 s of load, SIGKILL notifier-1, 6 s, SIGKILL auth-1, 6 s, SIGKILL licensing-1, 6 s, start the
// three again (one after the other, each until healthy), 8 s of load.
//
// Checks: the gateway routes around a dead instance (every idempotent call succeeds; what failed on the
// wire is printed); no write is lost (every acknowledged schedule, credit and account is in the database)
// and none is applied twice (ledger rows <= acknowledged + unknown: a POST cut by the kill may or may not
// have been applied, and is never repeated); after its relaunch each instance serves requests again.
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import {
  admin,
  apiRequestsServed,
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
  creditTally,
  type CallResult,
  type Exchange,
  type FaultUser,
} from './lib';

const GATEWAY_PORT = Number(process.env.FAULT_KILL_PORT ?? 8381);
const VICTIMS = ['notifier-1', 'auth-1', 'licensing-1'];

await runScenario('kill-instance: SIGKILL one instance of each service under load', async (report) => {
  const fault = await startFaultStack({ name: 'kill-instance', gatewayPort: GATEWAY_PORT });
  const { stack, gatewayUrl } = fault;
  const exchanges: Exchange[] = [];
  const cooks: FaultUser[] = [];
  for (const name of ['ki-cook-1', 'ki-cook-2', 'ki-cook-3'])
    cooks.push(await newUser(gatewayUrl, name, exchanges));
  const adminClient = createLoadClient({ baseUrl: gatewayUrl, name: 'ki-admin', exchanges });
  await adminClient.signIn(admin.email, admin.password);
  const signUps = createLoadClient({ baseUrl: gatewayUrl, name: 'ki-signups', exchanges });
  const target = cooks[0]!;
  say(`signed in: cooks ${cooks.map((cook) => cook.id).join(', ')} and the admin`);

  const log = createOpLog();
  const schedules: { userId: number; runId: string; outcome: CallResult['outcome'] }[] = [];
  const registrations: { email: string; outcome: CallResult['outcome'] }[] = [];
  const future = () => [Date.now() + 3_600_000, Date.now() + 7_200_000];
  const schedulePath = (runId: string) => apiPath(API_PATHS.pushRunSchedule, { runId });
  const cookLane = (cook: FaultUser, c: number) => async (i: number) => {
    const runId = `ki-run-${c}-${i}`;
    const put = await log.run('notifier', 'PUT schedule', () =>
      cook.client.call('PUT', schedulePath(runId), scheduleBody(future())),
    );
    schedules.push({ userId: cook.id, runId, outcome: put.outcome });
    await log.run('notifier', 'GET /api/push/me', () => cook.client.call('GET', API_PATHS.pushMe));
    await log.run('auth', 'GET /api/me', () => cook.client.call('GET', API_PATHS.me));
  };
  const creditsPath = apiPath(API_PATHS.userCredits, { id: target.id });
  const creditsOfTarget = `${API_PATHS.credits}?user_id=${target.id}`;
  const load = runLoad(
    [
      ...cooks.map(cookLane),
      async () => {
        await log.run('licensing', 'POST credits', () =>
          adminClient.call('POST', creditsPath, { amount: 1 }),
        );
        await log.run('licensing', 'GET credits', () => adminClient.call('GET', creditsOfTarget));
      },
      async (i: number) => {
        const email = `ki-signup-${i}-${Date.now()}@pitclock.test`;
        const answer = await log.run('auth', 'POST register', () =>
          signUps.call('POST', API_PATHS.register, {
            email,
            password: 'fault-password-1',
            display_name: `Sign-up ${i}`,
            device_info: { device_id: `ki-signup-${i}`, name: 'fault' },
          }),
        );
        registrations.push({ email, outcome: answer.outcome });
        await sleep(700);
      },
    ],
    100,
  );

  // At each kill, a burst of slower calls to the victim's service is in flight, so that some are cut by
  // the kill: an idempotent one the gateway sends to the other instance, a POST it must not repeat.
  let burstSeq = 0;
  const bursts: Partial<Record<string, (cook: FaultUser) => Promise<CallResult>>> = {
    notifier: (cook) => {
      const runId = `ki-run-burst-${burstSeq++}`;
      const steps = Array.from({ length: 200 }, (_, k) => Date.now() + 3_600_000 + k * 60_000);
      return log.run('notifier', 'PUT schedule', async () => {
        const answer = await cook.client.call('PUT', schedulePath(runId), scheduleBody(steps));
        schedules.push({ userId: cook.id, runId, outcome: answer.outcome });
        return answer;
      });
    },
    auth: () => {
      const email = `ki-signup-burst-${burstSeq++}-${Date.now()}@pitclock.test`;
      return log.run('auth', 'POST register', async () => {
        const answer = await signUps.call('POST', API_PATHS.register, {
          email,
          password: 'fault-password-1',
          display_name: 'Burst',
          device_info: { device_id: 'ki-burst', name: 'fault' },
        });
        registrations.push({ email, outcome: answer.outcome });
        return answer;
      });
    },
    licensing: () =>
      log.run('licensing', 'POST credits', () => adminClient.call('POST', creditsPath, { amount: 1 })),
  };

  const killedAt = new Map<string, number>();
  const burstCalls: (CallResult & { victim: string })[] = [];
  let relaunchedAt: number;
  const victims = VICTIMS.map((name) => stack.processes.find((proc) => proc.name === name)!);
  try {
    await sleep(5_000);
    for (const victim of victims) {
      const burst = Array.from({ length: 6 }, (_, k) => bursts[victim.kind]!(cooks[k % cooks.length]!));
      await sleep(40);
      say(`SIGKILL ${victim.name} (pid ${victim.child.pid}) with a burst of 6 calls in flight`);
      killedAt.set(victim.name, Date.now());
      await stack.kill(victim, 'SIGKILL');
      burstCalls.push(...(await Promise.all(burst)).map((answer) => ({ victim: victim.name, ...answer })));
      await sleep(6_000);
    }
    for (const victim of victims) {
      const began = Date.now();
      await stack.relaunch(victim);
      say(
        `${victim.name} relaunched (pid ${victim.child.pid}), healthy in ${((Date.now() - began) / 1000).toFixed(1)} s`,
      );
    }
    relaunchedAt = Date.now();
    await sleep(8_000);
  } finally {
    await load.stop();
  }

  console.log('\n-- what the clients saw');
  const api = exchanges.filter((e) => e.path.startsWith('/api/'));
  console.log(`  HTTP exchanges: ${api.length} (${statusTally(api)})`);
  const byWhat = new Map<
    string,
    { n: number; ok: number; retried: number; failed: number; ambiguous: number }
  >();
  for (const op of log.ops) {
    const entry = byWhat.get(op.what) ?? { n: 0, ok: 0, retried: 0, failed: 0, ambiguous: 0 };
    entry.n += 1;
    if (op.outcome === 'ok') entry.ok += 1;
    if (op.outcome === 'failed') entry.failed += 1;
    if (op.outcome === 'ambiguous') entry.ambiguous += 1;
    if (op.tries > 1) entry.retried += 1;
    byWhat.set(op.what, entry);
  }
  for (const [what, e] of byWhat) {
    console.log(
      `  ${what.padEnd(18)} ${String(e.n).padStart(4)} calls: ${e.ok} ok (${e.retried} after a retry), ` +
        `${e.failed} failed, ${e.ambiguous} unknown outcome`,
    );
  }
  for (const victim of victims) {
    const calls = burstCalls.filter((call) => call.victim === victim.name);
    console.log(
      `  burst at the kill of ${victim.name}: ${calls.map((call) => `${call.outcome}${call.tries > 1 ? `(${call.tries} tries)` : ''}${call.error ? ` ${call.error}` : ''}`).join(', ')}`,
    );
  }
  for (const victim of victims) {
    const at = killedAt.get(victim.name)!;
    const around = api.filter((e) => e.endedAt !== undefined && e.endedAt >= at && e.startedAt <= at + 3_000);
    console.log(
      `  the 3 s after killing ${victim.name}: ${around.length} exchanges (${statusTally(around)})`,
    );
  }

  const idempotent = log.ops.filter((op) => !op.what.startsWith('POST'));
  const idempotentFailed = idempotent.filter((op) => op.outcome !== 'ok');
  report.check(
    'the gateway routed around each dead instance: every idempotent call succeeded',
    idempotentFailed.length === 0,
    `${idempotent.length - idempotentFailed.length}/${idempotent.length}` +
      (idempotentFailed.length
        ? `: ${idempotentFailed
            .slice(0, 3)
            .map((op) => `${op.what} ${op.error}`)
            .join(' | ')}`
        : ''),
  );
  const posts = log.ops.filter((op) => op.what.startsWith('POST'));
  const postsRefused = posts.filter((op) => op.outcome === 'failed');
  report.check(
    'no POST was refused outright (only an in-flight one may end with an unknown outcome)',
    postsRefused.length === 0,
    `${posts.length} POSTs, ${posts.filter((op) => op.outcome === 'ambiguous').length} unknown`,
  );
  const malformed = malformedAnswers(api);
  report.check(
    'every answer was complete, well-formed JSON',
    malformed.length === 0 && api.every((e) => !e.cut),
    malformed.slice(0, 3).join(' | '),
  );

  // What the database holds.
  const ackedRuns = schedules.filter((s) => s.outcome === 'ok');
  const stored = new Set(
    (
      await fault.query<{ user_id: number; run_id: string }>(
        `select user_id, run_id from push_schedules where run_id like 'ki-run-%'`,
      )
    ).map((row) => `${row.user_id}/${row.run_id}`),
  );
  const lostRuns = ackedRuns.filter((s) => !stored.has(`${s.userId}/${s.runId}`));
  report.check(
    'no acknowledged schedule was lost',
    lostRuns.length === 0,
    `${ackedRuns.length} acknowledged, ${stored.size} stored${
      lostRuns.length
        ? `, missing ${lostRuns
            .slice(0, 3)
            .map((s) => s.runId)
            .join(', ')}`
        : ''
    }`,
  );

  const { posted, acked, unknown, ledger, balance } = await creditTally(log, fault, target.id);
  console.log(
    `  credits: ${posted} POSTed, ${acked} acknowledged, ${unknown} unknown; ledger rows ${ledger}, balance ${balance}`,
  );
  report.check(
    'no acknowledged credit was lost',
    ledger >= acked,
    `ledger rows ${ledger} >= acknowledged ${acked}`,
  );
  report.check(
    'no credit was applied twice',
    ledger <= acked + unknown && balance === ledger,
    `ledger rows ${ledger} <= acknowledged ${acked} + unknown ${unknown}`,
  );

  const ackedEmails = registrations.filter((r) => r.outcome === 'ok').map((r) => r.email.toLowerCase());
  const unknownEmails = registrations.filter((r) => r.outcome === 'ambiguous').length;
  const accounts = (
    await fault.query<{ email: string }>(
      `select lower(email) as email from users where email like 'ki-signup-%'`,
    )
  ).map((row) => row.email);
  const accountSet = new Set(accounts);
  const lostAccounts = ackedEmails.filter((email) => !accountSet.has(email));
  report.check(
    'no acknowledged registration was lost',
    lostAccounts.length === 0,
    `${ackedEmails.length} acknowledged, ${accounts.length} stored, ${unknownEmails} unknown`,
  );
  const signupEvents = (
    await fault.query<{ n: number }>(
      `select count(*)::int as n from signup_events where email like 'ki-signup-%' and outcome = 'success'`,
    )
  )[0]!.n;
  report.check(
    'no registration was applied twice (accounts and success events <= acknowledged + unknown)',
    accounts.length <= ackedEmails.length + unknownEmails && signupEvents === accounts.length,
    `${accounts.length} accounts, ${signupEvents} success events`,
  );

  // The relaunched instances serve again (their request counters start at 0 with the new process).
  for (const victim of victims) {
    const served = await apiRequestsServed(victim);
    report.check(
      `${victim.name} served requests again after its relaunch`,
      (served ?? 0) > 0,
      `${served} /api requests since ${((Date.now() - relaunchedAt) / 1000).toFixed(0)} s`,
    );
  }
  const ready = await readiness(stack.processes);
  report.check(
    'every process is ready at the end',
    ready.every((r) => r.status === 200),
    ready
      .filter((r) => r.status !== 200)
      .map((r) => r.name)
      .join(', ') || `${ready.length} processes`,
  );
  const others = fault.restartedProcesses().filter((name) => !VICTIMS.includes(name));
  report.check('no other process was restarted', others.length === 0, others.join(', ') || 'none');
});

// Fault test: PostgreSQL goes away under load and comes back, twice (a fast shutdown, then an immediate
// one: every server process quits at once, as in a crash, and the next start runs crash recovery).
//
//   node --import tsx tests/fault/postgres-restart.ts        (from the repository root; npm run fault runs them all)
//
// The scaled stack (2 auth, 2 licensing, 2 notifier API, 3 notifier workers, the gateway on :8481) runs on
// a private PostgreSQL cluster and a private Redis (never the project's shared servers). Five clients call
// the gateway as the browser does (lib.ts createLoadClient: idempotent calls retried on network errors and
// 5xx with the outbox's backoff; POSTs never retried once they may have reached a server):
//   auth       GET  /api/me                          (reads users)
//   notifier   PUT  /api/push/runs/{id}/schedule      (writes schedules, queues jobs)
//   notifier   GET  /api/push/me                      (reads subscriptions)
//   licensing  GET  /api/licenses/credits?user_id=    (admin: asks auth, reads the ledger)
//   licensing  POST /api/users/{id}/credits           (admin: appends to the ledger; counted)
// Every process's /readyz is polled every 250 ms throughout.
//
// Checks: every service and worker reports not ready (503) during each outage and ready again after it,
// without any process restarting; every failed answer during the outage is a 503 in the one error shape
// ({ error, message }, no stack, no internals), none a 500; after recovery every call succeeds again; the
// ledger holds every acknowledged credit and none twice.
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import {
  safeJson,
  admin,
  createLoadClient,
  createOpLog,
  errorShapeProblem,
  malformedAnswers,
  newUser,
  percentile,
  runLoad,
  runScenario,
  say,
  scheduleBody,
  sleep,
  startFaultStack,
  statusTally,
  waitUntil,
  watchReadiness,
  creditTally,
  type Exchange,
  type ReadinessSample,
} from './lib';

/** One outage: how PostgreSQL went down, and when it went down, was started, was up, and all were ready. */
interface Outage {
  mode: 'stop' | 'kill';
  downAt: number;
  startAt: number;
  upAt: number;
  readyAt: number;
}

const GATEWAY_PORT = Number(process.env.FAULT_POSTGRES_PORT ?? 8481);
const OUTAGE_MS = 5_000;
const STEADY_MS = 5_000;

await runScenario('postgres-restart: PostgreSQL stopped and started under load', async (report) => {
  const fault = await startFaultStack({ name: 'postgres-restart', gatewayPort: GATEWAY_PORT });
  const { stack, postgres, gatewayUrl } = fault;
  const exchanges: Exchange[] = [];
  const cook = await newUser(gatewayUrl, 'pg-cook', exchanges);
  const planner = await newUser(gatewayUrl, 'pg-planner', exchanges);
  const adminClient = createLoadClient({ baseUrl: gatewayUrl, name: 'pg-admin', exchanges });
  await adminClient.signIn(admin.email, admin.password);
  say(`signed in: cook ${cook.id}, planner ${planner.id}, admin`);

  const log = createOpLog();
  const future = () => [Date.now() + 3_600_000, Date.now() + 7_200_000];
  const load = runLoad(
    [
      () => log.run('auth', 'GET /api/me', () => cook.client.call('GET', API_PATHS.me)),
      (i) =>
        log.run('notifier', 'PUT schedule', () =>
          planner.client.call(
            'PUT',
            apiPath(API_PATHS.pushRunSchedule, { runId: `pg-run-${i % 5}` }),
            scheduleBody(future()),
          ),
        ),
      () => log.run('notifier', 'GET /api/push/me', () => planner.client.call('GET', API_PATHS.pushMe)),
      () =>
        log.run('licensing', 'GET credits', () =>
          adminClient.call('GET', `${API_PATHS.credits}?user_id=${cook.id}`),
        ),
      () =>
        log.run('licensing', 'POST credits', () =>
          adminClient.call('POST', apiPath(API_PATHS.userCredits, { id: cook.id }), { amount: 1 }),
        ),
    ],
    150,
  );
  const watcher = watchReadiness(stack.processes);
  const servers = stack.processes.filter((proc) => proc.kind !== 'gateway');
  const outages: Outage[] = [];
  try {
    await sleep(STEADY_MS);
    for (const mode of ['stop', 'kill'] as const) {
      const outage: Outage = { mode, downAt: Date.now(), startAt: NaN, upAt: NaN, readyAt: NaN };
      say(
        `PostgreSQL ${mode === 'stop' ? 'fast shutdown' : 'immediate shutdown (kill)'} for ${OUTAGE_MS / 1000} s`,
      );
      await postgres[mode]();
      await sleep(OUTAGE_MS);
      outage.startAt = Date.now();
      await postgres.start();
      outage.upAt = Date.now();
      await waitUntil(
        () =>
          servers.every((proc) =>
            watcher.samples.some((s) => s.name === proc.name && s.at > outage.upAt && s.status === 200),
          ),
        { timeoutMs: 30_000, what: 'every process ready after the restart' },
      );
      outage.readyAt = Date.now();
      say(
        `PostgreSQL up after ${((outage.upAt - outage.downAt) / 1000).toFixed(1)} s; every process ready ` +
          `${((outage.readyAt - outage.upAt) / 1000).toFixed(1)} s later`,
      );
      outages.push(outage);
      await sleep(STEADY_MS);
    }
  } finally {
    await load.stop();
    await watcher.stop();
  }

  console.log('\n-- what the processes and the clients saw');
  for (const outage of outages) {
    const window = (s: ReadinessSample) => s.at >= outage.downAt && s.at <= outage.upAt;
    const red = servers.map((proc) => {
      const inside = watcher.samples.filter((s) => s.name === proc.name && window(s));
      const firstRed = inside.find((s) => s.status === 503);
      const firstGreen = watcher.samples.find(
        (s) => s.name === proc.name && s.at > outage.upAt && s.status === 200,
      );
      return {
        name: proc.name,
        red: inside.filter((s) => s.status === 503).length,
        samples: inside.length,
        redAfterMs: firstRed ? firstRed.at - outage.downAt : undefined,
        greenAfterMs: firstGreen ? firstGreen.at - outage.upAt : undefined,
      };
    });
    console.log(
      `PostgreSQL ${outage.mode}: /readyz per process (503 samples of the outage, time to red, to green after the start)`,
    );
    for (const r of red) {
      console.log(
        `  ${r.name.padEnd(18)} ${String(r.red).padStart(3)}/${r.samples} red` +
          `  red after ${r.redAfterMs ?? '-'} ms  green ${r.greenAfterMs ?? '-'} ms after the start`,
      );
    }
    report.check(
      `${outage.mode}: every service and worker answered /readyz 503 during the outage`,
      red.every((r) => r.red > 0),
      red
        .filter((r) => r.red === 0)
        .map((r) => r.name)
        .join(', ') || `${red.length} processes`,
    );
    report.check(
      `${outage.mode}: every service and worker was ready again after the start`,
      red.every((r) => r.greenAfterMs !== undefined),
      `slowest ${Math.max(...red.map((r) => r.greenAfterMs ?? Infinity))} ms`,
    );

    const during = exchanges.filter(
      (e) =>
        e.endedAt !== undefined &&
        e.endedAt >= outage.downAt &&
        e.startedAt <= outage.readyAt &&
        e.path.startsWith('/api/'),
    );
    const failed = during.filter((e) => e.status === undefined || e.status >= 400);
    console.log(`  exchanges during the outage: ${during.length} (${statusTally(during)})`);
    const notShaped = failed.filter((e) => e.status !== 503 || errorShapeProblem(safeJson(e.text)));
    report.check(
      `${outage.mode}: every failed request during the outage answered 503 in the one error shape`,
      failed.length > 0 && notShaped.length === 0,
      notShaped.length
        ? notShaped
            .slice(0, 5)
            .map((e) => `${e.method} ${e.path} ${e.status ?? e.error} ${String(e.text).slice(0, 100)}`)
            .join(' | ')
        : `${failed.length} failed, all 503 ${describeBodies(failed)}`,
    );
    const retryAfter = failed.filter((e) => e.retryAfter);
    console.log(`  503 answers with a Retry-After header: ${retryAfter.length} of ${failed.length}`);
  }

  const everything = exchanges.filter((e) => e.path.startsWith('/api/'));
  report.check(
    'no request answered 500 or with a stack trace',
    everything.every((e) => e.status !== 500 && !/\n[^\S\n]+at /.test(e.text ?? '')),
    statusTally(everything),
  );
  const malformed = malformedAnswers(everything);
  report.check(
    'every answer was well-formed JSON',
    malformed.length === 0,
    malformed.slice(0, 3).join(' | '),
  );

  const lastReady = outages.at(-1)!.readyAt;
  const after = log.ops.filter((op) => op.startedAt > lastReady);
  report.check(
    'after the recovery every call succeeded at the first try',
    after.length > 0 && after.every((op) => op.outcome === 'ok' && op.tries === 1),
    `${after.length} calls; ${after.filter((op) => op.outcome !== 'ok' || op.tries > 1).length} failed or retried`,
  );
  const retried = log.ops.filter((op) => op.tries > 1);
  const idempotentFailed = log.ops.filter((op) => op.what !== 'POST credits' && op.outcome !== 'ok');
  console.log(
    `  calls: ${log.ops.length}; retried by the client: ${retried.length} (tries p50 ` +
      `${percentile(
        retried.map((op) => op.tries),
        50,
      )}, max ${Math.max(0, ...retried.map((op) => op.tries))}); ` +
      `idempotent calls that failed in the end: ${idempotentFailed.length}`,
  );
  report.check(
    'every idempotent call got through (retried by the client through the outage)',
    idempotentFailed.length === 0,
    idempotentFailed
      .slice(0, 3)
      .map((op) => `${op.what} ${op.error}`)
      .join(' | '),
  );

  const { posted, acked, unknown, ledger, balance } = await creditTally(log, fault, cook.id);
  console.log(
    `  credits POSTed: ${posted}; acknowledged ${acked}, refused ${posted - acked - unknown}, ` +
      `unknown ${unknown}; ledger rows ${ledger}, balance ${balance}`,
  );
  report.check(
    'no acknowledged credit was lost (ledger rows >= acknowledged)',
    ledger >= acked,
    `${ledger} >= ${acked}`,
  );
  report.check(
    'no credit was applied twice (ledger rows <= acknowledged + unknown; balance = rows)',
    ledger <= acked + unknown && balance === ledger,
    `${ledger} <= ${acked} + ${unknown}`,
  );
  const restarted = fault.restartedProcesses();
  report.check(
    'no process was restarted',
    restarted.length === 0,
    restarted.join(', ') || `${stack.processes.length} processes`,
  );
});

function describeBodies(failed: Exchange[]) {
  const codes = new Map<string, number>();
  for (const e of failed) {
    const code = String((safeJson(e.text) as { error?: unknown } | undefined)?.error ?? '?');
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return [...codes.entries()].map(([code, n]) => `${code}:${n}`).join(' ');
}

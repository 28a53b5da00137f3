// Prints what the gateway costs in front of a service (issue 22): GET /api/me with a valid bearer token at
// 20 connections (and Accept-Encoding as a browser sends it), straight to the auth service and through the
// gateway, measured in one run in short rounds that alternate (BENCH_GATEWAY_ROUNDS rounds of
// BENCH_GATEWAY_ROUND_S seconds each way, default 5 x 5 s; which target goes first alternates too):
//   - requests/s, p50 and p99 of each (medians of the rounds)
//   - the ratio gateway/direct beside its target (>= 0.8x), PASS or MISS: the median of the rounds' own
//     ratios (the two runs of a round are adjacent in time, so the rest of the machine's load disturbs
//     their ratio least); the ratio of the medians and the one CPU time alone would give follow. A MISS is
//     printed, never a failure: the bench exits 1 only when something does not work.
//   - the CPU time per request of the auth process and of the gateway process (Linux /proc), which varies
//     far less with the load of the machine than requests/s does
// The load client (autocannon, in a child process of its own) runs on CPU 1 and both services on CPU 0
// (taskset), so that the client never takes CPU time from what it measures; without taskset everything
// runs unpinned, and the bench says so. PostgreSQL and Redis are shared servers: never pinned here.
// It starts the auth service (src/main.ts, as `npm start` does) on a database and Redis key prefix of its
// own (removed at the end), and the gateway (src/main.ts) with every upstream pointing at that auth
// instance. Both run with LOG_LEVEL BENCH_LOG_LEVEL (default info, as in production: a line per request).
// Ports: the OS picks them, or BENCH_PORT (auth) and BENCH_PORT + 1 (the gateway) when it is set.
// Results go to tests/bench/results/gateway.json.
//   node --import tsx tests/bench/gateway.ts            (from the repository root)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { provisionDataServers } from '../support/scripts-lib';
import {
  cpuSnapshot,
  fmt,
  root,
  signedInCook,
  createBenchData,
  stackOf,
  startService,
  stopDataServersUnlessShared,
  type CpuSnapshot,
} from './lib';

type Target = 'direct' | 'gateway';
/** The figures autocannon's CLI prints with --json (the parts used here). */
type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Round = {
  round: number;
  target: Target;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
  /** CPU ticks (1/100 s) each service process used during the round. */
  ticks: { auth: number; gateway: number };
};

const TARGET_RATIO = 0.8;
/** As a browser sends it: the gateway then decides on compression for each answer, as it does for the app. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const CONNECTIONS = 20;
const ROUNDS = Number(process.env.BENCH_GATEWAY_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_GATEWAY_ROUND_S ?? 5);
const WARMUP_S = 3;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** CPUs of the services and of the load client, when taskset can pin them (2 cores: one each). */
const pinning = (() => {
  const usable = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  return usable ? { services: '0', client: '1' } : undefined;
})();
const pinned = (command: string, args: string[], cpu: string | undefined): [string, string[]] =>
  cpu === undefined ? [command, args] : ['taskset', ['-c', cpu, command, ...args]];

const dataServers = await provisionDataServers();
const pgAdminUrl = process.env.PG_ADMIN_URL ?? dataServers.adminUrl;
const redisUrl = dataServers.redisUrl;

/** BENCH_PORT: auth listens on it and the gateway on the next one; unset, the OS picks free ports. */
const benchPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
if (benchPort !== undefined && !(Number.isInteger(benchPort) && benchPort > 0 && benchPort < 65535)) {
  throw new Error(`BENCH_PORT must be a TCP port below 65535, not ${process.env.BENCH_PORT}`);
}

/** Runs services/<name>/src/main.ts on CPU `pinning.services` until /readyz answers 200. */
const startPinnedService = (name: string, env: Record<string, string>, port?: number) =>
  startService(name, env, {
    logLevel,
    wrap: (command, args) => pinned(command, args, pinning?.services),
    port,
  });

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

/** Auth on a fresh database and Redis prefix, and the gateway in front of it; stop() removes both. */
async function startServices() {
  const data = await createBenchData(pgAdminUrl, redisUrl);
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await data.drop();
  };
  try {
    const auth = await startPinnedService(
      'auth',
      {
        DATABASE_URL: data.databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: data.keyPrefix,
        JWT_SECRET: randomBytes(48).toString('base64url'),
      },
      benchPort,
    );
    children.push(auth.child);
    // Every upstream is this auth instance: the gateway's readiness asks each for /healthz.
    const gateway = await startPinnedService(
      'gateway',
      { AUTH_URL: auth.url, LICENSING_URL: auth.url, NOTIFIER_URL: auth.url, SYNC_URL: auth.url },
      benchPort === undefined ? undefined : benchPort + 1,
    );
    children.push(gateway.child);
    return { auth, gateway, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** autocannon's CLI in a child process on the client's CPU: `seconds` of GET url at CONNECTIONS. */
function load(url: string, token: string, seconds: number): Promise<LoadResult> {
  const cli = [autocannonCli, '--json', '--no-progress', '-c', String(CONNECTIONS), '-d', String(seconds)];
  const [command, args] = pinned(
    process.execPath,
    [...cli, '-H', `authorization=Bearer ${token}`, '-H', `accept-encoding=${ACCEPT_ENCODING}`, url],
    pinning?.client,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => {
      const json = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !json.startsWith('{')) reject(new Error(`autocannon exited with ${code}: ${err}`));
      else resolve(JSON.parse(json) as LoadResult);
    });
  });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** gateway/direct requests per second of each round (its two runs, one after the other). */
const pairedRatios = (rounds: readonly Round[]) =>
  [...new Set(rounds.map((r) => r.round))].map((round) => {
    const rps = (target: Target) =>
      rounds.find((r) => r.round === round && r.target === target)?.requestsPerSecond ?? NaN;
    return rps('gateway') / rps('direct');
  });
const round2 = (n: number) => Math.round(n * 100) / 100;

async function measure(services: Awaited<ReturnType<typeof startServices>>) {
  const { token } = await signedInCook(services.auth.url);
  const urls: Record<Target, string> = {
    direct: `${services.auth.url}${API_PATHS.me}`,
    gateway: `${services.gateway.url}${API_PATHS.me}`,
  };
  for (const target of ['direct', 'gateway'] as const) {
    const check = await fetch(urls[target], { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`GET ${urls[target]} answered ${check.status}`);
    // Warm-up (JIT, connection pools), not reported.
    await load(urls[target], token, WARMUP_S);
  }
  const pids = new Map([
    [services.auth.pid, 'auth'],
    [services.gateway.pid, 'gateway'],
  ]);
  const ticksOf = (snapshot: CpuSnapshot, pid: number | undefined) =>
    snapshot.pids.get(String(pid))?.ticks ?? NaN;
  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order: Target[] = round % 2 ? ['direct', 'gateway'] : ['gateway', 'direct'];
    for (const target of order) {
      const before = cpuSnapshot(pids, {});
      const result = await load(urls[target], token, ROUND_S);
      const after = cpuSnapshot(pids, {});
      const figures: Round = {
        round,
        target,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        failed: result.non2xx + result.errors + result.timeouts,
        ticks: {
          auth: ticksOf(after, services.auth.pid) - ticksOf(before, services.auth.pid),
          gateway: ticksOf(after, services.gateway.pid) - ticksOf(before, services.gateway.pid),
        },
      };
      rounds.push(figures);
      console.log(
        `  round ${round} ${target.padEnd(7)} ${fmt(figures.requestsPerSecond)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms${figures.failed ? `, ${figures.failed} failed` : ''}`,
      );
    }
  }
  return rounds;
}

/** Medians of a target's rounds, and the CPU microseconds per request of each process over them. */
const summarize = (rounds: readonly Round[], target: Target) => {
  const mine = rounds.filter((r) => r.target === target);
  const requests = mine.reduce((sum, r) => sum + r.requests, 0);
  // A tick is 10 ms, 10,000 µs.
  const cpuMicros = (process: 'auth' | 'gateway') =>
    requests ? Math.round((mine.reduce((sum, r) => sum + r.ticks[process], 0) * 10_000) / requests) : NaN;
  return {
    requestsPerSecond: Math.round(median(mine.map((r) => r.requestsPerSecond))),
    p50Ms: round1(median(mine.map((r) => r.p50Ms))),
    p99Ms: round1(median(mine.map((r) => r.p99Ms))),
    requests,
    failed: mine.reduce((sum, r) => sum + r.failed, 0),
    cpuMicrosPerRequest: { auth: cpuMicros('auth'), gateway: cpuMicros('gateway') },
  };
};

let services: Awaited<ReturnType<typeof startServices>> | undefined;
try {
  const pinningText = pinning
    ? `autocannon on CPU ${pinning.client}, auth and gateway on CPU ${pinning.services} (taskset); PostgreSQL and Redis unpinned`
    : 'unpinned: taskset is not available, the load client shares the CPUs with the services';
  console.log(
    `gateway: GET ${API_PATHS.me} at ${CONNECTIONS} connections, ${ROUNDS} rounds x ${ROUND_S} s each way, alternating (LOG_LEVEL ${logLevel})`,
  );
  console.log(`  pinning: ${pinningText}`);
  services = await startServices();
  const rounds = await measure(services);
  const direct = summarize(rounds, 'direct');
  const gateway = summarize(rounds, 'gateway');
  // Each round's two runs are adjacent in time: their ratio is the least disturbed by the rest of the
  // machine's load drifting, so the median of the rounds' ratios is the figure that counts.
  const ratio = round2(median(pairedRatios(rounds)));
  const ratioOfMedians = round2(gateway.requestsPerSecond / direct.requestsPerSecond);
  // If CPU time were the only limit (both services share one CPU): direct, auth's CPU per request;
  // through the gateway, auth's and the gateway's together.
  const cpuRatio = round2(
    direct.cpuMicrosPerRequest.auth /
      (gateway.cpuMicrosPerRequest.auth + gateway.cpuMicrosPerRequest.gateway),
  );
  const met = ratio >= TARGET_RATIO && direct.failed === 0 && gateway.failed === 0;
  const line = (name: string, s: typeof direct) =>
    `  ${name} ${fmt(s.requestsPerSecond)} req/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms (medians); CPU per request: auth ${s.cpuMicrosPerRequest.auth} µs, gateway ${s.cpuMicrosPerRequest.gateway} µs${s.failed ? `; ${s.failed} failed` : ''}`;
  console.log(line('direct to auth: ', direct));
  console.log(line('through gateway:', gateway));
  console.log(
    `  ratio gateway/direct: ${ratio.toFixed(2)}x, median of the rounds (target >= ${TARGET_RATIO}x: ${met ? 'PASS' : 'MISS'}); of the medians ${ratioOfMedians.toFixed(2)}x; by CPU per request ${cpuRatio.toFixed(2)}x`,
  );
  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'gateway.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        path: API_PATHS.me,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        roundSeconds: ROUND_S,
        logLevel,
        pinning: pinning ?? 'unpinned (no taskset)',
        direct,
        gateway,
        ratio,
        ratioOfMedians,
        cpuRatio,
        target: { ratio: TARGET_RATIO },
        met,
        perRound: rounds,
      },
      null,
      2,
    ),
  );
} catch (error) {
  console.error(`gateway bench failed: ${stackOf(error)}`);
  process.exitCode = 1;
} finally {
  await services?.stop();
  await stopDataServersUnlessShared(dataServers, { adminUrl: pgAdminUrl, redisUrl });
}

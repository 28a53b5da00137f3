// Prints the auth service's figures, measured with autocannon against the running service:
//   - POST /api/login at 10 sign-ins per second for 10 s: p50 and p99 (target p99 < 400 ms)
//   - GET /api/me with 50 concurrent connections for 10 s: requests/s and p99 (target >= 2,500 req/s, p99 < 50 ms),
//     and the auth process's CPU time per request (each checks the token generation: one Redis GET). CPU per
//     request varies far less with the load of the machine than requests/s does.
//   - a wrong password against an unknown e-mail: p50 of each (they should match: no account enumeration)
// By default it starts the auth service itself (src/main.ts, as `npm start` does) on a database of its own
// and a Redis key prefix of its own, and removes both afterwards. AUTH_URL=http://host:port measures a
// service that is already running instead (its login limits must allow 10 sign-ins per second).
//   node --import tsx tests/bench/auth.ts            (from the repository root)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { LoginResponse, RegisterRequest } from '@pitclock/contracts/schemas';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { provisionDataServers } from '../support/scripts-lib';
import {
  cpuSnapshot,
  freePort,
  percentile,
  root,
  stackOf,
  stopDataServersUnlessShared,
  withClient,
} from './lib';

/** One answer autocannon saw: its status and time (ms). */
type Sample = { statusCode: number; ms: number };
/** The auth service measured: its URL, a stop() and its pid (none when AUTH_URL names a running one). */
type Service = { url: string; stop: () => Promise<void>; pid?: number | undefined };

const TARGETS = { loginP99Ms: 400, meRps: 2500, meP99Ms: 50 };
const LOGIN_RATE = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';

// The project's own PostgreSQL and Redis (or DATABASE_URL / REDIS_URL), as npm start and npm test use.
const dataServers = await provisionDataServers();
const pgAdminUrl = process.env.PG_ADMIN_URL ?? dataServers.adminUrl;
const redisUrl = dataServers.redisUrl;

const withAdminClient = <T>(run: (client: pg.Client) => Promise<T>) => withClient(pgAdminUrl, run);

/** Starts services/auth on a fresh database and Redis prefix; answers its URL and a stop() that cleans up. */
async function startAuthService(): Promise<Service> {
  const suffix = randomBytes(5).toString('hex');
  const database = `pitclock_bench_${suffix}`;
  const keyPrefix = `pitclock-bench-${suffix}:`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${database}"`));
  const databaseUrl = new URL(pgAdminUrl);
  databaseUrl.pathname = `/${database}`;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'services', 'auth'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: logLevel,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // One client signs in 10 times a second for 10 s: the per-IP and per-e-mail limits would stop it.
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000000',
      LOGIN_FAILURES_PER_IP_PER_HOUR: '1000000',
      LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '1000000',
      LOGIN_FAILURES_PER_CLIENT_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the auth service exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the auth service was not ready within 60 s');
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  };
  return { url, stop, pid: child.pid };
}

/** CPU ticks (1/100 s) the process used so far, from /proc (undefined for a service not started here). */
const cpuTicksOf = (pid: number | undefined) => {
  if (pid === undefined) return undefined;
  return cpuSnapshot(new Map([[pid, 'auth']]), {}).pids.get(String(pid))?.ticks;
};

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });

/** Runs autocannon and also keeps every response time (ms) and status, for exact percentiles. */
const runCollecting = (options: autocannon.Options, samples: Sample[]) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, ignoreCoordinatedOmission: true }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) =>
      samples.push({ statusCode, ms: responseTime }),
    );
  });

const summary = (samples: Sample[]) => {
  const ms = samples.map((s) => s.ms);
  return {
    requests: samples.length,
    failed: samples.filter((s) => s.statusCode !== 200).length,
    p50Ms: Math.round(percentile(ms, 50) * 10) / 10,
    p99Ms: Math.round(percentile(ms, 99) * 10) / 10,
  };
};

/**
 * LOGIN_RATE sign-ins per second, evenly spread: one autocannon client per slot of the second, each
 * started 1000/LOGIN_RATE ms after the previous one and sending one request per second.
 */
async function steadyLogins(url: string, request: autocannon.Request) {
  const samples: Sample[] = [];
  const runs: Promise<autocannon.Result>[] = [];
  for (let slot = 0; slot < LOGIN_RATE; slot += 1) {
    runs.push(
      runCollecting(
        { url, connections: 1, connectionRate: 1, duration: DURATION_S, requests: [request] },
        samples,
      ),
    );
    await new Promise((r) => setTimeout(r, 1000 / LOGIN_RATE));
  }
  await Promise.all(runs);
  return summary(samples);
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function measure(url: string, pid: number | undefined) {
  const email = `bench-${randomBytes(4).toString('hex')}@pitclock.test`;
  const password = 'bench-password-1234';
  const registration: RegisterRequest = {
    email,
    password,
    display_name: 'Bench Cook',
    device_info: { device_id: 'device-bench', name: 'autocannon' },
  };
  const registered = await post(`${url}${API_PATHS.register}`, registration);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const signIn = await post(`${url}${API_PATHS.login}`, { email, password });
  if (signIn.status !== 200) throw new Error(`login answered ${signIn.status}: ${await signIn.text()}`);
  const { token } = (await signIn.json()) as LoginResponse;

  const json = { 'content-type': 'application/json' };
  const loginRequest = (body: { email: string; password: string }): autocannon.Request => ({
    method: 'POST',
    path: API_PATHS.login,
    headers: json,
    body: JSON.stringify(body),
  });

  // Warm-up (JIT, connection pools), not reported.
  await run({
    url,
    connections: 10,
    duration: 2,
    requests: [{ path: API_PATHS.me, headers: { authorization: `Bearer ${token}` } }],
  });
  await run({ url, connections: 2, amount: 20, requests: [loginRequest({ email, password })] });

  const login = await steadyLogins(url, loginRequest({ email, password }));
  // The worst case of the same rate: the 10 sign-ins of each second arrive together.
  const burstSamples: Sample[] = [];
  await runCollecting(
    {
      url,
      connections: LOGIN_RATE,
      overallRate: LOGIN_RATE,
      duration: DURATION_S,
      requests: [loginRequest({ email, password })],
    },
    burstSamples,
  );
  const burst = summary(burstSamples);
  const ticksBefore = cpuTicksOf(pid);
  const meResult = await run({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ path: API_PATHS.me, headers: { authorization: `Bearer ${token}` } }],
  });
  const ticksAfter = cpuTicksOf(pid);
  const me = {
    ...meResult,
    // A tick is 10 ms: microseconds of the auth process's CPU per answered request.
    cpuMicrosPerRequest:
      ticksBefore === undefined || ticksAfter === undefined || meResult.requests.total === 0
        ? undefined
        : Math.round(((ticksAfter - ticksBefore) * 10_000) / meResult.requests.total),
  };
  const wrongPassword = await run({
    url,
    connections: 1,
    amount: 50,
    requests: [loginRequest({ email, password: 'wrong-password-1' })],
  });
  const unknownEmail = await run({
    url,
    connections: 1,
    amount: 50,
    requests: [
      loginRequest({
        email: `nobody-${randomBytes(4).toString('hex')}@pitclock.test`,
        password: 'wrong-password-1',
      }),
    ],
  });
  return { login, burst, me, wrongPassword, unknownEmail };
}

const statusCounts = (result: autocannon.Result) => {
  const other = result.non2xx + result.errors + result.timeouts;
  return other
    ? ` (${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`
    : '';
};
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

let service: Service | undefined;
try {
  service = process.env.AUTH_URL
    ? { url: process.env.AUTH_URL, stop: async () => {} }
    : await startAuthService();
  const { login, burst, me, wrongPassword, unknownEmail } = await measure(service.url, service.pid);
  const figures = {
    measuredAt: new Date().toISOString(),
    logLevel,
    login: { rate: LOGIN_RATE, seconds: DURATION_S, ...login },
    loginBurst: { rate: LOGIN_RATE, seconds: DURATION_S, ...burst },
    me: {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      requestsPerSecond: me.requests.average,
      p50Ms: me.latency.p50,
      p99Ms: me.latency.p99,
      cpuMicrosPerRequest: me.cpuMicrosPerRequest,
    },
    failedLoginP50Ms: { wrongPassword: wrongPassword.latency.p50, unknownEmail: unknownEmail.latency.p50 },
  };
  const loginOk =
    login.failed === 0 && login.requests >= LOGIN_RATE * DURATION_S * 0.9 && login.p99Ms < TARGETS.loginP99Ms;
  const meOk =
    me.non2xx === 0 &&
    me.errors === 0 &&
    me.requests.average >= TARGETS.meRps &&
    me.latency.p99 < TARGETS.meP99Ms;
  console.log(`auth: autocannon against ${service.url} (service LOG_LEVEL ${logLevel})`);
  const failures = (s: { failed: number }) => (s.failed ? ` (${s.failed} not 200)` : '');
  console.log(
    `  POST /api/login  ${LOGIN_RATE}/s for ${DURATION_S} s, evenly spread: p50 ${login.p50Ms} ms, p99 ${login.p99Ms} ms, ${login.requests} sign-ins${failures(login)}  (target p99 < ${TARGETS.loginP99Ms} ms: ${verdict(loginOk)})`,
  );
  console.log(
    `  POST /api/login  ${LOGIN_RATE}/s for ${DURATION_S} s, all ${LOGIN_RATE} of each second at once: p50 ${burst.p50Ms} ms, p99 ${burst.p99Ms} ms${failures(burst)}`,
  );
  console.log(
    `  GET  /api/me     ${CONNECTIONS} connections for ${DURATION_S} s: ${Math.round(me.requests.average)} requests/s, p50 ${me.latency.p50} ms, p99 ${me.latency.p99} ms${statusCounts(me)}  (target >= ${TARGETS.meRps} req/s and p99 < ${TARGETS.meP99Ms} ms: ${verdict(meOk)})`,
  );
  if (me.cpuMicrosPerRequest !== undefined) {
    console.log(`  GET  /api/me     the auth process's CPU per request: ${me.cpuMicrosPerRequest} µs`);
  }
  console.log(
    `  failed sign-in p50: wrong password ${wrongPassword.latency.p50} ms, unknown e-mail ${unknownEmail.latency.p50} ms (both verify one argon2id hash)`,
  );
  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'auth.json'),
    JSON.stringify({ ...figures, targets: TARGETS, met: { login: loginOk, me: meOk } }, null, 2),
  );
} catch (error) {
  console.error(`auth bench failed: ${stackOf(error)}`);
  process.exitCode = 1;
} finally {
  await service?.stop();
  await stopDataServersUnlessShared(dataServers, { adminUrl: pgAdminUrl, redisUrl });
}

// Shared by the benchmarks: a running stack (BENCH_URL, or one started here on its own database),
// Debian's Chromium, and the helpers of the benches that start services themselves (percentiles, mapLimit,
// token signing, CPU and memory per process from /proc, Redis and PostgreSQL clean-up).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoginResponse, RegisterRequest } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import type pg from 'pg';
import type { LaunchOptions } from 'playwright-core';
import type { DataServers } from '../support/scripts-lib';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const chromiumLaunch: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function withStack<T>(run: (baseUrl: string) => Promise<T>): Promise<T> {
  if (process.env.BENCH_URL) return run(process.env.BENCH_URL);
  const port = Number(process.env.BENCH_PORT ?? 8191);
  const child = spawn(process.execPath, ['scripts/serve-stack.mjs', '--port', String(port), '--fresh-db'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('stack ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code}`)));
  });
  try {
    await ready;
    return await run(`http://localhost:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Registers a fresh cook on the stack and returns the tokens the login form would store. */
export async function signedInCook(baseUrl: string): Promise<LoginResponse> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@pitclock.test`;
  const password = 'smoke-ring-2026';
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const registration: RegisterRequest = {
    email,
    password,
    display_name: 'Bench Cook',
    device_info: { device_id: 'device-bench', name: 'bench' },
  };
  await post(API_PATHS.register, registration);
  // The answer of a 200 to POST /api/login (the services' own tests check its shape).
  return (await post(API_PATHS.login, { email, password })) as LoginResponse;
}

/**
 * Stops the data servers a bench started (provisionDataServers()), unless another program began to use
 * them meanwhile: an e2e stack or a test run started while the bench ran finds them up, reuses them, and
 * would lose its database and Redis if the bench stopped them. Call it last, after the bench's own
 * processes and connections are closed; it answers whether it stopped them.
 */
export async function stopDataServersUnlessShared(
  dataServers: DataServers,
  { adminUrl, redisUrl }: { adminUrl: string; redisUrl: string },
): Promise<boolean> {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  let others = 0;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      others += rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
    });
    await redis.connect();
    try {
      // CLIENT LIST has one line per connection, this one included.
      others +=
        String(await redis.client('LIST'))
          .trim()
          .split('\n').length - 1;
    } finally {
      await redis.quit();
    }
  } catch {
    // Not reachable (not started here, or already down): nothing of ours to protect.
  }
  if (others > 0) {
    process.stdout.write(
      `[pitclock] leaving PostgreSQL and Redis running: ${others} other connection(s) use them\n`,
    );
    return false;
  }
  await dataServers.stop();
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers of the benches that start services themselves (notifier.ts, contest-morning.ts).

/** An error's stack (its text when it has none, or is not an Error), for the failure line of a bench. */
export const stackOf = (error: unknown): string =>
  (error instanceof Error ? error.stack : undefined) ?? String(error);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A whole number with thousands separators ('1,234'); anything not finite as it is ('NaN', 'undefined'). */
export const fmt = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n);

/** The nearest-rank percentile p (0-100) of values; NaN when there are none. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

/** A TCP port that was free on 127.0.0.1 a moment ago (the system's choice). */
export const freePort = async (): Promise<number> => {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
};

/** A service process a benchmark started: its URL, its pid and the child. */
export type StartedService = { url: string; pid: number | undefined; child: ChildProcess };

/**
 * Runs services/<name>/src/main.ts in production mode on `port` (default: a free one) with `env` until its /readyz answers
 * 200 (60 s at most). `wrap` may prefix the command (taskset pins it to a CPU; it execs node, same pid).
 */
export async function startService(
  name: string,
  env: Record<string, string>,
  {
    logLevel = 'warn',
    wrap = (command: string, args: string[]) => [command, args] as [string, string[]],
    port: chosenPort,
  }: {
    logLevel?: string;
    wrap?: (command: string, args: string[]) => [string, string[]];
    /** A port of the bench's choice; a free one the OS picks without it. */
    port?: number;
  } = {},
): Promise<StartedService> {
  const port = chosenPort ?? (await freePort());
  const [command, args] = wrap(process.execPath, ['--import', 'tsx', 'src/main.ts']);
  const child = spawn(command, args, {
    cwd: path.join(root, 'services', name),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      // The gateway reads GATEWAY_PORT before PORT: never one inherited from the shell.
      PORT: String(port),
      GATEWAY_PORT: String(port),
      LOG_LEVEL: logLevel,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${name} service exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the ${name} service was not ready on port ${port} within 60 s`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, pid: child.pid, child };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs fn over items with at most `limit` at once; answers the results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

/**
 * Signs access tokens as the auth service does (HS256, aud, sub = the user id, 1 hour; jose) with the
 * JWT_SECRET the services were given: for benches that measure something else than sign-in. Async.
 */
export const accessTokenSigner = (
  secret: string,
  audience: string,
): ((userId: number) => Promise<string>) => {
  const key = new TextEncoder().encode(secret);
  return (userId) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
};

/** Runs fn with a connected pg client on connectionString, and ends it. */
export async function withClient<T>(
  connectionString: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Unlinks every key under a prefix (SCAN, so Redis is never blocked by KEYS on a big keyspace). */
export async function deleteRedisKeys(redis: Redis, keyPrefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 2000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** A benchmark's own PostgreSQL database and Redis key prefix; drop() removes both. */
export type BenchData = { databaseUrl: string; keyPrefix: string; drop: () => Promise<void> };

/** Creates a fresh database (pitclock_bench_<random>) on `pgAdminUrl` and a fresh Redis key prefix. */
export async function createBenchData(pgAdminUrl: string, redisUrl: string): Promise<BenchData> {
  const suffix = randomBytes(5).toString('hex');
  const database = `pitclock_bench_${suffix}`;
  const keyPrefix = `pitclock-bench-${suffix}:`;
  await withClient(pgAdminUrl, (client) => client.query(`CREATE DATABASE "${database}"`));
  const databaseUrl = new URL(pgAdminUrl);
  databaseUrl.pathname = `/${database}`;
  const drop = async () => {
    await withClient(pgAdminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
    );
    const { Redis: RedisClient } = await import('ioredis');
    const redis = new RedisClient(redisUrl);
    await deleteRedisKeys(redis, keyPrefix);
    await redis.quit();
  };
  return { databaseUrl: databaseUrl.toString(), keyPrefix, drop };
}

/** Calls and microseconds of each Redis command (INFO commandstats). */
export type RedisCommandStats = Record<string, { calls: number; usec: number }>;

/** Redis's per-command totals (INFO commandstats): calls and microseconds. */
export async function redisCommandStats(redis: Redis): Promise<RedisCommandStats> {
  const stats: RedisCommandStats = {};
  for (const match of (await redis.info('commandstats')).matchAll(
    /^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/gm,
  )) {
    stats[match[1]!] = { calls: Number(match[2]), usec: Number(match[3]) };
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc, clock ticks of 1/100 s): named processes, Redis and PostgreSQL, and
// everything else on the machine (the rest of /proc/stat's busy time).

const TICKS_PER_S = 100;
/** Processes not named by pid are grouped by their command name: these are the data servers. */
export const dataServerGroups: Record<string, string> = { 'redis-server': 'redis', postgres: 'postgres' };

/** CPU ticks so far: of the whole machine (busy) and of each process of interest (by pid), at atMs. */
export interface CpuSnapshot {
  atMs: number;
  busy: number;
  pids: Map<string, { group: string; ticks: number }>;
}

/** Share of one core each group used (200% = both cores of a 2-core machine), 'other' and 'idle' too. */
export type CpuShares = Record<string, number>;

/**
 * CPU ticks used so far by each process of interest: `named` maps a pid to its group (the bench, a
 * service instance); other processes are grouped by command name through `byComm`, or left to 'other'.
 */
export function cpuSnapshot(
  named: ReadonlyMap<number | undefined, string>,
  byComm: Record<string, string> = dataServerGroups,
): CpuSnapshot {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const field = (i: number) => fields[i] ?? 0;
  const busy = field(0) + field(1) + field(2) + field(5) + field(6) + field(7);
  const pids: CpuSnapshot['pids'] = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const rest = stat.slice(close + 2).split(' ');
    const group = named.get(Number(entry)) ?? byComm[comm];
    if (group) pids.set(entry, { group, ticks: Number(rest[11]) + Number(rest[12]) });
  }
  return { atMs: Date.now(), busy, pids };
}

/**
 * Share of one core each group used between two snapshots (200% = both cores of a 2-core machine). A
 * process that ended in between (a killed worker, its PostgreSQL backends) is counted in 'other'.
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot): CpuShares {
  const seconds = (after.atMs - before.atMs) / 1000;
  const used: Record<string, number> = {};
  let ours = 0;
  for (const [pid, { group, ticks }] of after.pids) {
    const delta = ticks - (before.pids.get(pid)?.ticks ?? 0);
    ours += delta;
    used[group] = (used[group] ?? 0) + delta;
  }
  const shares: CpuShares = {};
  for (const [group, ticks] of Object.entries(used)) {
    shares[group] = Math.round((100 * ticks) / TICKS_PER_S / seconds);
  }
  shares.other = Math.max(0, Math.round((100 * (after.busy - before.busy - ours)) / TICKS_PER_S / seconds));
  shares.idle = Math.max(
    0,
    Math.round(100 * os.cpus().length - (100 * (after.busy - before.busy)) / TICKS_PER_S / seconds),
  );
  return shares;
}

export const sharesText = (shares: CpuShares) =>
  Object.entries(shares)
    .map(([group, pct]) => `${group} ${pct}%`)
    .join(', ');

// ---------------------------------------------------------------------------------------------------------
// Memory of a running process (Linux /proc): found by the TCP port it listens on, for benches that measure
// a stack started elsewhere (withStack's serve-stack.mjs).

/** The pid of the process listening on a TCP port on this machine (IPv4 or IPv6), or undefined. */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.trim().split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const cols = row.trim().split(/\s+/);
      const localPort = parseInt(cols[1]?.split(':').pop() ?? '', 16);
      if (localPort === port && cols[3] === '0A') inodes.add(`socket:[${cols[9]}]`);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/** A process's resident set size in KiB (VmRSS of /proc/<pid>/status), or NaN when it cannot be read. */
export function residentKb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

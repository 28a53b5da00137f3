// Shared by the benchmarks: a running stack (BENCH_URL, or one started here on its own database),
// Debian's Chromium, and the helpers of the benches that start services themselves (percentiles, mapLimit,
// token signing, CPU per process from /proc, Redis and PostgreSQL clean-up).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const chromiumLaunch = {
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

export async function withStack(run) {
  if (process.env.BENCH_URL) return run(process.env.BENCH_URL);
  const port = Number(process.env.BENCH_PORT ?? 8191);
  const child = spawn(process.execPath, ['scripts/serve-stack.mjs', '--port', String(port), '--fresh-db'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
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
export async function signedInCook(baseUrl) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@pitclock.test`;
  const password = 'smoke-ring-2026';
  const post = async (path, body) => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await post('/api/auth/register', {
    email,
    password,
    display_name: 'Bench Cook',
    device_info: { device_id: 'device-bench', name: 'bench' },
  });
  return post('/api/login', { email, password });
}

/**
 * Stops the data servers a bench started (provisionDataServers()), unless another program began to use
 * them meanwhile: an e2e stack or a test run started while the bench ran finds them up, reuses them, and
 * would lose its database and Redis if the bench stopped them. Call it last, after the bench's own
 * processes and connections are closed; it answers whether it stopped them.
 */
export async function stopDataServersUnlessShared(dataServers, { adminUrl, redisUrl }) {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  let others = 0;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      others += rows[0].n;
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
// Small helpers of the benches that start services themselves (notifier.mjs, contest-morning.mjs).

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole number with thousands separators ('1,234'); anything not finite as it is ('NaN'). */
export const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n));

/** The nearest-rank percentile p (0-100) of values; NaN when there are none. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};

/** A TCP port that was free on 127.0.0.1 a moment ago (the system's choice). */
export const freePort = async () => {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
};

/** Runs fn over items with at most `limit` at once; answers the results in the items' order. */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * Signs access tokens as the auth service does (HS256, aud, sub = the user id, 1 hour) with the JWT_SECRET
 * the services were given: for benches that measure something else than sign-in.
 */
export const accessTokenSigner = (secret, audience) => (userId) => {
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(userId), aud: audience, iat: now, exp: now + 3600 })}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

/** Runs fn with a connected pg client on connectionString, and ends it. */
export async function withClient(connectionString, run) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Unlinks every key under a prefix (SCAN, so Redis is never blocked by KEYS on a big keyspace). */
export async function deleteRedisKeys(redis, keyPrefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 2000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Redis's per-command totals (INFO commandstats): calls and microseconds. */
export async function redisCommandStats(redis) {
  const stats = {};
  for (const match of (await redis.info('commandstats')).matchAll(
    /^cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/gm,
  )) {
    stats[match[1]] = { calls: Number(match[2]), usec: Number(match[3]) };
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc, clock ticks of 1/100 s): named processes, Redis and PostgreSQL, and
// everything else on the machine (the rest of /proc/stat's busy time).

const TICKS_PER_S = 100;
/** Processes not named by pid are grouped by their command name: these are the data servers. */
export const dataServerGroups = { 'redis-server': 'redis', postgres: 'postgres' };

/**
 * CPU ticks used so far by each process of interest: `named` maps a pid to its group (the bench, a
 * service instance); other processes are grouped by command name through `byComm`, or left to 'other'.
 */
export function cpuSnapshot(named, byComm = dataServerGroups) {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
  const pids = new Map(); // pid -> { group, ticks }
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
export function cpuShares(before, after) {
  const seconds = (after.atMs - before.atMs) / 1000;
  const used = {};
  let ours = 0;
  for (const [pid, { group, ticks }] of after.pids) {
    const delta = ticks - (before.pids.get(pid)?.ticks ?? 0);
    ours += delta;
    used[group] = (used[group] ?? 0) + delta;
  }
  const shares = {};
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

export const sharesText = (shares) =>
  Object.entries(shares)
    .map(([group, pct]) => `${group} ${pct}%`)
    .join(', ');

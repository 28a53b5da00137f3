// Shared by the benchmarks: a running stack (BENCH_URL, or one started here on its own database)
// and Debian's Chromium.
import { spawn } from 'node:child_process';
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

// Provisioning shared by `npm start`, `npm test` and the e2e stack: npm packages, the OS packages
// (PostgreSQL, Redis, Chromium) and local database servers whose data lives in .data/ (git-ignored).
// Servers that are already running are reused; servers this script starts are reported so the caller
// can stop them.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, chownSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const dataDir = path.join(root, '.data');
const isRoot = process.getuid?.() === 0;

export function log(message) {
  process.stdout.write(`[pitclock] ${message}\n`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/**
 * npm install (which follows package-lock.json) when node_modules is missing or the lock changed since
 * the last install here. Not npm ci: the registry reachable here lacks some optional platform packages
 * (for example @unrs/resolver-binding-* for other systems), so no lock can list them and npm ci refuses
 * every lock; npm install skips unavailable optional packages as it should.
 */
export function installNpmPackages() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.pitclock-lock-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === readFileSync(lock, 'utf8')) return;
  log('installing npm packages');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, readFileSync(lock, 'utf8'));
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

const osPackages = {
  postgresql: () => postgresBinDir() !== null,
  'redis-server': () => existsSync('/usr/bin/redis-server'),
  chromium: () => existsSync('/usr/bin/chromium'),
};

/** Installs the missing Debian packages among `names` (as root), or says exactly what to run. */
export function ensureOsPackages(names) {
  const missing = names.filter((name) => !osPackages[name]());
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot) {
    throw new Error(`missing OS packages: ${missing.join(', ')}. Run as root:\n  sudo sh -c '${command}'`);
  }
  log(`installing OS packages: ${missing.join(', ')}`);
  run('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${command}`]);
}

export function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function urlPort(url, fallback) {
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port) || fallback };
  } catch {
    return null;
  }
}

async function reachable(url, defaultPort) {
  const target = urlPort(url, defaultPort);
  return target !== null && (await portOpen(target.port, target.host));
}

/** A server's URL as it may be printed: no password, no query (postgres://user@host:port/db). */
export function displayUrl(url) {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${parsed.username}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}

async function waitFor(check, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** As root, PostgreSQL refuses to run: its data folder is owned by and run as the postgres user. */
function asPostgresUser(command, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** pg_ctl on a cluster's data folder, as the postgres user when root. */
function pgCtl(pgData, args, options = { stdio: 'ignore' }) {
  const [cmd, cmdArgs] = asPostgresUser(path.join(postgresBinDir(), 'pg_ctl'), ['-D', pgData, ...args]);
  return execFileSync(cmd, cmdArgs, options);
}

/** initdb into pgData unless a cluster is already there. */
function ensurePostgresCluster(pgData) {
  if (existsSync(path.join(pgData, 'PG_VERSION'))) return;
  mkdirSync(pgData, { recursive: true });
  if (isRoot) chownSync(pgData, ...postgresIds());
  log(`creating a PostgreSQL cluster in ${path.relative(root, pgData)}`);
  const [cmd, args] = asPostgresUser(path.join(postgresBinDir(), 'initdb'), [
    '-D',
    pgData,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  execFileSync(cmd, args, { stdio: 'ignore' });
}

/**
 * Starts the cluster in pgData (created when missing) on 127.0.0.1:port and waits until it accepts
 * connections; returns a stop() (fast shutdown: sessions are ended, then a clean checkpoint).
 */
async function startLocalPostgres(port, pgData = path.join(dataDir, 'postgres')) {
  ensurePostgresCluster(pgData);
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k /tmp -c fsync=off`;
  const serverLog = path.join(pgData, 'server.log');
  try {
    pgCtl(pgData, ['-l', serverLog, '-o', options, '-w', 'start']);
  } catch {
    throw new Error(
      `PostgreSQL did not start on 127.0.0.1:${port}; its log says why: ${path.relative(root, serverLog)}`,
    );
  }
  return async () => {
    try {
      pgCtl(pgData, ['-m', 'fast', '-w', 'stop']);
    } catch {
      // Not running (already stopped or killed).
    }
  };
}

function postgresIds() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('the postgres user is missing; install the postgresql package');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/**
 * Starts redis-server (daemonized) on 127.0.0.1:port with its data in redisDir: append-only file fsynced
 * every second, no RDB snapshots. Returns a stop() (SHUTDOWN NOSAVE: the append-only file is flushed).
 */
async function startLocalRedis(port, redisDir = path.join(dataDir, 'redis')) {
  mkdirSync(redisDir, { recursive: true });
  log(`starting Redis on 127.0.0.1:${port}`);
  execFileSync('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--daemonize',
    'yes',
    '--dir',
    redisDir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--save',
    '',
    '--pidfile',
    path.join(redisDir, 'redis.pid'),
    '--logfile',
    path.join(redisDir, 'redis.log'),
  ]);
  await waitFor(() => portOpen(port), 'Redis');
  return async () => {
    spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
  };
}

/**
 * DATABASE_URL / REDIS_URL when set and reachable; else the project's own local servers in .data/
 * (reused when already running, started otherwise). Returns the URLs, whether DATABASE_URL is the
 * database (`usesDatabaseUrl`), and a stop() for what it started.
 */
export async function provisionDataServers({ env = process.env } = {}) {
  const stops = [];
  let adminUrl;
  const usesDatabaseUrl = Boolean(env.DATABASE_URL) && (await reachable(env.DATABASE_URL, 5432));
  if (usesDatabaseUrl) {
    log('using PostgreSQL at DATABASE_URL');
    const url = new URL(env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = env.PG_ADMIN_URL ?? url.toString();
  } else {
    if (env.DATABASE_URL) {
      log(
        `PostgreSQL at ${displayUrl(env.DATABASE_URL)} (DATABASE_URL) is not reachable; using the project's own`,
      );
    }
    const port = Number(env.PITCLOCK_PG_PORT ?? 54329);
    if (!(await portOpen(port))) {
      ensureOsPackages(['postgresql']);
      stops.push(await startLocalPostgres(port));
    } else {
      log(`reusing PostgreSQL on 127.0.0.1:${port}`);
    }
    adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  let redisUrl;
  if (env.REDIS_URL && (await reachable(env.REDIS_URL, 6379))) {
    log('using Redis at REDIS_URL');
    redisUrl = env.REDIS_URL;
  } else {
    if (env.REDIS_URL) {
      log(`Redis at ${displayUrl(env.REDIS_URL)} (REDIS_URL) is not reachable; using the project's own`);
    }
    const port = Number(env.PITCLOCK_REDIS_PORT ?? 63799);
    if (!(await portOpen(port))) {
      ensureOsPackages(['redis-server']);
      stops.push(await startLocalRedis(port));
    } else {
      log(`reusing Redis on 127.0.0.1:${port}`);
    }
    redisUrl = `redis://127.0.0.1:${port}`;
  }
  return {
    adminUrl,
    redisUrl,
    usesDatabaseUrl,
    databaseUrl: (name) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** Creates the database `name` when missing (the pg package comes with the services). */
export async function ensureDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`drop database if exists "${name}"`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Private servers for fault tests: a PostgreSQL cluster and a Redis of their own (data under .data/fault-*,
// free ports), which a test may stop, kill and start again without touching the project's shared servers
// (which other programs use). Same options and code paths as the project's servers above.

/** A TCP port that was free a moment ago on 127.0.0.1 (the system's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Running (a zombie waiting for its parent to reap it counts as gone). */
const processAlive = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
};

const privateDir = (name, kind) =>
  path.join(dataDir, `fault-${name}-${kind}-${process.pid}-${randomBytes(3).toString('hex')}`);

/**
 * A PostgreSQL cluster of its own in .data/fault-<name>-postgres-*, on a free port (or `port`), started
 * with the project's options. stop(): fast shutdown; kill(): immediate shutdown (every server process quits
 * at once, crash recovery at the next start: what a crash or SIGKILL leaves); start(): again, on the same
 * port and data; remove(): stop and delete the data folder. Each waits until done.
 */
export async function startPrivatePostgres({ name = 'fault', port } = {}) {
  ensureOsPackages(['postgresql']);
  const pgPort = port ?? (await freePort());
  const pgData = privateDir(name, 'postgres');
  const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  let running = false;
  const start = async () => {
    await startLocalPostgres(pgPort, pgData);
    running = true;
  };
  const shutdown = async (mode) => {
    if (!running) return;
    running = false;
    log(`${mode === 'immediate' ? 'killing' : 'stopping'} PostgreSQL on 127.0.0.1:${pgPort}`);
    try {
      pgCtl(pgData, ['-m', mode, '-w', 'stop']);
    } catch {
      // Not running.
    }
    await waitFor(async () => !(await portOpen(pgPort)), 'PostgreSQL shutdown');
  };
  try {
    await start();
  } catch (error) {
    rmSync(pgData, { recursive: true, force: true });
    throw error;
  }
  return {
    port: pgPort,
    adminUrl,
    dataDir: pgData,
    databaseUrl: (database) => `postgres://postgres@127.0.0.1:${pgPort}/${database}`,
    start,
    stop: () => shutdown('fast'),
    kill: () => shutdown('immediate'),
    remove: async () => {
      await shutdown('immediate');
      rmSync(pgData, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis of its own in .data/fault-<name>-redis-*, on a free port (or `port`), append-only with fsync every
 * second. stop(): SHUTDOWN NOSAVE (the append-only file is flushed); kill(): SIGKILL (only what was fsynced
 * survives); start(): again, on the same port and data; remove(): kill and delete the data folder.
 */
export async function startPrivateRedis({ name = 'fault', port } = {}) {
  ensureOsPackages(['redis-server']);
  const redisPort = port ?? (await freePort());
  const redisDir = privateDir(name, 'redis');
  const pidFile = path.join(redisDir, 'redis.pid');
  let stopRedis;
  let pid;
  const start = async () => {
    stopRedis = await startLocalRedis(redisPort, redisDir);
    // The daemon writes its pid file just after it starts listening.
    const readPid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0);
    await waitFor(() => readPid() > 1, 'the Redis pid file');
    pid = readPid();
  };
  const waitGone = async (what) => {
    await waitFor(async () => !processAlive(pid) && !(await portOpen(redisPort)), what);
    stopRedis = undefined;
  };
  try {
    await start();
  } catch (error) {
    rmSync(redisDir, { recursive: true, force: true });
    throw error;
  }
  const kill = async () => {
    if (!stopRedis) return;
    log(`killing Redis on 127.0.0.1:${redisPort} (SIGKILL)`);
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
    await waitGone('Redis exit after SIGKILL');
  };
  return {
    port: redisPort,
    url: `redis://127.0.0.1:${redisPort}`,
    dataDir: redisDir,
    start,
    stop: async () => {
      if (!stopRedis) return;
      log(`stopping Redis on 127.0.0.1:${redisPort} (SHUTDOWN NOSAVE)`);
      await stopRedis();
      await waitGone('Redis shutdown');
    },
    kill,
    remove: async () => {
      await kill();
      rmSync(redisDir, { recursive: true, force: true });
    },
  };
}

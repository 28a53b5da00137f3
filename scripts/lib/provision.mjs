// Provisioning shared by `npm start`, `npm test` and the e2e stack: npm packages, the OS packages
// (PostgreSQL, Redis, Chromium) and local database servers whose data lives in .data/ (git-ignored).
// Servers that are already running are reused; servers this script starts are reported so the caller
// can stop them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, chownSync, writeFileSync } from 'node:fs';
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

async function startLocalPostgres(port) {
  const bin = postgresBinDir();
  const pgData = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    mkdirSync(pgData, { recursive: true });
    if (isRoot) chownSync(pgData, ...postgresIds());
    log(`creating a PostgreSQL cluster in ${path.relative(root, pgData)}`);
    const [cmd, args] = asPostgresUser(path.join(bin, 'initdb'), [
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
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k /tmp -c fsync=off`;
  const [cmd, args] = asPostgresUser(path.join(bin, 'pg_ctl'), [
    '-D',
    pgData,
    '-l',
    path.join(pgData, 'server.log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  execFileSync(cmd, args, { stdio: 'ignore' });
  return async () => {
    const [stopCmd, stopArgs] = asPostgresUser(path.join(bin, 'pg_ctl'), [
      '-D',
      pgData,
      '-m',
      'fast',
      '-w',
      'stop',
    ]);
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
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

async function startLocalRedis(port) {
  const redisDir = path.join(dataDir, 'redis');
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
 * (reused when already running, started otherwise). Returns the URLs and a stop() for what it started.
 */
export async function provisionDataServers({ env = process.env } = {}) {
  const stops = [];
  let adminUrl;
  if (env.DATABASE_URL && (await reachable(env.DATABASE_URL, 5432))) {
    log('using PostgreSQL at DATABASE_URL');
    const url = new URL(env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = env.PG_ADMIN_URL ?? url.toString();
  } else {
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

// `npm start`: installs what is missing, provisions PostgreSQL and Redis, builds the front ends and runs
// the whole stack behind the gateway. Ctrl-C stops every process it started, cleanly.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  dataDir,
  ensureDatabase,
  installNpmPackages,
  log,
  provisionDataServers,
  run,
} from './lib/provision.mjs';

installNpmPackages();
const { startStack } = await import('./lib/stack.mjs');

/** Secrets generated once per checkout, kept in .data/ (git-ignored), unless given in the environment. */
function localSecrets() {
  const file = path.join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const secrets = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: 'admin@pitclock.local',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

log('building the front ends');
run('npm', ['run', 'build']);

const servers = await provisionDataServers();
const databaseName = process.env.PITCLOCK_DB_NAME ?? 'pitclock';
const databaseUrl = process.env.DATABASE_URL ?? servers.databaseUrl(databaseName);
if (!process.env.DATABASE_URL) await ensureDatabase(servers.adminUrl, databaseName);

const secrets = localSecrets();
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: servers.redisUrl,
  REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'pitclock:',
  JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
  ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? secrets.ADMIN_EMAIL,
  ADMIN_PASSWORD:
    process.env.ADMIN_PASSWORD ?? (process.env.ADMIN_EMAIL ? undefined : secrets.ADMIN_PASSWORD),
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};
const gatewayPort = Number(process.env.PORT ?? 8080);
let stack;
try {
  stack = await startStack({ gatewayPort, env });
} catch (error) {
  log(`could not start: ${error.message}`);
  await servers.stop();
  process.exit(1);
}
log(`PitClock is running at ${stack.url}  (Ctrl-C stops it)`);
if (!process.env.ADMIN_PASSWORD && !process.env.ADMIN_EMAIL) {
  log(
    `admin sign-in: ${secrets.ADMIN_EMAIL} / ${secrets.ADMIN_PASSWORD}  (generated once, kept in .data/secrets.json)`,
  );
}

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await stack.stop();
  await servers.stop();
  log('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

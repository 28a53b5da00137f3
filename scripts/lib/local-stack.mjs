// What `npm start` and `npm run dev` share: PostgreSQL and Redis (provisioned or reused), the project's
// database, the secrets generated once per checkout, and the environment of the stack's processes.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, ensureDatabase, log, provisionDataServers } from './provision.mjs';

/** Secrets generated once per checkout, kept in .data/ (git-ignored), unless given in the environment. */
export function localSecrets() {
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

/**
 * Provisions PostgreSQL and Redis, creates the project's database (PITCLOCK_DB_NAME, `pitclock`) unless
 * DATABASE_URL is the database, and answers the stack's environment, the servers (stop() stops what was
 * started here) and the admin's generated sign-in when there is one to print.
 */
export async function prepareLocalStack({ nodeEnv }) {
  const servers = await provisionDataServers();
  const databaseName = process.env.PITCLOCK_DB_NAME ?? 'pitclock';
  const databaseUrl = servers.usesDatabaseUrl ? process.env.DATABASE_URL : servers.databaseUrl(databaseName);
  try {
    if (!servers.usesDatabaseUrl) await ensureDatabase(servers.adminUrl, databaseName);
  } catch (error) {
    await servers.stop();
    throw error;
  }
  const secrets = localSecrets();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: servers.redisUrl,
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'pitclock:',
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? secrets.ADMIN_EMAIL,
    ADMIN_PASSWORD:
      process.env.ADMIN_PASSWORD ?? (process.env.ADMIN_EMAIL ? undefined : secrets.ADMIN_PASSWORD),
    NODE_ENV: process.env.NODE_ENV ?? nodeEnv,
  };
  const generatedAdmin =
    !process.env.ADMIN_PASSWORD && !process.env.ADMIN_EMAIL
      ? `${secrets.ADMIN_EMAIL} / ${secrets.ADMIN_PASSWORD}  (generated once, kept in .data/secrets.json)`
      : undefined;
  return { env, servers, generatedAdmin };
}

/**
 * The life of a script that starts processes: main(session) acquires them and registers how to release
 * each with session.defer (released last first). Ctrl-C, SIGTERM or a closed terminal at any moment aborts
 * session.signal (startStack stops what it launched), waits for main to settle, releases everything and
 * exits 0. A failure of main prints one line (its message: the scripts' errors are sentences for the
 * reader, a port in use, a server that did not start), releases everything and exits 1.
 */
export function runSession(main) {
  const controller = new AbortController();
  const releases = [];
  let stopping = false;
  const releaseAll = async () => {
    for (const release of releases.reverse()) {
      await release().catch((error) => log(`while stopping: ${error.message}`));
    }
  };
  const session = { signal: controller.signal, defer: (release) => void releases.push(release) };
  const running = main(session).catch(async (error) => {
    if (stopping) return;
    stopping = true;
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    await releaseAll();
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping`);
      controller.abort(new Error(`stopped by ${signal}`));
      await running;
      await releaseAll();
      log('stopped');
      process.exit(0);
    });
  }
}

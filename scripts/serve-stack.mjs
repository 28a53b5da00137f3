// Serves the built stack for the e2e suite and the benchmarks (Playwright's webServer runs this).
//   node scripts/serve-stack.mjs [--port 8181] [--fresh-db] [--scaled]
// --fresh-db creates a database of its own and drops it on exit; Redis keys get a unique prefix.
// --scaled runs two instances of each service and three notifier workers behind the gateway.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropDatabase, ensureDatabase, log, provisionDataServers, root, run } from './lib/provision.mjs';
import { scaledInstances, singleInstances, startStack } from './lib/stack.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8181' },
    'fresh-db': { type: 'boolean', default: false },
    scaled: { type: 'boolean', default: false },
  },
});

const builds = ['shell', 'cook-app', 'admin-console'].map((app) => path.join(root, app, 'dist'));
if (!builds.every((dist) => existsSync(dist))) run('npm', ['run', 'build']);

const servers = await provisionDataServers();
const suffix = randomBytes(4).toString('hex');
const databaseName = values['fresh-db'] ? `pitclock_e2e_${suffix}` : 'pitclock';
await ensureDatabase(servers.adminUrl, databaseName);
const env = {
  DATABASE_URL: servers.databaseUrl(databaseName),
  REDIS_URL: servers.redisUrl,
  REDIS_KEY_PREFIX: values['fresh-db'] ? `pitclock-e2e-${suffix}:` : 'pitclock:',
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every e2e browser and benchmark signs in from 127.0.0.1, often as the same admin: the per-address
  // limits that protect production would stop the suite, so they are raised here (their own service
  // tests prove they work).
  LOGIN_LIMIT_PER_IP_PER_MINUTE: process.env.LOGIN_LIMIT_PER_IP_PER_MINUTE ?? '10000',
  LOGIN_FAILURES_PER_IP_PER_HOUR: process.env.LOGIN_FAILURES_PER_IP_PER_HOUR ?? '10000',
  REGISTER_LIMIT_PER_IP_PER_MINUTE: process.env.REGISTER_LIMIT_PER_IP_PER_MINUTE ?? '10000',
};

let stack;
async function cleanUp() {
  await stack?.stop();
  if (values['fresh-db']) {
    await dropDatabase(servers.adminUrl, databaseName).catch((error) =>
      log(`could not drop ${databaseName}: ${error.message}`),
    );
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(servers.redisUrl);
    const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  await servers.stop();
}

try {
  stack = await startStack({
    gatewayPort: Number(values.port),
    env,
    quiet: true,
    instances: values.scaled ? scaledInstances : singleInstances,
  });
} catch (error) {
  log(`could not start the stack: ${error.message}`);
  await cleanUp();
  process.exit(1);
}
log(`stack ready at ${stack.url} (${stack.processes.map((proc) => proc.name).join(', ')})`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cleanUp();
    process.exit(0);
  });
}

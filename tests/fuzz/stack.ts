// The stack the fuzzer attacks: the built services, the notifier worker and the gateway (scripts/lib/stack.mjs)
// on a database of its own and a Redis key prefix of its own, both removed afterwards. The front ends are not
// needed: the gateway serves /api without their dist folders.
import { randomBytes } from 'node:crypto';
import {
  dropDatabase,
  ensureDatabase,
  log,
  provisionDataServers,
  singleInstances,
  startStack,
  type Stack,
  type StackProcess,
} from '../support/scripts-lib';
import { pushOrigin, type Account } from './fixtures';

/** The running fuzz stack: see startFuzzStack. */
export interface FuzzStack {
  url: string;
  databaseName: string;
  processes: StackProcess[];
  exitedProcesses: () => string[];
  stop: () => Promise<void>;
}

export const fuzzAdmin: Account = { email: 'fuzz-admin@pitclock.test', password: 'fuzz-admin-password-1' };

/** A generous limit: every fuzz request comes from 127.0.0.1 and a handful of accounts. */
const unlimited = '1000000';

/**
 * The environment of the fuzz stack. The rate limits are raised: at their production values every case after
 * the first few dozen would be a 429 and the fuzzer would test the limiter only (its own tests prove it works);
 * 429s that still come are accepted where documented. Access tokens last a day so that a long campaign keeps
 * its sessions; push deliveries go to an https origin that refuses connections at once.
 */
const fuzzEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'warn',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  ADMIN_EMAIL: fuzzAdmin.email,
  ADMIN_PASSWORD: fuzzAdmin.password,
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  LOGIN_LIMIT_PER_IP_PER_MINUTE: unlimited,
  LOGIN_FAILURES_PER_EMAIL_PER_HOUR: unlimited,
  LOGIN_FAILURES_PER_IP_PER_HOUR: unlimited,
  LOGIN_FAILURES_PER_CLIENT_PER_HOUR: unlimited,
  REGISTER_LIMIT_PER_IP_PER_MINUTE: unlimited,
  REDEEM_LIMIT_PER_USER_PER_MINUTE: unlimited,
  ACTIVATE_LIMIT_PER_USER_PER_MINUTE: unlimited,
  PUSH_ALLOWED_ORIGINS: pushOrigin,
  PUSH_TIMEOUT_MS: '1000',
});

/**
 * Starts the stack on gatewayPort (and the five ports above it) and resolves { url, processes,
 * exitedProcesses(), stop() }; stop() also drops the database and the Redis keys.
 */
export async function startFuzzStack({
  gatewayPort,
  quiet = true,
}: {
  gatewayPort: number;
  quiet?: boolean;
}): Promise<FuzzStack> {
  const servers = await provisionDataServers();
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `pitclock_fuzz_${suffix}`;
  await ensureDatabase(servers.adminUrl, databaseName);
  const env = {
    ...fuzzEnv(),
    DATABASE_URL: servers.databaseUrl(databaseName),
    REDIS_URL: servers.redisUrl,
    REDIS_KEY_PREFIX: `pitclock-fuzz-${suffix}:`,
  };
  const cleanUp = async () => {
    await dropDatabase(servers.adminUrl, databaseName).catch((error: Error) =>
      log(`could not drop ${databaseName}: ${error.message}`),
    );
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(servers.redisUrl);
    const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await servers.stop();
  };
  let stack: Stack;
  try {
    stack = await startStack({ gatewayPort, env, quiet, instances: singleInstances });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const pids = new Map(stack.processes.map((proc) => [proc.name, proc.child.pid]));
  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    databaseName,
    processes: stack.processes,
    /** The processes that exited since the start: a crash is a finding too. */
    exitedProcesses: () =>
      stack.processes
        .filter(
          (proc) =>
            pids.get(proc.name) !== proc.child.pid ||
            proc.child.exitCode !== null ||
            proc.child.signalCode !== null,
        )
        .map((proc) => proc.name),
    stop: async () => {
      await stack.stop();
      await cleanUp();
    },
  };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  testRedisPrefix,
  type TestDatabase,
  type TestRedisPrefix,
} from '@pitclock/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsQueue } from './data-access';
import { stepAlertJobId } from './domain/job-plan';
import { JWT_SECRET, tokenFor } from './test-support/harness';
import { metricValue } from './test-support/metrics';
import { readVapidAuthorization, startPushReceiver, type PushReceiver } from './test-support/push-receiver';
import { waitFor } from '@pitclock/kit/testing';

// The two processes as a script (npm start, a benchmark, a fault test) runs them: src/main.ts and
// src/worker.ts, configured only by the environment, started together on an empty database.

const serviceDir = fileURLToPath(new URL('../', import.meta.url));

let testDb: TestDatabase;
let prefix: TestRedisPrefix;
let receiver: PushReceiver;

beforeAll(async () => {
  testDb = await createTestDatabase();
  prefix = testRedisPrefix();
  receiver = await startPushReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await prefix?.cleanup();
  await testDb?.drop();
});

type Process = {
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
  kill: () => void;
};

/** Runs an entry until it listens; NODE_EXTRA_CA_CERTS (the receiver's CA) comes from this process. */
const start = async (
  entry: 'src/main.ts' | 'src/worker.ts',
  env: Record<string, string>,
): Promise<Process> => {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serviceDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      WORKER_PORT: '0',
      DATABASE_URL: testDb.url,
      REDIS_URL: prefix.url,
      REDIS_KEY_PREFIX: prefix.prefix,
      JWT_SECRET,
      PUSH_ALLOWED_ORIGINS: receiver.origin,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} not listening after 40 s:\n${output}`)),
      40_000,
    );
    child.stdout.on('data', () => {
      const match = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) {
        resolve(child.exitCode);
        return;
      }
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, output: () => output, stop, kill: () => child.kill('SIGKILL') };
};

const loadedKeys = (output: string) =>
  [...output.matchAll(/"publicKey":"([\w-]+)"[^\n]*"msg":"VAPID key loaded"/g)].map((match) => match[1]);

describe('the API and worker processes', () => {
  it('started together on an empty database share one generated VAPID key, and a scheduled step reaches the push service', async () => {
    const [api, worker] = await Promise.all([start('src/main.ts', {}), start('src/worker.ts', {})]);
    try {
      const served = (await (await fetch(`${api.url}/api/push/vapid-public-key`)).json()) as {
        public_key: string;
      };
      expect(loadedKeys(api.output())).toEqual([served.public_key]);
      expect(loadedKeys(worker.output())).toEqual([served.public_key]);
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        expect((await client.query('select public_key from vapid_keys')).rows).toEqual([
          { public_key: served.public_key },
        ]);
      } finally {
        await client.end();
      }

      const headers = { authorization: `Bearer ${await tokenFor(42)}`, 'content-type': 'application/json' };
      const subscription = receiver.subscription();
      const subscribed = await fetch(`${api.url}/api/push/subscribe`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
          device_id: 'phone',
        }),
      });
      expect(subscribed.status).toBe(201);
      const due = new Date(Date.now() + 1_500).toISOString();
      const scheduled = await fetch(`${api.url}/api/push/runs/run-1/schedule`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          contest_id: 'contest-1',
          contest_name: 'Smoke-off',
          steps: [{ id: 'trim', name: 'Trim', scheduled_at: due, done: false, dismissed: false }],
        }),
      });
      expect(await scheduled.json()).toEqual({ run_id: 'run-1', scheduled: 5 });

      const [push] = await receiver.waitForPushes(subscription.endpoint, 1, 30_000);
      expect(readVapidAuthorization(push!.headers.authorization)).toMatchObject({
        publicKey: served.public_key,
        signatureValid: true,
      });
      expect(JSON.parse(subscription.decrypt(push!.body))).toMatchObject({
        kind: 'step-alert',
        title: 'PitClock - Trim',
      });
      // The push service answered after it recorded the push: the worker counts it a moment later.
      await waitFor('the sent push counted by the worker', async () => {
        const metrics = await (await fetch(`${worker.url}/metrics`)).text();
        return metricValue(metrics, 'notifier_push_deliveries_total', { result: 'sent' }) === 1;
      });
      // SIGTERM: each finishes what it is doing and exits 0.
      expect([await worker.stop(), await api.stop()]).toEqual([0, 0]);
    } finally {
      await Promise.all([worker.stop(), api.stop()]);
    }
  }, 90_000);

  it("a SIGKILLed worker's active job is taken over by another worker and delivered once, the stall not counted as an attempt", async () => {
    // Short locks so that the test takes seconds; the defaults (8 s + 4 s) bound the takeover at 12 s.
    const fast = { BULL_LOCK_DURATION_MS: '2000', BULL_STALLED_INTERVAL_MS: '500', PUSH_TIMEOUT_MS: '1500' };
    const [api, doomed] = await Promise.all([start('src/main.ts', {}), start('src/worker.ts', fast)]);
    let rescuer: Process | undefined;
    try {
      const headers = { authorization: `Bearer ${await tokenFor(43)}`, 'content-type': 'application/json' };
      const subscription = receiver.subscription();
      const body = {
        subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
        device_id: 'd',
      };
      await fetch(`${api.url}/api/push/subscribe`, { method: 'POST', headers, body: JSON.stringify(body) });
      receiver.reply(subscription.endpoint, { status: 201, hang: true });
      const due = new Date(Date.now() + 1_000).toISOString();
      const steps = [{ id: 'sauce', name: 'Sauce', scheduled_at: due, done: false, dismissed: false }];
      await fetch(`${api.url}/api/push/runs/run-kill/schedule`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ contest_id: 'c', contest_name: 'C', steps }),
      });
      await receiver.waitForPushes(subscription.endpoint, 1);
      doomed.kill();
      rescuer = await start('src/worker.ts', fast);
      // How soon the takeover comes is measured by tests/bench/notifier.ts, not here.
      const [, again] = await receiver.waitForPushes(subscription.endpoint, 2, 30_000);
      expect(JSON.parse(subscription.decrypt(again!.body))).toMatchObject({ title: 'PitClock - Sauce' });
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        await waitFor('the delivery row', async () => {
          const rows = await client.query(`select result from push_deliveries where run_id = 'run-kill'`);
          return rows.rows.length === 1 && rows.rows[0].result === 'sent';
        });
      } finally {
        await client.end();
      }
      const queue = createNotificationsQueue(prefix.url, { keyPrefix: prefix.prefix });
      try {
        const jobId = stepAlertJobId({
          userId: 43,
          runId: 'run-kill',
          stepId: 'sauce',
          stageIndex: 0,
          dueAtMs: Date.parse(due),
        });
        // The delivery row is written while the job is still active: wait for Bull to finish it.
        const job = await waitFor('the job to complete', async () => {
          const found = await queue.getJob(jobId);
          return found && (await found.getState()) === 'completed' ? found : undefined;
        });
        expect(job.attemptsMade).toBe(0);
      } finally {
        await queue.close();
      }
      expect(await rescuer.stop()).toBe(0);
    } finally {
      doomed.kill();
      await Promise.all([api.stop(), rescuer?.stop()]);
    }
  }, 90_000);

  it('the worker refuses to start with a bad setting, naming it', async () => {
    await expect(start('src/worker.ts', { PUSH_TIMEOUT_MS: '9000' })).rejects.toThrow(
      /PUSH_TIMEOUT_MS: must be below BULL_LOCK_DURATION_MS/,
    );
  }, 40_000);
});

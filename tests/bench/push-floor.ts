// The floor under the notifier bench (issue 8): how many Web Push messages this machine can encrypt and
// POST to the local https push receiver when nothing else runs: no Bull, no Redis, no PostgreSQL. The
// notifier's own client (createWebPushClient: VAPID header cached, aes128gcm, keep-alive https) in
// WORKERS child processes, CONCURRENCY requests in flight each, for DURATION_S, to the receiver in this
// process (as notifier.ts runs it), 500 subscriptions.
//
//   node --import tsx tests/bench/push-floor.ts
//
// The notifier bench's peak can only be lower: each of its deliveries adds a Bull job's Redis scripts and
// the worker's database statements on the same 2 cores. Prints pushes per second and CPU per push of the
// senders and of the receiver. Figures go to tests/bench/results/push-floor.json.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PushTarget } from '@pitclock/notifier/web-push-client';

/** What the parent sends each sender (the subscriptions to push to, for how long) and what it answers. */
type SenderTask = { subscriptions: PushTarget[]; durationMs: number };
type SenderResult = { sent: number; failed: number; cpuMs: number };

const WORKERS = 2;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 60);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SUBSCRIPTIONS = 500;

// The sender processes are this script forked with 'sender' (the same node flags: tsx too); they alone load
// the notifier's Web Push client, the parent alone the receiver.
if (process.argv[2] === 'sender') {
  const { createWebPushClient } = await import('@pitclock/notifier/web-push-client');
  const webpush = (await import('web-push')).default;
  const pair = webpush.generateVAPIDKeys();
  const client = createWebPushClient({
    keys: { current: async () => pair },
    subject: 'mailto:bench@pitclock.test',
    timeoutMs: 5_000,
  });
  const send = async ({ subscriptions, durationMs }: SenderTask) => {
    const payload = JSON.stringify({
      kind: 'step-alert',
      title: 'PitClock - Inject the brisket',
      body: 'Due now · Brisket · due 06:30',
      tag: 'pitclock-step-alert',
      data: { url: '/contests/c/runs/r/steps', stepId: 's', runId: 'r', contestId: 'c', stage: 'due-now' },
    });
    const endAt = Date.now() + durationMs;
    const cpuBefore = process.cpuUsage();
    let sent = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, lane) => {
        for (let i = lane; Date.now() < endAt; i += CONCURRENCY) {
          const target = subscriptions[i % subscriptions.length]!;
          const answer = await client.send(target, {
            payload,
            ttlSeconds: 300,
            urgency: 'high',
            topic: 'bench',
          });
          if (answer.kind === 'accepted') sent += 1;
          else failed += 1;
        }
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const result: SenderResult = { sent, failed, cpuMs: (cpu.user + cpu.system) / 1000 };
    process.send?.(result);
    process.exit(0);
  };
  process.once('message', (task: SenderTask) => void send(task));
} else {
  const { startPushReceiver, pushReceiverCaPath } =
    await import('@pitclock/notifier/test-support/push-receiver');
  const receiver = await startPushReceiver();
  const subscriptions = Array.from({ length: SUBSCRIPTIONS }, (): PushTarget => {
    const subscription = receiver.subscription();
    return {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    };
  });
  const senders = Array.from({ length: WORKERS }, () =>
    fork(import.meta.filename, ['sender'], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: pushReceiverCaPath, NODE_ENV: 'production' },
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the senders load their modules
  const cpuBefore = process.cpuUsage();
  const began = Date.now();
  const results = await Promise.all(
    senders.map(
      (sender) =>
        new Promise<SenderResult>((resolve) => {
          sender.once('message', (result: SenderResult) => resolve(result));
          const task: SenderTask = { subscriptions, durationMs: DURATION_S * 1000 };
          sender.send(task);
        }),
    ),
  );
  const seconds = (Date.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await receiver.close();
  const sent = results.reduce((sum, r) => sum + r.sent, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const senderCpuMs = results.reduce((sum, r) => sum + r.cpuMs, 0);
  const figures = {
    workers: WORKERS,
    concurrency: CONCURRENCY,
    seconds: Math.round(seconds * 10) / 10,
    pushesPerSecond: Math.round(sent / seconds),
    failed,
    senderCpuMsPerPush: Math.round((100 * senderCpuMs) / Math.max(1, sent)) / 100,
    receiverCpuMsPerPush: Math.round((100 * (cpu.user + cpu.system)) / 1000 / Math.max(1, sent)) / 100,
  };
  console.log(
    `push floor: ${WORKERS} sender processes x ${CONCURRENCY} in flight, ${SUBSCRIPTIONS} subscriptions, local https receiver`,
  );
  console.log(
    `  pushes/s (encrypt + POST only)   ${figures.pushesPerSecond.toLocaleString('en-US')} over ${figures.seconds} s (${failed} failed)`,
  );
  console.log(
    `  CPU per push: senders ${figures.senderCpuMsPerPush} ms, receiver ${figures.receiverCpuMsPerPush} ms`,
  );
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'push-floor.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
}

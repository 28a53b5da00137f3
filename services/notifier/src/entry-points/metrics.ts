import type { Registry } from '@pitclock/kit';
// prom-client is the kit's metrics library (hoisted); the metric classes must be the kit registry's own.
import { Counter, Gauge, Histogram } from 'prom-client';
import { deliveryMetricResults, type DeliveryMetrics } from '../application/deliver-step-alert';

const queueStates = ['waiting', 'delayed', 'active', 'failed'] as const;
const SCRAPE_TIMEOUT_MS = 1_000;

/** What the gauge reads of the queue (Bull's getJobCounts). */
type CountedQueue = { getJobCounts(): Promise<Record<(typeof queueStates)[number], number>> };

const withinScrape = <T>(work: Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('queue counts timed out')), SCRAPE_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** notifier_queue_jobs{state}: the queue's job counts, read from Redis at each scrape. */
export const registerQueueGauge = (registry: Registry, queue: CountedQueue): void => {
  new Gauge({
    name: 'notifier_queue_jobs',
    help: 'Jobs of the notifications queue by state (waiting, delayed, active, failed), read at scrape time',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const counts = await withinScrape(queue.getJobCounts());
        for (const state of queueStates) this.set({ state }, counts[state]);
      } catch {
        // Redis unreachable: the gauge keeps its last values; /readyz reports the outage.
      }
    },
  });
};

/** notifier_push_deliveries_total{result} and notifier_push_lateness_seconds, for the worker process. */
export const registerDeliveryMetrics = (registry: Registry): DeliveryMetrics => {
  const deliveries = new Counter({
    name: 'notifier_push_deliveries_total',
    help: 'Step-alert outcomes: per subscription sent, gone, failed, retry, duplicate; per job expired, cancelled',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  for (const result of deliveryMetricResults) deliveries.inc({ result }, 0);
  const lateness = new Histogram({
    name: 'notifier_push_lateness_seconds',
    help: 'Seconds from an alert being due (step time plus reminder offset) to the push service accepting it',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  return {
    count: (result, by = 1) => {
      if (by > 0) deliveries.inc({ result }, by);
    },
    observeLateness: (seconds) => lateness.observe(Math.max(0, seconds)),
  };
};

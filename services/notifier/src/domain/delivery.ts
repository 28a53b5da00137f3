import { PUSH_OVERDUE_WINDOW_MS } from '@pitclock/contracts/push';

/** The end of a step's overdue window: no alert of the step may be shown after it. */
export const alertDeadlineMs = (dueAt: Date): number => dueAt.getTime() + PUSH_OVERDUE_WINDOW_MS;

/** True when a job runs at or after the end of the window: it records 'expired' and sends nothing. */
export const isExpired = (dueAt: Date, now: Date): boolean => now.getTime() >= alertDeadlineMs(dueAt);

/**
 * The push's TTL: whole seconds left until the end of the window (rounded down), so that a push service
 * holding the message for an offline device drops it before the reminder would be shown too late.
 */
export const ttlSeconds = (dueAt: Date, now: Date): number =>
  Math.max(0, Math.floor((alertDeadlineMs(dueAt) - now.getTime()) / 1000));

/**
 * What a push service's answer means: accepted (2xx); gone (404, 410: the subscription no longer exists
 * and is deleted); retry (429 and 5xx, and no answer at all); rejected (any other status: retrying the
 * same request would get the same answer).
 */
export type PushResponseKind = 'accepted' | 'gone' | 'retry' | 'rejected';

export const classifyPushStatus = (status: number | undefined): PushResponseKind => {
  if (status === undefined) return 'retry';
  if (status >= 200 && status < 300) return 'accepted';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'rejected';
};

/** A Retry-After header (delay seconds or an HTTP date) in milliseconds from now; undefined when unusable. */
export const parseRetryAfter = (value: string | undefined, now: Date): number | undefined => {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
};

/**
 * The wait before retry number `attemptsMade` (1 after the first failure): exponential from baseMs, at
 * least the push service's Retry-After, at most maxMs (a retry later than the window would only expire).
 */
export const retryDelayMs = ({
  attemptsMade,
  baseMs,
  retryAfterMs,
  maxMs = PUSH_OVERDUE_WINDOW_MS,
}: {
  attemptsMade: number;
  baseMs: number;
  retryAfterMs?: number;
  maxMs?: number;
}): number => {
  const exponential = baseMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.min(maxMs, Math.max(exponential, retryAfterMs ?? 0));
};

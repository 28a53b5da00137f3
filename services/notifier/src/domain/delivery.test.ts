import { PUSH_OVERDUE_WINDOW_MS } from '@pitclock/contracts/push';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyPushStatus, isExpired, parseRetryAfter, retryDelayMs, ttlSeconds } from './delivery';
import { evictionPolicyWarning } from './queue-health';

const due = new Date('2026-06-13T12:00:00.000Z');
const after = (ms: number) => new Date(due.getTime() + ms);

describe('TTL and expiry', () => {
  it('the TTL is the whole seconds left until due + 5 minutes', () => {
    expect(ttlSeconds(due, due)).toBe(300);
    expect(ttlSeconds(due, after(-60_000))).toBe(360);
    expect(ttlSeconds(due, after(65_500))).toBe(234);
    expect(ttlSeconds(due, after(PUSH_OVERDUE_WINDOW_MS - 999))).toBe(0);
  });

  it('a job at or after due + 5 minutes is expired', () => {
    expect(isExpired(due, after(PUSH_OVERDUE_WINDOW_MS - 1))).toBe(false);
    expect(isExpired(due, after(PUSH_OVERDUE_WINDOW_MS))).toBe(true);
  });

  it('property: a push sent with the TTL is never kept past the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_600_000, max: PUSH_OVERDUE_WINDOW_MS - 1 }), (offset) => {
        const now = after(offset);
        expect(now.getTime() + ttlSeconds(due, now) * 1000).toBeLessThanOrEqual(
          due.getTime() + PUSH_OVERDUE_WINDOW_MS,
        );
      }),
    );
  });
});

describe('push service answers', () => {
  it('2xx accepted, 404/410 gone, 429/5xx/no answer retry, other statuses rejected', () => {
    expect([200, 201, 202].map(classifyPushStatus)).toEqual(['accepted', 'accepted', 'accepted']);
    expect([404, 410].map(classifyPushStatus)).toEqual(['gone', 'gone']);
    expect([429, 500, 502, 503, undefined].map(classifyPushStatus)).toEqual(Array(5).fill('retry'));
    expect([400, 401, 403, 413].map(classifyPushStatus)).toEqual(Array(4).fill('rejected'));
  });

  it('Retry-After is read as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3', due)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', due)).toBe(0);
    expect(parseRetryAfter(after(7_000).toUTCString(), due)).toBe(7_000);
    expect(parseRetryAfter(after(-7_000).toUTCString(), due)).toBe(0);
    expect(parseRetryAfter('soon', due)).toBeUndefined();
    expect(parseRetryAfter(undefined, due)).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and honours a longer Retry-After', () => {
    expect([1, 2, 3, 4].map((attemptsMade) => retryDelayMs({ attemptsMade, baseMs: 1_000 }))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(retryDelayMs({ attemptsMade: 1, baseMs: 1_000, retryAfterMs: 5_000 })).toBe(5_000);
    expect(retryDelayMs({ attemptsMade: 3, baseMs: 1_000, retryAfterMs: 500 })).toBe(4_000);
  });

  it('property: at least Retry-After and the exponential delay, at most the cap, growing with attempts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }),
        (attemptsMade, baseMs, retryAfterMs) => {
          const delay = retryDelayMs({ attemptsMade, baseMs, retryAfterMs });
          expect(delay).toBeLessThanOrEqual(PUSH_OVERDUE_WINDOW_MS);
          expect(delay).toBeGreaterThanOrEqual(
            Math.min(PUSH_OVERDUE_WINDOW_MS, baseMs * 2 ** (attemptsMade - 1)),
          );
          expect(delay).toBeGreaterThanOrEqual(Math.min(PUSH_OVERDUE_WINDOW_MS, retryAfterMs ?? 0));
          expect(
            retryDelayMs({ attemptsMade: attemptsMade + 1, baseMs, retryAfterMs }),
          ).toBeGreaterThanOrEqual(delay);
        },
      ),
    );
  });
});

describe('evictionPolicyWarning', () => {
  it('is silent for noeviction and warns for any other policy or when the policy cannot be read', () => {
    expect(evictionPolicyWarning('noeviction')).toBeUndefined();
    expect(evictionPolicyWarning('allkeys-lru')).toMatch(/'allkeys-lru'.*noeviction/);
    expect(evictionPolicyWarning(undefined)).toMatch(/could not read/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coolsDown, createUpstreamPool, mayRetry, type AttemptFailure } from './upstream-pool';

const manualClock = (start = 1_000_000) => {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

const urls = (order: { url: string }[]) => order.map((instance) => instance.url);

describe('upstream pool', () => {
  it('rotates the first instance over every instance in turn, each request trying each instance once', () => {
    const pool = createUpstreamPool({ urls: ['a', 'b', 'c'], cooldownMs: 2_000, now: Date.now });
    expect([1, 2, 3, 4].map(() => urls(pool.attemptOrder()))).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('puts an instance whose connection failed last until its cool-down ends, sharing the load evenly over the rest', () => {
    const clock = manualClock();
    const pool = createUpstreamPool({ urls: ['a', 'b', 'c'], cooldownMs: 2_000, now: clock.now });
    pool.markFailed(pool.instances[0]!);
    const orders = [1, 2, 3, 4].map(() => urls(pool.attemptOrder()));
    expect(orders.map((order) => order.at(-1))).toEqual(['a', 'a', 'a', 'a']);
    expect(orders.map((order) => order[0])).toEqual(['b', 'c', 'b', 'c']);
    clock.advance(1_999);
    expect(pool.isCooling(pool.instances[0]!)).toBe(true);
    clock.advance(1);
    expect(pool.isCooling(pool.instances[0]!)).toBe(false);
    expect(new Set([1, 2, 3].map(() => pool.attemptOrder()[0]!.url))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('when every instance is cooling down, still offers all of them (a try is better than a certain 502)', () => {
    const clock = manualClock();
    const pool = createUpstreamPool({ urls: ['a', 'b'], cooldownMs: 2_000, now: clock.now });
    for (const instance of pool.instances) pool.markFailed(instance);
    expect(urls(pool.attemptOrder()).sort()).toEqual(['a', 'b']);
    expect(pool.attemptOrder()).toHaveLength(2);
  });

  it('an instance that answered is healthy again at once', () => {
    const pool = createUpstreamPool({ urls: ['a', 'b'], cooldownMs: 60_000, now: Date.now });
    pool.markFailed(pool.instances[0]!);
    pool.markHealthy(pool.instances[0]!);
    expect(pool.isCooling(pool.instances[0]!)).toBe(false);
  });

  it('refuses a service without instances', () => {
    expect(() => createUpstreamPool({ urls: [], cooldownMs: 0, now: Date.now })).toThrow(/at least one/);
  });

  it('property: every order is a permutation of the instances, those not cooling down first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ fail: fc.nat(5), advance: fc.nat(3_000) }), { maxLength: 30 }),
        (size, steps) => {
          const clock = manualClock();
          const names = Array.from({ length: size }, (_, i) => `i${i}`);
          const pool = createUpstreamPool({ urls: names, cooldownMs: 2_000, now: clock.now });
          for (const step of steps) {
            const failed = pool.instances[step.fail % size]!;
            pool.markFailed(failed);
            clock.advance(step.advance);
            const order = pool.attemptOrder();
            expect(urls(order).sort()).toEqual([...names].sort());
            const cooling = order.map((instance) => pool.isCooling(instance));
            expect(cooling).toEqual([...cooling].sort((x, y) => Number(x) - Number(y)));
          }
        },
      ),
    );
  });

  it('property: with no failures, k rounds of n requests start k times at each of the n instances', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 5 }), (size, rounds) => {
        const names = Array.from({ length: size }, (_, i) => `i${i}`);
        const pool = createUpstreamPool({ urls: names, cooldownMs: 2_000, now: Date.now });
        const firsts = Array.from({ length: size * rounds }, () => pool.attemptOrder()[0]!.url);
        for (const name of names) expect(firsts.filter((first) => first === name)).toHaveLength(rounds);
      }),
    );
  });
});

describe('retry decision', () => {
  const failures: AttemptFailure[] = ['connect', 'reset', 'timeout', 'response'];
  it.each([
    ['GET', [true, true, false, false]],
    ['HEAD', [true, true, false, false]],
    ['OPTIONS', [true, true, false, false]],
    ['PUT', [true, true, false, false]],
    ['DELETE', [true, true, false, false]],
    ['delete', [true, true, false, false]],
    ['POST', [true, false, false, false]],
    ['PATCH', [true, false, false, false]],
  ] as const)(
    '%s is retried on the next instance after connect/reset/timeout/response: %j',
    (method, expected) => {
      expect(failures.map((failure) => mayRetry(method, failure))).toEqual(expected);
    },
  );

  it('a broken connection puts the instance in cool-down; a slow or wrong answer does not', () => {
    expect(failures.map(coolsDown)).toEqual([true, true, false, false]);
  });
});

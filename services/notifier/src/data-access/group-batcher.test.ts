import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGroupBatcher } from './group-batcher';

/** A batch runner whose batches the test finishes by hand; it records every batch it was given. */
const manualRunner = () => {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const runBatch = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => finishers.push(() => resolve(items.map((n) => n * 10))));
  };
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, runBatch, finishNext };
};

describe('group batcher', () => {
  it('runs a call at once when idle, and groups the calls that arrive while a batch runs', async () => {
    const runner = manualRunner();
    const call = createGroupBatcher(runner.runBatch);
    const first = call(1);
    const rest = [call(2), call(3), call(4)];
    expect(runner.batches).toEqual([[1]]);
    await runner.finishNext();
    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    await runner.finishNext();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('keeps at most maxInFlight batches running and at most maxBatch calls in one', async () => {
    const runner = manualRunner();
    const call = createGroupBatcher(runner.runBatch, { maxInFlight: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5, 6].map((n) => call(n));
    expect(runner.batches).toEqual([[1], [2]]);
    await runner.finishNext();
    expect(runner.batches).toEqual([[1], [2], [3, 4]]);
    await runner.finishNext();
    await runner.finishNext();
    await runner.finishNext();
    expect(runner.batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('rejects every call of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const call = createGroupBatcher(async (items: string[]) => {
      calls += 1;
      if (calls === 2) throw new Error('database gone');
      return items.map((item) => item.toUpperCase());
    });
    const first = call('a');
    const failed = [call('b'), call('c')];
    expect(await first).toBe('A');
    for (const result of failed) await expect(result).rejects.toThrow('database gone');
    expect(await call('d')).toBe('D');
  });

  it('rejects the calls of a batch that answered the wrong number of results', async () => {
    const call = createGroupBatcher(async () => [1, 2]);
    await expect(call(1)).rejects.toThrow('a batch of 1 answered 2 results');
  });

  it('answers every call with its own result, whatever the timing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, maxInFlight, maxBatch) => {
          const call = createGroupBatcher(
            async (items: number[]) => {
              await new Promise((resolve) => setTimeout(resolve, items.length % 3));
              return items.map((n) => -n);
            },
            { maxInFlight, maxBatch },
          );
          const results = await Promise.all(
            delays.map(async (delay, i) => {
              await new Promise((resolve) => setTimeout(resolve, delay));
              return call(i);
            }),
          );
          expect(results).toEqual(delays.map((_, i) => -i));
        },
      ),
      { numRuns: 30 },
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchedStdout, type WriteSync } from './batched-stdout';

/** A writeSync that keeps what was written, one entry a call; `failures` are thrown first, in turn. */
const recorder = (failures: string[] = [], accept = Infinity) => {
  const writes: string[] = [];
  const write: WriteSync = (_fd, buffer, offset) => {
    const code = failures.shift();
    if (code) throw Object.assign(new Error(code), { code });
    const taken = Math.min(accept, buffer.length - offset);
    writes.push(buffer.subarray(offset, offset + taken).toString());
    return taken;
  };
  return { write, writes };
};

const flushAfterMs = 10;
/** Past the batch's wait, on the fake clock. */
const nextBatch = () => vi.advanceTimersByTime(flushAfterMs);

describe('createBatchedStdout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the lines queued together in one write, in order, once their batch is due', () => {
    const { write, writes } = recorder();
    const out = createBatchedStdout({ write, flushAfterMs });
    out.write('{"n":1}\n');
    out.write('{"n":2}\n');
    expect(writes).toEqual([]);
    nextBatch();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    out.write('{"n":3}\n');
    nextBatch();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('flush() writes what is queued at once; the process exit flushes too', () => {
    const { write, writes } = recorder();
    const before = new Set(process.listeners('exit'));
    const out = createBatchedStdout({ write, flushAfterMs });
    const onExit = process.listeners('exit').find((listener) => !before.has(listener));
    out.write('a\n');
    out.flush();
    expect(writes).toEqual(['a\n']);
    out.write('b\n');
    onExit?.(0);
    expect(writes).toEqual(['a\n', 'b\n']);
  });

  it('finishes a partial write and waits out a full stdout (EAGAIN)', () => {
    const { write, writes } = recorder(['EAGAIN'], 3);
    const out = createBatchedStdout({ write, flushAfterMs });
    out.write('line one\n');
    nextBatch();
    expect(writes.join('')).toBe('line one\n');
    expect(writes.length).toBeGreaterThan(1);
  });

  it('drops the lines, not the process, once the reader of stdout is gone (EPIPE)', () => {
    const { write, writes } = recorder(['EPIPE']);
    const out = createBatchedStdout({ write, flushAfterMs });
    out.write('lost\n');
    nextBatch();
    out.write('also lost\n');
    nextBatch();
    expect(writes).toEqual([]);
  });
});

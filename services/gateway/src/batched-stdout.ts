import { writeSync } from 'node:fs';

/** Where the batch goes: fs.writeSync's shape, replaceable in tests. */
export type WriteSync = (fd: number, buffer: Buffer, offset: number) => number;

export type BatchedStdout = {
  /** Queues one line (pino's destination interface); it is written within `flushAfterMs`. */
  write: (line: string) => void;
  /** Writes what is queued now, synchronously. */
  flush: () => void;
};

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;

/** Blocks the thread for `ms`: only while the reader of a full, non-blocking stdout catches up. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** How long a line may wait for the others of its batch: short for a reader, long for a loaded gateway. */
export const defaultFlushAfterMs = 10;

/**
 * The gateway's log destination: the lines queued within `flushAfterMs` of the first go to stdout
 * together, in one synchronous write, and whatever is queued when the process exits (a signal, a crash)
 * is written then. pino's default destination writes asynchronously instead, through libuv's thread pool:
 * every write wakes a pool thread and then the loop again (futexes, an eventfd, context switches), which
 * under load cost the gateway more than any other step of a proxied request but the proxying itself. A
 * timer (not setImmediate) so that the batch spans several turns of a busy loop and costs none of them an
 * extra poll. Lines keep their order; a stdout that is full (EAGAIN) is waited for, as pino's own
 * synchronous destination does; a stdout whose reader is gone (EPIPE) drops the lines rather than the
 * process.
 */
export const createBatchedStdout = ({
  fd = 1,
  write = writeSync,
  flushAfterMs = defaultFlushAfterMs,
}: { fd?: number; write?: WriteSync; flushAfterMs?: number } = {}): BatchedStdout => {
  let queued: string[] = [];
  let scheduled: NodeJS.Timeout | undefined;
  let broken = false;
  const writeAll = (bytes: Buffer) => {
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += write(fd, bytes, offset);
      } catch (err) {
        const code = codeOf(err);
        if (code === 'EAGAIN' || code === 'EBUSY') pause(1);
        else if (code === 'EPIPE') {
          broken = true;
          return;
        } else throw err;
      }
    }
  };
  const flush = () => {
    clearTimeout(scheduled);
    scheduled = undefined;
    if (queued.length === 0) return;
    const text = queued.length === 1 ? queued[0]! : queued.join('');
    queued = [];
    if (!broken) writeAll(Buffer.from(text));
  };
  process.on('exit', flush);
  return {
    write: (line) => {
      queued.push(line);
      // Never keeps the process alive: its exit writes what is left.
      scheduled ??= setTimeout(flush, flushAfterMs).unref();
    },
    flush,
  };
};

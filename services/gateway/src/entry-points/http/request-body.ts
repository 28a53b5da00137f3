import type { IncomingMessage } from 'node:http';
import { HttpError, unavailable } from '@pitclock/kit';

/** API request bodies are small JSON; the gateway buffers them (to retry on another instance) up to this. */
export const defaultMaxRequestBodyBytes = 1024 * 1024;

/**
 * What all the bodies being received or forwarded at one time may hold together (BUFFERED_BODIES_MAX_BYTES):
 * 32 bodies of the largest size, thousands of the usual few-kB ones, a fraction of the gateway's memory.
 */
export const defaultMaxBufferedBodyBytes = 32 * 1024 * 1024;

/** Seconds a client refused for lack of buffer space is asked to wait: bodies are forwarded in milliseconds. */
export const bodyBudgetRetryAfterSeconds = 1;

export const payloadTooLarge = () => new HttpError(413, 'payload_too_large', 'Request body is too large');

export const bodyBudgetExceeded = () =>
  unavailable(
    'The gateway is receiving too many requests at once; try again shortly',
    undefined,
    bodyBudgetRetryAfterSeconds,
  );

/** The bytes of request bodies the gateway holds, across every request in flight. */
export type BodyBudget = {
  /** Takes `bytes` from the budget; false (and nothing taken) when they would pass it. */
  tryReserve: (bytes: number) => boolean;
  release: (bytes: number) => void;
  /** Bytes held now. */
  held: () => number;
};

export const createBodyBudget = (maxBytes: number): BodyBudget => {
  let held = 0;
  return {
    tryReserve: (bytes) => {
      if (held + bytes > maxBytes) return false;
      held += bytes;
      return true;
    },
    release: (bytes) => {
      held = Math.max(0, held - bytes);
    },
    held: () => held,
  };
};

/** A body read whole; release() gives its bytes back to the budget once it has been forwarded. */
export type BufferedBody = { body: Buffer; release: () => void };

/** The request announced a body (Content-Length, even 0, or Transfer-Encoding). */
export const declaresBody = (req: IncomingMessage) =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

/**
 * Reads the whole request body into memory, as sent (still encoded if Content-Encoding says so), holding
 * its bytes in `budget`: a declared Content-Length at once, a chunked body as it arrives. Beyond `limit`
 * bytes it rejects with a 413, and beyond what the budget has left with a 503 (Retry-After), once the
 * client finished sending: the rest is read and dropped, as body-parser does, so the client reads the
 * answer instead of a reset (kit's serve bounds how long that may take). Rejects with the stream's error
 * when the client goes away. Whatever it rejects with, it holds nothing afterwards.
 */
export const readRequestBody = (
  req: IncomingMessage,
  limit: number,
  budget: BodyBudget,
): Promise<BufferedBody> =>
  declaresBody(req) ? readDeclaredBody(req, limit, budget) : Promise.resolve(noBody);

/**
 * A request that declares no body (no Content-Length, no Transfer-Encoding: a GET, mostly) has none
 * (RFC 9112 section 6.3): nothing to wait for. Node's server drains its empty stream once answered.
 */
const noBody: BufferedBody = { body: Buffer.alloc(0), release: () => {} };

const readDeclaredBody = (req: IncomingMessage, limit: number, budget: BodyBudget): Promise<BufferedBody> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let refusal: HttpError | undefined =
      Number.isFinite(declared) && declared > limit ? payloadTooLarge() : undefined;
    let reserved = 0;
    const reserveUpTo = (bytes: number) => {
      if (bytes <= reserved) return true;
      if (!budget.tryReserve(bytes - reserved)) return false;
      reserved = bytes;
      return true;
    };
    const releaseAll = () => {
      budget.release(reserved);
      reserved = 0;
    };
    if (!refusal && Number.isFinite(declared) && !reserveUpTo(declared)) refusal = bodyBudgetExceeded();
    let size = 0;
    const chunks: Buffer[] = [];
    const refuse = (error: HttpError) => {
      refusal = error;
      chunks.length = 0;
      releaseAll();
    };
    const onData = (chunk: Buffer) => {
      if (refusal) return;
      size += chunk.length;
      if (size > limit) refuse(payloadTooLarge());
      else if (!reserveUpTo(size)) refuse(bodyBudgetExceeded());
      else chunks.push(chunk);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onEnd = () => {
      cleanup();
      if (refusal) {
        releaseAll();
        reject(refusal);
        return;
      }
      resolve({
        body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        release: releaseAll,
      });
    };
    const onError = (err: Error) => {
      cleanup();
      releaseAll();
      reject(err);
    };
    const onClose = () => {
      // 'close' without 'end': the client went away mid-body.
      if (!req.complete) onError(Object.assign(new Error('request aborted'), { code: 'ECONNABORTED' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });

import type { IncomingMessage } from 'node:http';
import { HttpError } from '@pitclock/kit';

/** API request bodies are small JSON; the gateway buffers them (to retry on another instance) up to this. */
export const defaultMaxRequestBodyBytes = 1024 * 1024;

export const payloadTooLarge = () => new HttpError(413, 'payload_too_large', 'Request body is too large');

/** The request announced a body (Content-Length, even 0, or Transfer-Encoding). */
export const declaresBody = (req: IncomingMessage) =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

/**
 * Reads the whole request body into memory, as sent (still encoded if Content-Encoding says so).
 * Beyond `limit` bytes it rejects with a 413 once the client finished sending (the rest is read and
 * dropped, as body-parser does, so the client reads the answer instead of a reset). Rejects with the
 * stream's error when the client goes away.
 */
export const readRequestBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let tooLarge = Number.isFinite(declared) && declared > limit;
    let size = 0;
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onEnd = () => {
      cleanup();
      if (tooLarge) reject(payloadTooLarge());
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
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

import type { IncomingMessage, ServerResponse } from 'node:http';
import compression, { type CompressionFilter } from 'compression';
import type { RequestHandler } from 'express';

/** Answers shorter than this (by their Content-Length) are sent as they are: compression's default. */
export const compressionThresholdBytes = 1024;

export type Compression = {
  /** compression's middleware: for the requests that go through express. */
  middleware: RequestHandler;
  /**
   * For the API lane, once an answer's status and headers are set and before any byte of it is written:
   * exactly what the middleware would do to it, the middleware installed only when it may compress.
   * An answer it would leave alone (filtered out, Cache-Control: no-transform) is left alone; one below
   * the threshold by its Content-Length only gets Vary: Accept-Encoding, as the middleware gives it.
   */
  prepare: (req: IncomingMessage, res: ServerResponse) => void;
};

/** compression's own test (its shouldTransform): Cache-Control: no-transform forbids changing the body. */
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Adds Accept-Encoding to Vary as the vary package does: kept once, '*' left as it is. */
export const varyOnAcceptEncoding = (res: ServerResponse): void => {
  const current = res.getHeader('Vary');
  const header = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (header === '*') return;
  const fields = header
    .toLowerCase()
    .split(',')
    .map((field) => field.trim());
  if (fields.includes('*')) {
    res.setHeader('Vary', '*');
    return;
  }
  if (fields.includes('accept-encoding')) return;
  res.setHeader('Vary', header ? `${header}, Accept-Encoding` : 'Accept-Encoding');
};

const proceed = () => {};

/** compression with `filter`, and its decision for one answer of the API lane (see Compression.prepare). */
export const createCompression = (filter: CompressionFilter): Compression => {
  const middleware = compression({ filter, threshold: compressionThresholdBytes });
  // compression reads and wraps only what Node's own request and response have.
  const install = middleware as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;
  const filtered = filter as unknown as (req: IncomingMessage, res: ServerResponse) => boolean;
  return {
    middleware,
    prepare: (req, res) => {
      if (!filtered(req, res)) return;
      const cacheControl = res.getHeader('Cache-Control');
      if (cacheControl && noTransform.test(String(cacheControl))) return;
      if (Number(res.getHeader('Content-Length')) < compressionThresholdBytes) {
        varyOnAcceptEncoding(res);
        return;
      }
      install(req, res, proceed);
    },
  };
};

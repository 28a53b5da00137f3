import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { headerValue, setHeaderLine, type AnswerHead } from './answer-head';

/** Answers shorter than this (by their Content-Length) are sent as they are: compression's default. */
export const compressionThresholdBytes = 1024;

/** Whether the gateway lets an answer be compressed at all, by its status and Content-Type. */
export type AllowsCompression = (status: number, contentType: unknown) => boolean;

export type Compression = {
  /** compression's middleware: for the requests that go through express. */
  middleware: RequestHandler;
  /**
   * For the API lane, once an answer's head is known and before any of it is written: exactly what the
   * middleware would do to it, the middleware installed only when it may compress. An answer it would
   * leave alone (not allowed, not of a compressible type, Cache-Control: no-transform) is left alone; one
   * below the threshold by its Content-Length only gets Vary: Accept-Encoding, as the middleware gives it.
   */
  prepare: (req: IncomingMessage, res: ServerResponse, head: AnswerHead) => void;
};

/** compression's own test (its shouldTransform): Cache-Control: no-transform forbids changing the body. */
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * A Vary header with Accept-Encoding added as the vary package adds a field: kept once, '*' left as it
 * is. Answers the new value, or undefined when the header stays as it is.
 */
export const varyWithAcceptEncoding = (
  current: string | readonly string[] | undefined,
): string | undefined => {
  const header = Array.isArray(current) ? current.join(', ') : ((current as string | undefined) ?? '');
  if (header === '*') return undefined;
  const fields = header
    .toLowerCase()
    .split(',')
    .map((field) => field.trim());
  if (fields.includes('*')) return '*';
  if (fields.includes('accept-encoding')) return undefined;
  return header ? `${header}, Accept-Encoding` : 'Accept-Encoding';
};

const proceed = () => {};

/**
 * compression's filter (its `compressible` test of the type) for one Content-Type, remembered: an API
 * answers a handful of types, and the test looks the type up in the MIME database each time.
 */
const compressibleTypes = new Map<string, boolean>();
const compressibleType = (contentType: string): boolean => {
  let compressible = compressibleTypes.get(contentType);
  if (compressible === undefined) {
    const answer = { getHeader: () => contentType } as unknown as Response;
    compressible = compression.filter({} as Request, answer);
    if (compressibleTypes.size >= 256) compressibleTypes.clear();
    compressibleTypes.set(contentType, compressible);
  }
  return compressible;
};

/** compression where `allows` lets it, and its decision for one answer of the API lane (see Compression.prepare). */
export const createCompression = (allows: AllowsCompression): Compression => {
  const middleware = compression({
    filter: (req, res) =>
      allows(res.statusCode, res.getHeader('Content-Type')) && compression.filter(req, res),
    threshold: compressionThresholdBytes,
  });
  // compression reads and wraps only what Node's own request and response have.
  const install = middleware as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;
  return {
    middleware,
    prepare: (req, res, head) => {
      const contentType = headerValue(head, 'content-type');
      if (contentType === undefined || !allows(head.status, contentType) || !compressibleType(contentType)) {
        return;
      }
      const cacheControl = headerValue(head, 'cache-control');
      if (cacheControl && noTransform.test(cacheControl)) return;
      if (Number(headerValue(head, 'content-length')) < compressionThresholdBytes) {
        const vary = varyWithAcceptEncoding(headerValue(head, 'vary'));
        if (vary !== undefined) setHeaderLine(head, 'vary', vary);
        return;
      }
      install(req, res, proceed);
    },
  };
};

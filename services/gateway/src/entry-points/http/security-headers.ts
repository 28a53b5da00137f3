import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { hasHeader, type AnswerHead } from './answer-head';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export type SecurityHeaders = {
  /** helmet itself, for the requests that go through express. */
  middleware: Middleware;
  /**
   * For the API lane, which answers before express, once an answer's head is known and before it is
   * written: adds those of helmet's headers the answer does not carry, from a list made once. The same
   * answer as helmet's headers set first and the instance's replacing them, as they did behind the
   * middleware.
   */
  complete: (head: AnswerHead) => void;
};

/**
 * What helmet sets, recorded once by running it against a response that only records: with these
 * options (no per-request nonce: every directive is a fixed string) its headers depend on the options
 * alone. Its only removal, X-Powered-By, is left to the answer: helmet removed it before the instance's
 * headers were copied, which put it back whenever the instance sent one.
 */
const recordHeaders = (middleware: Middleware): readonly (readonly [string, string])[] => {
  const headers = new Map<string, readonly [string, string]>();
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers.set(name.toLowerCase(), [name.toLowerCase(), String(value)]);
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
    getHeader: () => undefined,
  };
  let done = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return [...headers.values()];
};

/**
 * helmet with `options`, and its headers as a list the API lane completes answers with (see complete).
 * Options whose headers vary per request (a directive computed by a function) cannot be recorded: refused.
 */
export const createSecurityHeaders = (options: Readonly<HelmetOptions>): SecurityHeaders => {
  const middleware = helmet(options) as Middleware;
  const headers = recordHeaders(middleware);
  if (JSON.stringify(recordHeaders(middleware)) !== JSON.stringify(headers)) {
    throw new Error('these security headers vary per request: the API lane cannot set them from a list');
  }
  return {
    middleware,
    complete: (head) => {
      for (const [name, value] of headers) if (!hasHeader(head, name)) head.headers.push(name, value);
    },
  };
};

// One HTTP exchange with nothing normalised on the way: node:http sends the path, the headers and the body
// bytes exactly as the case says (fetch would resolve '%2e%2e' segments and refuse a GET with a body).
import http, { type ClientRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** How long an answer may take before the case fails as "no answer". */
export const answerTimeoutMs = 30_000;

export interface RawRequest {
  method: string;
  /** With its query string. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * status 0 with `error` when no answer came (refused, reset, timeout); -1 when node:http refused to send the
 * request; `ms` from the send to the end of the answer (for a stream, to its headers).
 */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  error?: string;
  ms: number;
  /** An event stream (text/event-stream): its status and headers were read, then the request was aborted. */
  streamed?: boolean;
}

/**
 * An answer that stays open while the client listens (GET /api/sync/events): its body never ends, so the
 * fuzzer reads its status and headers and closes the connection, as a phone that goes away does.
 */
export const isEventStream = (contentType: string | undefined): boolean =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';

type Outcome = Omit<Answer, 'ms'> & { retry?: boolean };

/** A Node system error's code (ECONNRESET, ERR_INVALID_CHAR, ...), when it has one. */
const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Sends { method, path (with its query string), headers, body (string or Buffer, optional) } to baseUrl and
 * resolves { status, headers, text, ms }; status 0 with `error` when no answer came (refused, reset, timeout).
 */
export async function send(baseUrl: string, request: RawRequest): Promise<Answer & { retry?: boolean }> {
  const answer = await sendOnce(baseUrl, request);
  // A kept-alive connection the server closed just as the request went out: the usual client retry, once.
  return answer.retry ? sendOnce(baseUrl, request) : answer;
}

function sendOnce(
  baseUrl: string,
  { method, path, headers = {}, body }: RawRequest,
): Promise<Answer & { retry?: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  // node:http frames a GET or DELETE body only when told its length (else the bytes would read as a
  // second request on the connection).
  const sent: OutgoingHttpHeaders =
    body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (answer: Outcome) => resolve({ ...answer, ms: Math.round(performance.now() - started) });
    let req: ClientRequest;
    try {
      req = http.request({
        host: hostname,
        port,
        method,
        path,
        headers: sent,
        agent,
        timeout: answerTimeoutMs,
      });
    } catch (error) {
      // node:http refuses some paths and header values itself (e.g. a raw control character): nothing was sent.
      done({ status: -1, headers: {}, text: '', error: `not sent: ${codeOf(error) ?? messageOf(error)}` });
      return;
    }
    req.on('response', (res) => {
      if (isEventStream(res.headers['content-type'])) {
        done({ status: res.statusCode ?? 0, headers: res.headers, text: '', streamed: true });
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (error) => done({ status: 0, headers: {}, text: '', error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${answerTimeoutMs / 1000} s`)));
    req.on('error', (error) =>
      done({
        status: 0,
        headers: {},
        text: '',
        error: error.message,
        retry: req.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(codeOf(error) ?? ''),
      }),
    );
    req.end(body);
  });
}

export const closeConnections = (): void => agent.destroy();

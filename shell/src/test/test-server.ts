// Test-only: a real local HTTP server on port 0 playing the API, so that the forms are tested over the
// wire through the real contracts client (no fetch mocks). Same idea as contracts' test server.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createApiClient, session, type ApiClient, type RequestOptions } from '@pitclock/contracts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: unknown;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface TestServer {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  requests: ReceivedRequest[];
  /** Requests received on `path` (e.g. '/api/login'), in order. */
  on(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

const open: TestServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server answering with `handler`; closed after the test. */
export async function startTestServer(
  handler: (req: ReceivedRequest) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        const url = req.url ?? '/';
        const received = {
          method: req.method ?? 'GET',
          path: url.split('?')[0] ?? url,
          headers: req.headers,
          json,
        };
        requests.push(received);
        const reply = await handler(received);
        if (reply.delayMs) await sleep(reply.delayMs);
        if (res.destroyed) return;
        const headers: Record<string, string> = { ...reply.headers };
        let body = reply.text ?? '';
        if (reply.json !== undefined) {
          body = JSON.stringify(reply.json);
          headers['content-type'] ??= 'application/json; charset=utf-8';
        }
        res.writeHead(reply.status ?? 200, headers);
        res.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle: TestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(handle);
  return handle;
}

/** A base URL on which nothing listens: a server is started on port 0 and closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = await startTestServer(() => ({}));
  await server.close();
  return server.url;
}

export type RecordedCall = { path: string; opts: RequestOptions | undefined };

/**
 * The real contracts client on `baseUrl` + '/api' with the app's session, plus the options each call
 * was made with (a record around the real client, which still does the real HTTP).
 */
export function testClient(baseUrl: string): { client: ApiClient; calls: RecordedCall[] } {
  const real = createApiClient({ base: `${baseUrl}/api`, session, onSessionExpired: () => {} });
  const calls: RecordedCall[] = [];
  const client: ApiClient = {
    request: (path, opts) => {
      calls.push({ path, opts: opts as RequestOptions | undefined });
      return real.request(path, opts);
    },
    get: (path, opts) => client.request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => client.request(path, { ...opts, method: 'POST', body }),
    patch: (path, body, opts) => client.request(path, { ...opts, method: 'PATCH', body }),
    put: (path, body, opts) => client.request(path, { ...opts, method: 'PUT', body }),
    delete: (path, opts) => client.request(path, { ...opts, method: 'DELETE' }),
  };
  return { client, calls };
}

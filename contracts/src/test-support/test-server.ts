// Test-only: a real local HTTP server on port 0, so the client is tested over the wire, not with fetch mocks.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as received, e.g. '/api/me?x=1'. */
  url: string;
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Answer only once this settles, or the server closes: a reply the test holds and releases. */
  hold?: Promise<unknown>;
}

export interface HeldReply {
  /** The reply for a handler to return; the server sends it only after release() (or its close). */
  reply: Reply;
  /** Sends the reply to every request held on it; later requests get it at once. */
  release(): void;
}

/** A reply the test holds, to see a loading state, outlast a timeout or abort a call in flight. */
export function held(reply: Reply = {}): HeldReply {
  let release = () => {};
  const hold = new Promise<void>((resolve) => (release = resolve));
  return { reply: { ...reply, hold }, release };
}

export interface TestServer {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  requests: ReceivedRequest[];
  /** Requests received on `path`, in order. */
  on(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

export async function startTestServer(
  handler: (req: ReceivedRequest) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  let releaseAll = () => {};
  const closed = new Promise<void>((resolve) => (releaseAll = resolve));
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
        const received: ReceivedRequest = {
          method: req.method ?? 'GET',
          url,
          path: url.split('?')[0] ?? url,
          headers: req.headers,
          text,
          json,
        };
        requests.push(received);
        const reply = await handler(received);
        if (reply.hold) await Promise.race([reply.hold.catch(() => {}), closed]);
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
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        releaseAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: a server is started on port 0 and closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = await startTestServer(() => ({}));
  await server.close();
  return server.url;
}

/** An unsigned JWT with the given payload (header.payload.signature, base64url). */
export function makeJwt(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

// The sync protocol over HTTP for front-end tests: POST /api/sync/push and /pull and the
// GET /api/sync/events stream, on a memory server (../sync/memory-server.ts) with one account's
// scopes. Any bearer token passes; `offline()` makes every request fail at the socket, as a lost
// network does, until `online()`; `failPulls(n)` answers the next n pulls with 503.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS } from '../api/paths';
import { createMemorySyncServer } from '../sync/memory-server';
import type { Scope } from '../sync/records';
import type { PullRequestBody, PushRequestBody } from '../sync/replica';

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
};

export async function startSyncTestServer(options: { scopes: Scope[] }) {
  const memory = createMemorySyncServer(options);
  const streams = new Set<ServerResponse>();
  let down = false;
  let pullsToFail = 0;
  const poke = (scope: Scope) => {
    for (const stream of streams) stream.write(`event: poke\ndata: ${JSON.stringify({ scope })}\n\n`);
  };
  const server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    void handle(req, res).catch(() => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'validation_failed', message: 'Bad request' }));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && path === API_PATHS.syncEvents) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: ready\ndata: {}\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    const body = await readJson(req);
    if (path === API_PATHS.syncPull && pullsToFail > 0) {
      pullsToFail -= 1;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ error: 'service_unavailable', message: 'Try again shortly' }));
      return;
    }
    const answer =
      path === API_PATHS.syncPush
        ? (() => {
            const { lastMutationId, touched } = memory.push(body as PushRequestBody);
            setImmediate(() => touched.forEach(poke));
            return { lastMutationId };
          })()
        : path === API_PATHS.syncPull
          ? memory.pull((body as PullRequestBody).clientId, (body as PullRequestBody).cookie)
          : undefined;
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: 'not_found', message: 'No such route' }));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    memory,
    offline() {
      down = true;
      for (const stream of streams) stream.destroy();
      streams.clear();
    },
    online() {
      down = false;
    },
    /** The next `count` pulls answer 503 (a database restarting). */
    failPulls(count: number) {
      pullsToFail = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type SyncTestServer = Awaited<ReturnType<typeof startSyncTestServer>>;

// Test-only: contracts' real local HTTP server on port 0 playing the API, so that the forms are tested
// over the wire through the real contracts client (no fetch mocks); here each server is closed after
// its test.
import { afterEach } from 'vitest';
import { createApiClient, session, type ApiClient, type RequestOptions } from '@pitclock/contracts';
import {
  closedPortUrl,
  startTestServer as startServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';

export { closedPortUrl, type ReceivedRequest, type Reply, type TestServer };

const open: TestServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** Starts a server answering with `handler`; closed after the test. */
export async function startTestServer(
  handler: (req: ReceivedRequest) => Reply | Promise<Reply>,
): Promise<TestServer> {
  const server = await startServer(handler);
  open.push(server);
  return server;
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
    open: (path, opts) => {
      calls.push({ path, opts: opts as RequestOptions | undefined });
      return real.open(path, opts);
    },
  };
  return { client, calls };
}

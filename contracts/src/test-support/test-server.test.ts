import { afterEach, describe, expect, it, vi } from 'vitest';
import { held, startTestServer, type ReceivedRequest, type Reply, type TestServer } from './test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: (req: ReceivedRequest) => Reply) {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

/** Fetches `path` and notes, when the answer comes, whether the test had released it by then. */
function fetchNoting(server: TestServer, path: string, isReleased: () => boolean) {
  return fetch(`${server.url}${path}`).then(async (response) => ({
    releasedFirst: isReleased(),
    status: response.status,
    body: (await response.json()) as unknown,
  }));
}

describe('held replies', () => {
  it('are answered only once released, every request held on them at once, later ones straight away', async () => {
    const slow = held({ status: 201, json: { late: true } });
    const server = await serve(() => slow.reply);
    let released = false;
    const first = fetchNoting(server, '/a', () => released);
    const second = fetchNoting(server, '/b', () => released);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    released = true;
    slow.release();
    const answer = { releasedFirst: true, status: 201, body: { late: true } };
    await expect(Promise.all([first, second])).resolves.toEqual([answer, answer]);
    await expect(fetchNoting(server, '/c', () => true)).resolves.toEqual(answer);
  });

  it('are let go when the server closes, so that no test waits on one it forgot', async () => {
    const forgotten = held({ json: {} });
    const server = await startTestServer(() => forgotten.reply);
    const pending = fetch(`${server.url}/x`).then(
      () => 'answered',
      () => 'cut off',
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await server.close();
    await expect(pending).resolves.toBe('cut off');
  });

  it('keep the rest of the reply: status, headers and text', async () => {
    const slow = held({ status: 418, text: 'teapot', headers: { 'content-type': 'text/plain', 'x-a': '1' } });
    const server = await serve(() => slow.reply);
    const pending = fetch(`${server.url}/t`);
    slow.release();
    const response = await pending;
    expect([response.status, response.headers.get('x-a'), await response.text()]).toEqual([
      418,
      '1',
      'teapot',
    ]);
  });
});

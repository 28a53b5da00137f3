// Test-only: a local server speaking JSONBin's v3 protocol (POST /v3/b, GET /v3/b/{id}/latest).
import { startTestServer, type ReceivedRequest, type Reply } from '@pitclock/contracts/testing';

export const TEST_API_KEY = '$2a$10$test-master-key';

export type JsonBinServer = Awaited<ReturnType<typeof startJsonBinServer>>;

/**
 * Keeps bins in memory. Answers 401 without the right X-Master-Key, 404 for an unknown bin. `override`
 * answers a request instead (an error, a delay) when it returns a reply.
 */
export async function startJsonBinServer(
  override: (req: ReceivedRequest) => Reply | undefined = () => undefined,
) {
  const bins = new Map<string, unknown>();
  let next = 0;
  const server = await startTestServer((req) => {
    const replaced = override(req);
    if (replaced) return replaced;
    if (req.headers['x-master-key'] !== TEST_API_KEY)
      return { status: 401, json: { message: 'Invalid X-Master-Key provided' } };
    if (req.method === 'POST' && req.path === '/v3/b') {
      next += 1;
      const id = `bin${String(next).padStart(4, '0')}`;
      bins.set(id, req.json);
      return {
        json: {
          record: req.json,
          metadata: {
            id,
            createdAt: '2026-06-01T15:00:01.000Z',
            private: true,
            name: req.headers['x-bin-name'],
          },
        },
      };
    }
    const read = /^\/v3\/b\/([^/]+)\/latest$/.exec(req.path);
    if (req.method === 'GET' && read) {
      const id = decodeURIComponent(read[1] ?? '');
      if (!bins.has(id))
        return { status: 404, json: { message: 'Bin not found or it does not belong to your account' } };
      return { json: { record: bins.get(id), metadata: { id, private: true } } };
    }
    return { status: 404, json: { message: 'Route not found!' } };
  });
  return { ...server, bins, baseUrl: `${server.url}/v3` };
}

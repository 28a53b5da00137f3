import { afterEach, describe, expect, it } from 'vitest';
import {
  closedPortUrl,
  held,
  startTestServer,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import { BackupFailure } from './backup-failure';
import { answerText, createBin, readBin } from './cloud-client';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function jsonBin(reply: Reply | ((path: string) => Reply)) {
  const server = await startTestServer((req) => (typeof reply === 'function' ? reply(req.path) : reply));
  servers.push(server);
  return { server, options: { baseUrl: `${server.url}/v3`, apiKey: 'master-key-1' } };
}

/** The text a call fails with (and that it fails with a BackupFailure). */
async function failureOf(call: Promise<unknown>): Promise<string> {
  const failure: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(BackupFailure);
  return (failure as BackupFailure).message;
}

const record = { version: 15, timestamp: '2026-06-01T15:00:00.000Z', data: { contests: [] } };

describe('createBin (POST {base}/b)', () => {
  it('sends the record as JSON with X-Master-Key, X-Bin-Name and a private bin, and answers metadata.id', async () => {
    const { server, options } = await jsonBin({
      json: { record, metadata: { id: '65f0c0ffee', createdAt: '2026-06-01T15:00:01.000Z', private: true } },
    });
    const id = await createBin(options, 'PitClock-Backup-2026-06-01T15-00-00-000Z.json', record);
    expect(id).toBe('65f0c0ffee');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v3/b');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-master-key']).toBe('master-key-1');
    expect(request?.headers['x-bin-name']).toBe('PitClock-Backup-2026-06-01T15-00-00-000Z.json');
    expect(request?.headers['x-bin-private']).toBe('true');
    expect(request?.json).toEqual(record);
  });

  it('joins a base URL with a trailing slash without doubling it', async () => {
    const { server, options } = await jsonBin({ json: { metadata: { id: 'x1' } } });
    await createBin({ ...options, baseUrl: `${options.baseUrl}/` }, 'n', record);
    expect(server.requests[0]?.path).toBe('/v3/b');
  });

  it.each([
    [
      401,
      { message: 'You need to pass X-Master-Key in the header' },
      'Upload failed: 401 You need to pass X-Master-Key in the header',
    ],
    [403, { message: 'Requests exhausted' }, 'Upload failed: 403 Requests exhausted'],
    [404, { message: 'Route not found!' }, 'Upload failed: 404 Route not found!'],
    [500, { message: 'Internal server error' }, 'Upload failed: 500 Internal server error'],
  ])(
    "a %i answers 'Upload failed: {status} {text}' with the service's message",
    async (status, json, text) => {
      const { options } = await jsonBin({ status, json });
      expect(await failureOf(createBin(options, 'n', record))).toBe(text);
    },
  );

  it('uses the body text, or else the status text, when the answer has no message', async () => {
    const plain = await jsonBin({ status: 502, text: 'Bad gateway\n from the proxy' });
    expect(await failureOf(createBin(plain.options, 'n', record))).toBe(
      'Upload failed: 502 Bad gateway from the proxy',
    );
    const empty = await jsonBin({ status: 503 });
    expect(await failureOf(createBin(empty.options, 'n', record))).toBe(
      'Upload failed: 503 Service Unavailable',
    );
  });

  it('refuses an answer that is not JSON, or has no metadata.id', async () => {
    const malformed = await jsonBin({
      text: '{"metadata": {"id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(await failureOf(createBin(malformed.options, 'n', record))).toBe(
      'Upload failed: the cloud service sent an answer without a bin ID',
    );
    const noId = await jsonBin({ json: { record } });
    expect(await failureOf(createBin(noId.options, 'n', record))).toBe(
      'Upload failed: the cloud service sent an answer without a bin ID',
    );
  });

  it('gives up after the timeout', async () => {
    const { options } = await jsonBin(held({ json: { metadata: { id: 'late' } } }).reply);
    expect(await failureOf(createBin({ ...options, timeoutMs: 50 }, 'n', record))).toBe(
      'Upload failed: the cloud service did not answer in time',
    );
  });

  it('says so when nothing answers', async () => {
    const baseUrl = await closedPortUrl();
    expect(await failureOf(createBin({ baseUrl, apiKey: 'k' }, 'n', record))).toBe(
      'Upload failed: the cloud service could not be reached',
    );
  });
});

describe('readBin (GET {base}/b/{id}/latest)', () => {
  it('sends X-Master-Key and answers the record', async () => {
    const { server, options } = await jsonBin({ json: { record, metadata: { id: 'abc', private: true } } });
    expect(await readBin(options, 'abc')).toEqual(record);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/v3/b/abc/latest');
    expect(request?.headers['x-master-key']).toBe('master-key-1');
    expect(request?.text).toBe('');
  });

  it('encodes the bin id into one path segment', async () => {
    const { server, options } = await jsonBin({ json: { record } });
    await readBin(options, ' ../a b ');
    expect(server.requests[0]?.url).toBe('/v3/b/..%2Fa%20b/latest');
  });

  it.each([401, 403, 404, 500])("a %i answers 'Download failed: {status}'", async (status) => {
    const { options } = await jsonBin({ status, json: { message: 'nope' } });
    expect(await failureOf(readBin(options, 'abc'))).toBe(`Download failed: ${status}`);
  });

  it('refuses an answer that is not JSON or has no record', async () => {
    const malformed = await jsonBin({ text: '<html>oops</html>' });
    expect(await failureOf(readBin(malformed.options, 'abc'))).toBe(
      'Download failed: the cloud service sent an answer without a record',
    );
    const noRecord = await jsonBin({ json: { metadata: { id: 'abc' } } });
    expect(await failureOf(readBin(noRecord.options, 'abc'))).toBe(
      'Download failed: the cloud service sent an answer without a record',
    );
  });

  it('gives up after the timeout', async () => {
    const { options } = await jsonBin(held({ json: { record } }).reply);
    expect(await failureOf(readBin({ ...options, timeoutMs: 50 }, 'abc'))).toBe(
      'Download failed: the cloud service did not answer in time',
    );
  });
});

describe('answerText', () => {
  it('shortens a long body', () => {
    const text = answerText({ json: undefined, text: 'x'.repeat(300), statusText: 'Error' });
    expect(text).toBe(`${'x'.repeat(200)}…`);
  });
});

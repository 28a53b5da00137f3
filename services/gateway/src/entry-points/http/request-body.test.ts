import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { createLogger, errorBodySchema, serve, type ServerHandle } from '@pitclock/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type GatewayOptions } from '../../app';
import { createBodyBudget, readRequestBody } from './request-body';

const logger = createLogger({ name: 'gateway-body-test', level: 'silent' });

const opened: { close: () => Promise<void> | void }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

/**
 * An upstream instance that records each request once its body arrived whole, then answers only when the
 * test releases it: the gateway keeps those bodies buffered meanwhile.
 */
const startHoldingInstance = async () => {
  const received: number[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).length;
    received.push(size);
    await released;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ size }));
  };
  const server: Server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, release };
};

/** The gateway listening as main.ts serves it (kit's serve: its request timeouts included). */
const startGateway = async (
  upstream: string,
  options: Partial<GatewayOptions>,
  timeouts: { requestTimeoutMs?: number; headersTimeoutMs?: number } = {},
): Promise<ServerHandle> => {
  const gateway = createGateway({
    staticRoots: {
      shell: '/nonexistent/shell',
      cookApp: '/nonexistent/cook',
      adminConsole: '/nonexistent/admin',
    },
    upstreams: { auth: upstream, licensing: upstream, notifier: upstream, sync: upstream },
    weatherHosts: [],
    backupHosts: [],
    logger,
    ...options,
  });
  const handle = await serve(gateway, { port: 0, logger, ...timeouts });
  opened.push({
    close: async () => {
      await handle.stop();
      gateway.closeUpstreams();
    },
  });
  return handle;
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const post = (url: string, body: Buffer | string, { chunked = false } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/login`,
      {
        method: 'POST',
        agent: false,
        headers: chunked
          ? { 'Content-Type': 'application/json' }
          : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const bodyOf = (size: number) => `"${'b'.repeat(size - 2)}"`;

const expectBusy = (answer: Answer) => {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(errorBodySchema.parse(JSON.parse(answer.body)).error).toBe('service_unavailable');
};

describe('the memory the gateway holds in request bodies is bounded in total', () => {
  it('bodies beyond the budget get 503 with Retry-After and the error shape and reach no instance; finished ones free it', async () => {
    const instance = await startHoldingInstance();
    const gateway = await startGateway(instance.url, {
      maxRequestBodyBytes: 100_000,
      maxBufferedBodyBytes: 250_000,
    });
    // Two 100 kB bodies fit; each further one would pass 250 kB while those two are held.
    const answers = Array.from({ length: 6 }, () => post(gateway.url, bodyOf(100_000)));
    const refused: Answer[] = [];
    for (const answer of answers) void answer.then((res) => res.status === 503 && refused.push(res));
    await expect.poll(() => refused.length + instance.received.length, { timeout: 15_000 }).toBe(6);
    expect(instance.received).toEqual([100_000, 100_000]);
    refused.forEach(expectBusy);
    instance.release();
    const statuses = (await Promise.all(answers)).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503, 503, 503]);
    // Both held bodies were released when they were answered: a body of the whole budget's size fits again.
    expect((await post(gateway.url, bodyOf(100_000))).status).toBe(200);
  });

  it('a chunked body (no Content-Length) is counted as it arrives and refused once it would pass the budget', async () => {
    const instance = await startHoldingInstance();
    const gateway = await startGateway(instance.url, {
      maxRequestBodyBytes: 100_000,
      maxBufferedBodyBytes: 150_000,
    });
    const held = post(gateway.url, bodyOf(100_000));
    await expect.poll(() => instance.received.length).toBe(1);
    expectBusy(await post(gateway.url, bodyOf(60_000), { chunked: true }));
    expect(instance.received).toEqual([100_000]);
    instance.release();
    expect((await held).status).toBe(200);
    expect((await post(gateway.url, bodyOf(60_000), { chunked: true })).status).toBe(200);
    expect(instance.received).toEqual([100_000, 60_000]);
  });

  it('a body trickled to the gateway is cut with 408 and the error shape, reaches no instance, and frees what it held', async () => {
    const instance = await startHoldingInstance();
    instance.release();
    const gateway = await startGateway(
      instance.url,
      { maxRequestBodyBytes: 100_000, maxBufferedBodyBytes: 100_000 },
      { requestTimeoutMs: 500, headersTimeoutMs: 500 },
    );
    const { port } = new URL(gateway.url);
    const response = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve(text);
      });
      socket.once('connect', () => {
        socket.write(
          'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        );
        socket.write('"'.padEnd(50_000, 'x'));
        // Then one byte at a time until the gateway answers or closes.
        timer = setInterval(() => {
          if (text.length === 0 && !socket.destroyed) socket.write('x');
        }, 20);
      });
    });
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorBodySchema.parse(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).error).toBe(
      'request_timeout',
    );
    expect(instance.received).toEqual([]);
    // The 50 kB it held were returned: a body of the whole budget is accepted.
    await expect.poll(async () => (await post(gateway.url, bodyOf(100_000))).status).toBe(200);
  });
});

describe('readRequestBody', () => {
  it('a request that declares no body (no Content-Length, no Transfer-Encoding) has none: no wait, nothing held', async () => {
    // A stream that never ends: had the body been waited for, this would time out.
    const req = Object.assign(new PassThrough(), {
      headers: { host: 'gateway' },
    }) as unknown as IncomingMessage;
    const budget = createBodyBudget(10);
    const buffered = await readRequestBody(req, 100, budget);
    expect(buffered.body).toEqual(Buffer.alloc(0));
    expect(budget.held()).toBe(0);
    buffered.release();
    expect(budget.held()).toBe(0);
  });

  it('one that declares an empty body (Content-Length: 0) is read as sent', async () => {
    const req = Object.assign(new PassThrough(), { headers: { 'content-length': '0' } });
    req.end();
    const buffered = await readRequestBody(req as unknown as IncomingMessage, 100, createBodyBudget(10));
    expect(buffered.body.length).toBe(0);
  });
});

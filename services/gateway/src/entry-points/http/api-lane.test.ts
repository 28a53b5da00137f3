import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { createLogger } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, type GatewayOptions } from '../../app';
import { defaultBackupHosts, defaultWeatherHosts } from '../../config';
import { laneUpstream } from './api-lane';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** An instance on port 0 that answers as told and records the headers each request brought. */
const startInstance = async (answer: Answer) => {
  const seen: IncomingMessage['headers'][] = [];
  const server: Server = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
};

const json =
  (body: unknown, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    const text = JSON.stringify(body);
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

/** The gateway in front of one instance, with its log lines kept (JSON, one object a line). */
const gatewayFor = (url: string, options: Partial<GatewayOptions> = {}) => {
  const lines: string[] = [];
  const logger = createLogger({
    name: 'gateway-lane-test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(line) },
  });
  const gateway = createGateway({
    staticRoots: {
      shell: '/nonexistent/shell',
      cookApp: '/nonexistent/cook',
      adminConsole: '/nonexistent/admin',
    },
    upstreams: { auth: url, licensing: url, notifier: url, sync: url },
    weatherHosts: defaultWeatherHosts,
    backupHosts: defaultBackupHosts,
    logger,
    ...options,
  });
  opened.push(() => gateway.closeUpstreams());
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { gateway, logged };
};

/** The headers helmet sets on every answer of the gateway (its defaults, and the gateway's own CSP). */
const helmetHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(helmetHeaders.map((name) => [name, headers[name]]));

describe('the API lane: proxied calls keep what the middleware gave them', () => {
  it('a proxied answer has the security headers of every other answer, the instance keeping its own', async () => {
    const instance = await startInstance(json({ id: 7 }, { 'X-Frame-Options': 'DENY' }));
    const { gateway } = gatewayFor(instance.url);
    const own = await request(gateway).get('/healthz').expect(200);
    const proxied = await request(gateway).get('/api/me').expect(200);
    expect(proxied.body).toEqual({ id: 7 });
    expect(Object.keys(securityHeadersOf(own.headers)).every((name) => own.headers[name])).toBe(true);
    expect(securityHeadersOf(proxied.headers)).toEqual({
      ...securityHeadersOf(own.headers),
      'x-frame-options': 'DENY',
    });
    expect(proxied.headers['x-powered-by']).toBeUndefined();
  });

  it('an answer the gateway gives itself (502) or a body it refuses (413) has them too, with Vary', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const { gateway } = gatewayFor(nowhere, { maxRequestBodyBytes: 100 });
    const own = await request(gateway).get('/healthz').expect(200);
    const unavailable = await request(gateway).get('/api/me').expect(502);
    expect(unavailable.body).toEqual({
      error: 'upstream_unavailable',
      message: 'The auth service is unavailable',
    });
    const refused = await request(gateway)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(200) }))
      .expect(413);
    expect(refused.body).toEqual({ error: 'payload_too_large', message: 'Request body is too large' });
    for (const answer of [unavailable, refused]) {
      expect(securityHeadersOf(answer.headers)).toEqual(securityHeadersOf(own.headers));
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sends the client's X-Request-Id to the instance and back; a new UUID when it has none or an unusable one", async () => {
    const instance = await startInstance(json({ ok: true }));
    const { gateway } = gatewayFor(instance.url);
    const kept = await request(gateway).get('/api/me').set('X-Request-Id', 'req-42').expect(200);
    expect(kept.headers['x-request-id']).toBe('req-42');
    const replaced = await request(gateway).get('/api/me').set('X-Request-Id', 'bad id!').expect(200);
    const generated = await request(gateway).get('/api/me').expect(200);
    for (const answer of [replaced, generated]) {
      expect(answer.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    expect(replaced.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
    expect(instance.seen.map((headers) => headers['x-request-id'])).toEqual([
      'req-42',
      replaced.headers['x-request-id'],
      generated.headers['x-request-id'],
    ]);
  });
});

describe('the API lane: compression, decided once the answer is known', () => {
  const large = { items: Array.from({ length: 200 }, (_, i) => `item-${i}`) };

  it('compresses a large JSON answer for a client that accepts gzip, and says Vary: Accept-Encoding', async () => {
    const instance = await startInstance(json(large));
    const { gateway } = gatewayFor(instance.url);
    const res = await request(gateway).get('/api/users').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body).toEqual(large);
  });

  it('a large answer of unknown length (chunked) is compressed too', async () => {
    const instance = await startInstance((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"items":[');
      res.end(`${large.items.map((item) => JSON.stringify(item)).join(',')}]}`);
    });
    const { gateway } = gatewayFor(instance.url);
    const res = await request(gateway).get('/api/users').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual(large);
  });

  it('a small answer is sent as it is, with Vary; the instance’s Vary is kept and extended once', async () => {
    const small = await startInstance(json({ id: 1 }, { Vary: 'Origin, accept-encoding' }));
    const plain = await startInstance(json({ id: 2 }, { Vary: 'Origin' }));
    const kept = await request(gatewayFor(small.url).gateway).get('/api/me').set('Accept-Encoding', 'gzip');
    const extended = await request(gatewayFor(plain.url).gateway)
      .get('/api/me')
      .set('Accept-Encoding', 'gzip');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.vary).toBe('Origin, accept-encoding');
    expect(extended.headers.vary).toBe('Origin, Accept-Encoding');
    expect(extended.body).toEqual({ id: 2 });
  });

  it('leaves alone an answer that forbids transformation, one that is not compressible, and a 206', async () => {
    const cases: [Answer, string][] = [
      [json(large, { 'Cache-Control': 'private, No-Transform' }), 'no-transform'],
      [
        (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 4096 });
          res.end(Buffer.alloc(4096));
        },
        'image',
      ],
      [
        (_req, res) => {
          res.writeHead(206, {
            'Content-Type': 'application/json',
            'Content-Range': 'bytes 0-4095/8192',
            'Content-Length': 4096,
          });
          res.end('x'.repeat(4096));
        },
        'partial',
      ],
    ];
    for (const [answer, name] of cases) {
      const instance = await startInstance(answer);
      const res = await request(gatewayFor(instance.url).gateway)
        .get('/api/me')
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse((stream, done) => {
          stream.on('data', () => {});
          stream.on('end', () => done(null, null));
        });
      expect(res.headers['content-encoding'], name).toBeUndefined();
      expect(res.headers.vary, name).toBeUndefined();
    }
  });
});

describe('the API lane: one request line per call', () => {
  it('logs each proxied call once: request id, method, url, status and time, at the level of its status', async () => {
    const statuses = [200, 404, 503];
    const instance = await startInstance((req, res) => {
      const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status'));
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const { gateway, logged } = gatewayFor(instance.url);
    for (const status of statuses) {
      await request(gateway)
        .get(`/api/me?status=${status}`)
        .set('X-Request-Id', `req-${status}`)
        .expect(status);
    }
    const lines = logged().filter((line) => line.req !== undefined);
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'request completed'],
      [40, 'request completed'],
      [50, 'request errored'],
    ]);
    statuses.forEach((status, index) => {
      const line = lines[index]!;
      expect(line.req).toMatchObject({
        id: `req-${status}`,
        method: 'GET',
        url: `/api/me?status=${status}`,
        remoteAddress: expect.stringMatching(/127\.0\.0\.1/),
      });
      expect(line.res).toEqual({ statusCode: status });
      expect(line.responseTime).toEqual(expect.any(Number));
    });
    expect(lines[2]!.err).toMatchObject({ message: 'failed with status code 503' });
  });

  it('a body the lane refuses is answered by the error handler and logged once', async () => {
    const instance = await startInstance(json({ ok: true }));
    const { gateway, logged } = gatewayFor(instance.url, { maxRequestBodyBytes: 10 });
    await request(gateway)
      .post('/api/login')
      .set('X-Request-Id', 'req-big')
      .send({ big: 'x'.repeat(50) })
      .expect(413);
    const lines = logged().filter((line) => line.req !== undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'request completed',
      req: { id: 'req-big', method: 'POST', url: '/api/login' },
      res: { statusCode: 413 },
    });
    expect(instance.seen).toEqual([]);
  });
});

describe('laneUpstream: which requests the lane takes', () => {
  it.each([
    ['/api/me', 'auth'],
    ['/api/me?fields=all', 'auth'],
    ['/api/promo-codes/redeem', 'licensing'],
    ['/api/push/me', 'notifier'],
    [API_PATHS.syncEvents, 'sync'],
    // Express answers these: the reference, the 400 of a dot segment, the 404 of an unknown path.
    [API_PATHS.openApiDocument, undefined],
    [API_PATHS.apiDocs, undefined],
    [`${API_PATHS.apiDocs}/swagger-ui.css`, undefined],
    ['/api/push/%2e%2e/users', undefined],
    ['/api/push/../users', undefined],
    ['/api/unknown', undefined],
    ['/api', undefined],
    ['/healthz', undefined],
    ['/', undefined],
    // An absolute-form target is left to express, which routes it as before.
    ['http://gateway.example/api/me', undefined],
    [undefined, undefined],
  ])('%s -> %s', (url, upstream) => {
    expect(laneUpstream(url)).toBe(upstream);
    // Asked again (the lane remembers the paths it saw): the same answer.
    expect(laneUpstream(url)).toBe(upstream);
  });
});

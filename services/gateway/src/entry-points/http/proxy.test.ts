import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { createLogger } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGateway, type GatewayOptions } from '../../app';

const logger = createLogger({ name: 'gateway-proxy-test', level: 'silent' });

type Seen = { method: string; url: string; body: string; contentType: string | undefined };
type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

const answerJson = (req: IncomingMessage, res: ServerResponse, body: string): void => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ method: req.method, url: req.url, body }));
};

/** Reads the whole request, then cuts the connection without a response byte: a crash mid-request. */
const resetAfterReading: Behaviour = (req) => {
  req.socket.destroy();
};

const listen = (server: Server | ReturnType<typeof createTcpServer>, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const opened: { close: () => Promise<void> }[] = [];
const openedTimers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const timer of openedTimers.splice(0)) clearInterval(timer);
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

/**
 * A real upstream instance on port 0 that records every request it received (method, URL, body) and
 * then behaves as told. stop() closes it (connections are then refused); start() listens again on
 * the same port.
 */
const startInstance = async (
  name: string,
  behaviour: Behaviour = answerJson,
  { keepAliveTimeoutMs }: { keepAliveTimeoutMs?: number } = {},
) => {
  const seen: Seen[] = [];
  /** Connections accepted, over every start(). */
  let connections = 0;
  let current = behaviour;
  const sockets = new Set<Socket>();
  const create = () => {
    const server = http.createServer((req, res) => void answer(req, res));
    async function answer(req: IncomingMessage, res: ServerResponse) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        contentType: req.headers['content-type'],
      });
      res.setHeader('X-Instance', name);
      await current(req, res, body);
    }
    server.on('connection', (socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
    return server;
  };
  let server: Server | undefined = create();
  const port = await listen(server);
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    /** Connections open now. */
    sockets,
    behave: (next: Behaviour) => {
      current = next;
    },
    stop,
    start: async () => {
      server = create();
      await listen(server, port);
    },
    close: stop,
  };
  opened.push(instance);
  return instance;
};

/**
 * A promise the test releases, for an instance that must not answer before the test has seen what it
 * waits for (released at the latest when the test ends).
 */
const held = () => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  opened.push({ close: async () => release() });
  return { released, release };
};

/** The gateway listening on port 0 (closed after the test); its port. */
const listenOnPort0 = async (gateway: ReturnType<typeof gatewayFor>) => {
  const server = gateway.listen(0, '127.0.0.1');
  opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
};

const manualClock = () => {
  let time = 1_700_000_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

const gatewayFor = (
  auth: readonly string[],
  options: Partial<Omit<GatewayOptions, 'upstreams' | 'staticRoots'>> & {
    licensing?: readonly string[];
    notifier?: readonly string[];
    sync?: readonly string[];
  } = {},
) => {
  const { licensing = auth, notifier = auth, sync = auth, ...rest } = options;
  const gateway = createGateway({
    staticRoots: {
      shell: '/nonexistent/shell',
      cookApp: '/nonexistent/cook',
      adminConsole: '/nonexistent/admin',
    },
    upstreams: { auth, licensing, notifier, sync },
    weatherHosts: [],
    backupHosts: [],
    logger,
    ...rest,
  });
  opened.push({ close: async () => gateway.closeUpstreams() });
  return gateway;
};

const methodCall = (gateway: ReturnType<typeof gatewayFor>, method: string, path: string) =>
  request(gateway)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head'](path);

describe('proxy over several instances of a service', () => {
  it('sends requests round-robin over the instances, each request to one instance', async () => {
    const instances = await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name)));
    const gateway = gatewayFor(instances.map((instance) => instance.url));
    const answeredBy: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await request(gateway).get(`/api/me?i=${i}`).expect(200);
      answeredBy.push(res.headers['x-instance'] as string);
    }
    expect(answeredBy).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    expect(instances.map((instance) => instance.seen.map((seen) => seen.url))).toEqual([
      ['/api/me?i=0', '/api/me?i=3'],
      ['/api/me?i=1', '/api/me?i=4'],
      ['/api/me?i=2', '/api/me?i=5'],
    ]);
  });

  it('forwards method, path, query, body, content type and X-Forwarded-* headers, and the answer unchanged', async () => {
    const headersSeen: IncomingMessage['headers'][] = [];
    const instance = await startInstance('a', (req, res) => {
      headersSeen.push(req.headers);
      res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': ['x=1', 'y=2'] });
      res.end('{"created":true}');
    });
    const gateway = gatewayFor([instance.url]);
    const res = await request(gateway)
      .put('/api/users/7?x=1')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Request-Id', 'req-42')
      .send({ name: 'Pit' })
      .expect(201);
    expect(res.body).toEqual({ created: true });
    expect(res.headers['set-cookie']).toEqual(['x=1', 'y=2']);
    expect(instance.seen).toEqual([
      { method: 'PUT', url: '/api/users/7?x=1', body: '{"name":"Pit"}', contentType: 'application/json' },
    ]);
    expect(headersSeen[0]).toMatchObject({
      'x-forwarded-for': expect.stringMatching(/^203\.0\.113\.9,.*127\.0\.0\.1$/),
      'x-forwarded-proto': 'http',
      'x-request-id': 'req-42',
      'content-length': '14',
    });
    expect(headersSeen[0]!['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('streams the answer: the client reads the first chunk while the instance is still writing', async () => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const instance = await startInstance('a', async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first;');
      await finished;
      res.end('last');
    });
    const gateway = gatewayFor([instance.url]);
    const server = gateway.listen(0, '127.0.0.1');
    opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(
          { port, host: '127.0.0.1', path: '/api/me', headers: { 'Accept-Encoding': 'identity' } },
          (res) => {
            let received = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              received += chunk;
              if (received === 'first;') finish();
            });
            res.on('end', () => resolve(received));
          },
        )
        .on('error', reject);
    });
    expect(text).toBe('first;last');
  });

  it('request headers reach the instance as the client sent them, less the hop-by-hop ones and those Connection names', async () => {
    const headersSeen: IncomingMessage['headers'][] = [];
    const instance = await startInstance('a', (req, res, body) => {
      headersSeen.push(req.headers);
      answerJson(req, res, body);
    });
    const port = await listenOnPort0(gatewayFor([instance.url]));
    // Header lines as a client sends them (the format of rawHeaders): a repeated header has a line each.
    const lines = [
      ['Host', `127.0.0.1:${port}`],
      ['Connection', 'keep-alive, X-Hop'],
      ['X-Hop', 'for the gateway only'],
      ['Keep-Alive', 'timeout=5'],
      ['TE', 'trailers'],
      ['Proxy-Authorization', 'Basic Zm9vOmJhcg=='],
      ['Authorization', 'Bearer token-1'],
      ['Cookie', 'a=1'],
      ['Cookie', 'b=2'],
      ['Accept', 'application/json'],
      ['Accept', 'text/plain'],
      ['X-Forwarded-For', '203.0.113.1'],
      ['X-Forwarded-For', '198.51.100.2'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Forwarded-Host', 'pitclock.example'],
      ['X-Custom', 'kept'],
    ].flat();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/api/me', headers: lines }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    const seen = headersSeen[0]!;
    for (const name of ['x-hop', 'te', 'proxy-authorization']) expect(seen[name], name).toBeUndefined();
    expect(seen).toMatchObject({
      connection: 'keep-alive',
      authorization: 'Bearer token-1',
      // Repeated lines arrive as they were sent: the instance merges them as the gateway's Node would have.
      cookie: 'a=1; b=2',
      accept: 'application/json, text/plain',
      'x-custom': 'kept',
      'x-forwarded-for': expect.stringMatching(/^203\.0\.113\.1, 198\.51\.100\.2,.*127\.0\.0\.1$/),
      'x-forwarded-proto': 'https,http',
      'x-forwarded-host': 'pitclock.example',
    });
    expect(seen['keep-alive']).toBeUndefined();
  });

  it('an informational answer (103 Early Hints) is not passed on: the client gets the final answer', async () => {
    const instance = await startInstance('a', (req, res, body) => {
      res.writeEarlyHints({ link: '</app.js>; rel=preload; as=script' });
      answerJson(req, res, body);
    });
    const port = await listenOnPort0(gatewayFor([instance.url]));
    const outcome = await new Promise<{ informational: number[]; status: number; body: string }>(
      (resolve, reject) => {
        const informational: number[] = [];
        const req = http.get({ port, host: '127.0.0.1', path: '/api/me' }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ informational, status: res.statusCode ?? 0, body: text }));
        });
        req.on('information', (info) => informational.push(info.statusCode));
        req.on('error', reject);
      },
    );
    expect(outcome).toEqual({
      informational: [],
      status: 200,
      body: JSON.stringify({ method: 'GET', url: '/api/me', body: '' }),
    });
  });

  it('a large answer reaches a client whole and in order (the instance is paused while the client catches up)', async () => {
    const size = 8 * 1024 * 1024;
    const payload = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) payload.writeUInt32BE(i, i);
    const instance = await startInstance('a', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
      let offset = 0;
      const writeMore = () => {
        while (offset < size) {
          const chunk = payload.subarray(offset, offset + 64 * 1024);
          offset += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', writeMore);
            return;
          }
        }
        res.end();
      };
      writeMore();
    });
    const port = await listenOnPort0(gatewayFor([instance.url]));
    const received = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(
          { port, host: '127.0.0.1', path: '/api/me', headers: { 'Accept-Encoding': 'identity' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks)));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    expect(received.length).toBe(size);
    expect(received.equals(payload)).toBe(true);
  });

  it('an answer of the instance, even a 5xx, is passed on and never retried elsewhere', async () => {
    const failing = await startInstance('a', (_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{"error":"service_unavailable","message":"busy"}');
    });
    const other = await startInstance('b');
    const gateway = gatewayFor([failing.url, other.url]);
    const res = await request(gateway).get('/api/me').expect(503);
    expect(res.body).toEqual({ error: 'service_unavailable', message: 'busy' });
    expect(other.seen).toEqual([]);
  });
});

describe('failover', () => {
  it('a stopped instance (connection refused) is routed around for GET', async () => {
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    await a.stop();
    const gateway = gatewayFor([a.url, b.url]);
    for (let i = 0; i < 4; i += 1) {
      const res = await request(gateway).get('/api/promo-codes').expect(200);
      expect(res.headers['x-instance']).toBe('b');
    }
    expect(b.seen).toHaveLength(4);
  });

  it('a POST to a stopped instance reaches the next instance exactly once with its body intact', async () => {
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    await a.stop();
    const gateway = gatewayFor([a.url, b.url]);
    const payload = { code: 'GRILL-2025', note: 'brisket ß 🔥', padding: 'x'.repeat(200_000) };
    const res = await request(gateway).post('/api/promo-codes/redeem').send(payload).expect(200);
    expect(res.headers['x-instance']).toBe('b');
    expect(b.seen).toHaveLength(1);
    expect(b.seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/promo-codes/redeem',
      contentType: 'application/json',
    });
    expect(JSON.parse(b.seen[0]!.body)).toEqual(payload);
  });

  it('logs each attempt and each failover with the instance URL', async () => {
    const spied = createLogger({ name: 'gateway-proxy-log-test', level: 'silent' });
    const debug = vi.spyOn(spied, 'debug');
    const warn = vi.spyOn(spied, 'warn');
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    await a.stop();
    const gateway = gatewayFor([a.url, b.url], { logger: spied });
    await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(200);
    const attempt = (instance: string, number: number) =>
      expect.objectContaining({
        upstream: 'auth',
        instance,
        attempt: number,
        method: 'POST',
        url: '/api/login',
      });
    expect(debug).toHaveBeenCalledWith(attempt(a.url, 1), 'proxy attempt');
    expect(debug).toHaveBeenCalledWith(attempt(b.url, 2), 'proxy attempt');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ instance: a.url, failure: 'connect', next: b.url }),
      'upstream attempt failed; failing over to the next instance',
    );
  });

  it.each(['POST', 'PATCH'])(
    'a %s whose connection is reset before any response is NOT retried: 502, and the instance saw it once',
    async (method) => {
      const [a, b] = await Promise.all([startInstance('a', resetAfterReading), startInstance('b')]);
      const gateway = gatewayFor([a.url, b.url]);
      const res = await methodCall(gateway, method, '/api/users/7').send({ admin: true }).expect(502);
      expect(res.body).toEqual({ error: 'upstream_unavailable', message: 'The auth service is unavailable' });
      expect(a.seen).toEqual([
        { method, url: '/api/users/7', body: '{"admin":true}', contentType: 'application/json' },
      ]);
      expect(b.seen).toEqual([]);
    },
  );

  it.each(['GET', 'PUT', 'DELETE'])(
    'a %s whose connection is reset before any response is retried on the next instance',
    async (method) => {
      const [a, b] = await Promise.all([startInstance('a', resetAfterReading), startInstance('b')]);
      const gateway = gatewayFor([a.url, b.url]);
      const call = methodCall(gateway, method, '/api/users/7');
      const res = await (method === 'PUT' ? call.send({ name: 'Pit' }) : call).expect(200);
      expect(res.headers['x-instance']).toBe('b');
      expect(a.seen).toHaveLength(1);
      expect(b.seen).toHaveLength(1);
      expect(b.seen[0]).toMatchObject({
        method,
        url: '/api/users/7',
        body: method === 'PUT' ? '{"name":"Pit"}' : '',
      });
    },
  );

  it('a POST whose TLS connection never completes (connect timeout) is retried: it never reached the instance', async () => {
    // Accepts TCP connections and never answers the TLS handshake, so connecting times out.
    const silent = createTcpServer(() => {});
    const sockets = new Set<Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    const silentPort = await listen(silent);
    opened.push({
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    });
    const b = await startInstance('b');
    const gateway = gatewayFor([`https://127.0.0.1:${silentPort}`, b.url], { upstreamConnectTimeoutMs: 200 });
    const res = await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(200);
    expect(res.headers['x-instance']).toBe('b');
    expect(sockets.size).toBe(1);
    expect(b.seen).toEqual([
      { method: 'POST', url: '/api/login', body: '{"email":"a@b.c"}', contentType: 'application/json' },
    ]);
  });

  it('an instance that does not answer in time gives 504 and the request is not sent to another', async () => {
    // The instance answers only once the test is over: long after the gateway's timeout.
    const answering = held();
    const slow = await startInstance('a', async (req, res) => {
      await answering.released;
      if (!res.destroyed) answerJson(req, res, '');
    });
    const b = await startInstance('b');
    const gateway = gatewayFor([slow.url, b.url], { proxyTimeoutMs: 200 });
    const res = await request(gateway).get('/api/me').expect(504);
    expect(res.body).toEqual({
      error: 'upstream_timeout',
      message: 'The auth service did not answer in time',
    });
    expect(slow.seen).toHaveLength(1);
    expect(b.seen).toEqual([]);
  });

  it('once the response headers came, a cut connection is passed on as a cut and never retried', async () => {
    const cut = held();
    const a = await startInstance('a', async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial;');
      await cut.released;
      res.socket?.destroy();
    });
    const b = await startInstance('b');
    const port = await listenOnPort0(gatewayFor([a.url, b.url]));
    // The instance cuts its connection once the client has the headers and the first bytes.
    const outcome = await new Promise<{ status: number; received: string; error?: string }>(
      (resolve, reject) => {
        http
          .get(
            { port, host: '127.0.0.1', path: '/api/me', headers: { 'Accept-Encoding': 'identity' } },
            (res) => {
              let received = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                received += chunk;
                cut.release();
              });
              res.on('error', (err) =>
                resolve({ status: res.statusCode ?? 0, received, error: err.message }),
              );
              res.on('end', () => resolve({ status: res.statusCode ?? 0, received }));
            },
          )
          .on('error', reject);
      },
    );
    expect(outcome).toEqual({ status: 200, received: 'partial;', error: 'aborted' });
    expect(a.seen).toHaveLength(1);
    expect(b.seen).toEqual([]);
  });

  it.each([
    ['a header Node would refuse', 'HTTP/1.1 200 OK\r\nX-Bad: a\x7fb\r\nContent-Length: 2\r\n\r\nok'],
    ['no HTTP at all', 'NOT HTTP\r\n\r\n'],
  ])(
    'an answer that is not valid HTTP (%s) is a 502, never retried elsewhere: the instance may have acted',
    async (_name, answer) => {
      let requests = 0;
      const raw = createTcpServer((socket) => {
        socket.on('error', () => {});
        socket.once('data', () => {
          requests += 1;
          socket.end(answer);
        });
      });
      const rawPort = await listen(raw);
      opened.push({ close: () => new Promise<void>((resolve) => raw.close(() => resolve())) });
      const b = await startInstance('b');
      const gateway = gatewayFor([`http://127.0.0.1:${rawPort}`, b.url]);
      const res = await request(gateway).get('/api/me').expect(502);
      expect(res.body).toEqual({ error: 'upstream_unavailable', message: 'The auth service is unavailable' });
      expect(requests).toBe(1);
      expect(b.seen).toEqual([]);
    },
  );

  it('when every instance is down: 502 with the error shape, for GET and POST', async () => {
    const ports = await Promise.all([closedPort(), closedPort()]);
    const gateway = gatewayFor(ports.map((port) => `http://127.0.0.1:${port}`));
    for (const call of [
      () => request(gateway).get('/api/push/me'),
      () => request(gateway).post('/api/push/test').send({}),
    ]) {
      const res = await call().expect(502);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({
        error: 'upstream_unavailable',
        message: 'The notifier service is unavailable',
      });
    }
  });
});

describe('cool-down', () => {
  it('skips an instance whose connection failed until its cool-down ends, then sends it requests again', async () => {
    const clock = manualClock();
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    await a.stop();
    const gateway = gatewayFor([a.url, b.url], { now: clock.now, upstreamCooldownMs: 2_000 });
    // The first request tries a (refused) and fails over to b; a now cools down.
    expect((await request(gateway).get('/api/me').expect(200)).headers['x-instance']).toBe('b');
    // a listens again, but within its cool-down the gateway does not even try it.
    await a.start();
    clock.advance(1_999);
    for (let i = 0; i < 4; i += 1) await request(gateway).get('/api/me').expect(200);
    expect(a.seen).toEqual([]);
    expect(b.seen).toHaveLength(5);
    // After the cool-down, the round-robin includes a again.
    clock.advance(1);
    const answeredBy = [];
    for (let i = 0; i < 4; i += 1)
      answeredBy.push((await request(gateway).get('/api/me')).headers['x-instance']);
    expect(answeredBy.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(a.seen).toHaveLength(2);
  });

  it('when every instance is cooling down they are still tried: one that came back answers', async () => {
    const clock = manualClock();
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    await Promise.all([a.stop(), b.stop()]);
    const gateway = gatewayFor([a.url, b.url], { now: clock.now, upstreamCooldownMs: 60_000 });
    await request(gateway).get('/api/me').expect(502);
    await b.start();
    const res = await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(200);
    expect(res.headers['x-instance']).toBe('b');
    expect(b.seen).toHaveLength(1);
  });
});

/**
 * A raw HTTP/1.1 instance on port 0: answers the first request on each connection (keep-alive), then
 * resets the connection as soon as the next request's first bytes arrive, before parsing it: the
 * keep-alive race where the instance drops a connection the gateway is reusing.
 */
const startResettingOnReuse = async () => {
  const sockets = new Set<Socket>();
  let connections = 0;
  let answered = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = '';
    let servedOne = false;
    socket.on('data', (chunk: Buffer) => {
      if (servedOne) {
        socket.resetAndDestroy();
        return;
      }
      buffered += chunk.toString('latin1');
      if (!buffered.includes('\r\n\r\n')) return;
      servedOne = true;
      answered += 1;
      const body = '{"ok":true}';
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Instance: raw\r\n' +
          `Connection: keep-alive\r\nKeep-Alive: timeout=5\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    });
  });
  const port = await listen(server);
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, answered: () => answered };
};

describe('keep-alive connections to the instances', () => {
  it('reuses one connection per instance for sequential requests, and sends no Connection: close', async () => {
    const connectionHeaders: (string | undefined)[] = [];
    const record: Behaviour = (req, res, body) => {
      connectionHeaders.push(req.headers.connection);
      answerJson(req, res, body);
    };
    const [a, b] = await Promise.all([startInstance('a', record), startInstance('b', record)]);
    const gateway = gatewayFor([a.url, b.url]);
    for (let i = 0; i < 5; i += 1) {
      await request(gateway).get(`/api/me?i=${i}`).set('Connection', 'close').expect(200);
      await request(gateway).post('/api/login').send({ i }).expect(200);
    }
    expect(a.seen).toHaveLength(5);
    expect(b.seen).toHaveLength(5);
    expect([a.connections(), b.connections()]).toEqual([1, 1]);
    expect(new Set(connectionHeaders)).toEqual(new Set(['keep-alive']));
  });

  it('strips hop-by-hop headers of the instance answer (Connection, Keep-Alive and those it names)', async () => {
    const a = await startInstance('a', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'keep-alive, X-Hop', 'X-Hop': '1' });
      res.end('ok');
    });
    const gateway = gatewayFor([a.url]);
    const res = await request(gateway).get('/api/me').expect(200);
    expect(res.headers['x-hop']).toBeUndefined();
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(res.headers['x-instance']).toBe('a');
  });

  it('drops a connection idle for the idle timeout: the next request opens a new one and is answered', async () => {
    // The instance would keep it 60 s; the gateway lets it go after 150 ms.
    const a = await startInstance('a', answerJson, { keepAliveTimeoutMs: 60_000 });
    const gateway = gatewayFor([a.url], { upstreamIdleTimeoutMs: 150 });
    await request(gateway).get('/api/me').expect(200);
    await request(gateway).get('/api/me').expect(200);
    expect(a.connections()).toBe(1);
    await vi.waitFor(() => expect(a.sockets.size).toBe(0), { timeout: 10_000, interval: 50 });
    await request(gateway).get('/api/me').expect(200);
    expect(a.connections()).toBe(2);
  });

  it('never reuses a connection the instance closed while it was idle', async () => {
    const a = await startInstance('a');
    const gateway = gatewayFor([a.url]);
    await request(gateway).get('/api/me').expect(200);
    // Answered: the connection idles in the gateway's pool. The instance closes it, as its keep-alive
    // timeout would.
    for (const socket of a.sockets) socket.end();
    // Closed on both ends: the gateway has seen the instance's FIN (its side answers it at once).
    await vi.waitFor(() => expect(a.sockets.size).toBe(0), { timeout: 10_000, interval: 20 });
    const res = await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(200);
    expect(res.headers['x-instance']).toBe('a');
    expect(a.seen).toHaveLength(2);
    expect(a.connections()).toBe(2);
  });

  it('opens at most upstreamMaxSockets connections per instance; further requests wait for one', async () => {
    const answering = held();
    const a = await startInstance('a', async (req, res, body) => {
      await answering.released;
      answerJson(req, res, body);
    });
    const spied = createLogger({ name: 'gateway-proxy-sockets-test', level: 'silent' });
    const debug = vi.spyOn(spied, 'debug');
    const attempts = () => debug.mock.calls.filter(([, message]) => message === 'proxy attempt').length;
    const gateway = gatewayFor([a.url], { upstreamMaxSockets: 2, logger: spied });
    const answers = Promise.all(Array.from({ length: 6 }, (_, i) => request(gateway).get(`/api/me?i=${i}`)));
    // All six went to the instance's agent while two are held there: without the cap, each would have
    // been given a connection of its own.
    await vi.waitFor(
      () => {
        expect(attempts()).toBe(6);
        expect(a.seen).toHaveLength(2);
      },
      { timeout: 10_000, interval: 20 },
    );
    answering.release();
    expect((await answers).map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(a.seen).toHaveLength(6);
    expect(a.connections()).toBe(2);
  });

  it.each(['POST', 'PATCH'])(
    'a %s on a reused connection that is reset before any response byte is NOT retried: 502, seen at most once',
    async (method) => {
      const clock = manualClock();
      const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
      const gateway = gatewayFor([a.url, b.url], { now: clock.now });
      await request(gateway).get('/api/me').expect(200); // a: its connection is now pooled
      await request(gateway).get('/api/me').expect(200); // b
      a.behave(resetAfterReading);
      await methodCall(gateway, method, '/api/users/7').send({ admin: true }).expect(502);
      expect(a.connections()).toBe(1);
      expect(a.seen.filter((seen) => seen.method === method)).toHaveLength(1);
      expect(b.seen.map((seen) => seen.method)).toEqual(['GET']);
      // A reset on a reused connection is no reason to skip the instance: it is still in the rotation.
      a.behave(answerJson);
      const answeredBy = [];
      for (let i = 0; i < 2; i += 1)
        answeredBy.push((await request(gateway).get('/api/me').expect(200)).headers['x-instance']);
      expect(answeredBy.sort()).toEqual(['a', 'b']);
    },
  );

  it('a POST on a reused connection the instance resets on arrival is NOT retried: 502, and it reached no instance', async () => {
    const raw = await startResettingOnReuse();
    const b = await startInstance('b');
    const gateway = gatewayFor([raw.url, b.url]);
    expect((await request(gateway).get('/api/me').expect(200)).headers['x-instance']).toBe('raw');
    expect((await request(gateway).get('/api/me').expect(200)).headers['x-instance']).toBe('b');
    const res = await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(502);
    expect(res.body).toEqual({ error: 'upstream_unavailable', message: 'The auth service is unavailable' });
    expect(raw.connections()).toBe(1);
    expect(raw.answered()).toBe(1);
    expect(b.seen.map((seen) => seen.method)).toEqual(['GET']);
  });

  it('a GET on a reused connection the instance resets on arrival is retried on the next instance', async () => {
    const raw = await startResettingOnReuse();
    const b = await startInstance('b');
    const gateway = gatewayFor([raw.url, b.url]);
    await request(gateway).get('/api/me').expect(200); // raw
    await request(gateway).get('/api/me').expect(200); // b
    const res = await request(gateway).get('/api/me?again').expect(200);
    expect(res.headers['x-instance']).toBe('b');
    expect(b.seen.map((seen) => seen.url)).toEqual(['/api/me', '/api/me?again']);
  });

  it('closeUpstreams() closes the pooled connections', async () => {
    const a = await startInstance('a');
    const gateway = gatewayFor([a.url]);
    await request(gateway).get('/api/me').expect(200);
    expect(a.sockets.size).toBe(1);
    gateway.closeUpstreams();
    await vi.waitFor(() => expect(a.sockets.size).toBe(0));
  });
});

describe('request bodies', () => {
  it('a body over 1 MiB is refused with 413 and the error shape, and reaches no instance', async () => {
    const a = await startInstance('a');
    const gateway = gatewayFor([a.url]);
    const res = await request(gateway)
      .post('/api/promo-codes')
      .set('Content-Type', 'application/json')
      .send(`"${'x'.repeat(1024 * 1024 - 1)}"`)
      .expect(413);
    expect(res.body).toEqual({ error: 'payload_too_large', message: 'Request body is too large' });
    expect(a.seen).toEqual([]);
  });

  it('a chunked body (no Content-Length) over the cap is refused with 413 too', async () => {
    const a = await startInstance('a');
    const gateway = gatewayFor([a.url], { maxRequestBodyBytes: 1_000 });
    const server = gateway.listen(0, '127.0.0.1');
    opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', path: '/api/login', method: 'POST' }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      for (let i = 0; i < 3; i += 1) req.write('y'.repeat(600));
      req.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: 'payload_too_large' });
    expect(a.seen).toEqual([]);
  });

  it('a body of exactly the cap is forwarded whole', async () => {
    const a = await startInstance('a');
    const gateway = gatewayFor([a.url], { maxRequestBodyBytes: 1_000 });
    await request(gateway)
      .post('/api/login')
      .set('Content-Type', 'text/plain')
      .send('z'.repeat(1_000))
      .expect(200);
    expect(a.seen[0]!.body).toBe('z'.repeat(1_000));
  });
});

describe('readiness over several instances', () => {
  it('is ready while at least one instance of each service answers /healthz, not when all of one are down', async () => {
    const [a1, a2, other] = await Promise.all([
      startInstance('a1'),
      startInstance('a2'),
      startInstance('other'),
    ]);
    const gateway = gatewayFor([a1.url, a2.url], {
      licensing: [other.url],
      notifier: [other.url],
      sync: [other.url],
    });
    await a1.stop();
    expect((await request(gateway).get('/readyz').expect(200)).body).toEqual({
      status: 'ok',
      checks: { auth: 'ok', licensing: 'ok', notifier: 'ok', sync: 'ok' },
    });
    await a2.stop();
    expect((await request(gateway).get('/readyz').expect(503)).body).toEqual({
      status: 'unavailable',
      checks: { auth: 'fail', licensing: 'ok', notifier: 'ok', sync: 'ok' },
    });
  });
});

/** One event stream the instance holds open: write to it; `closed` resolves when its connection closes. */
type HeldStream = { res: ServerResponse; closed: Promise<void> };

/**
 * A sync instance that speaks server-sent events at /api/sync/events, as the sync service does: the
 * headers and a first comment at once, then whatever the test writes; any other path answers JSON.
 * nextStream() resolves with the next stream it opens.
 */
const startStreamingInstance = async () => {
  const opened: HeldStream[] = [];
  const waiting: ((stream: HeldStream) => void)[] = [];
  let taken = 0;
  const instance = await startInstance('sync', (req, res, body) => {
    if (!req.url?.startsWith(API_PATHS.syncEvents)) {
      answerJson(req, res, body);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.write(': ready\n\n');
    const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    const stream = { res, closed };
    const waiter = waiting.shift();
    if (waiter) waiter(stream);
    else opened.push(stream);
  });
  const nextStream = () => {
    taken += 1;
    const ready = opened.shift();
    return ready ? Promise.resolve(ready) : new Promise<HeldStream>((resolve) => waiting.push(resolve));
  };
  return { ...instance, nextStream, streamsTaken: () => taken };
};

/** A client of the gateway's event stream, as a browser's EventSource opens it (gzip accepted). */
const openEventStream = (port: number) =>
  new Promise<{
    res: IncomingMessage;
    received: () => string;
    /** Resolves once what arrived satisfies `done` (checked at each chunk); rejects if the stream ends first. */
    waitFor: (done: (text: string) => boolean) => Promise<string>;
    /** Resolves when the connection closed (cut by the gateway or closed by the client). */
    ended: Promise<void>;
    close: () => void;
  }>((resolve, reject) => {
    const req = http.get(
      {
        port,
        host: '127.0.0.1',
        path: API_PATHS.syncEvents,
        headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, deflate, br' },
      },
      (res) => {
        let text = '';
        let closed = false;
        const waiters: {
          done: (text: string) => boolean;
          resolve: (text: string) => void;
          reject: (error: Error) => void;
        }[] = [];
        const check = () => {
          for (const waiter of [...waiters]) {
            if (!waiter.done(text)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(text);
          }
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          check();
        });
        // A cut stream errors ('aborted') before it closes: that is the outcome some tests wait for.
        res.on('error', () => {});
        const ended = new Promise<void>((done) =>
          res.once('close', () => {
            closed = true;
            for (const waiter of waiters.splice(0))
              waiter.reject(new Error(`the stream ended after: ${JSON.stringify(text)}`));
            done();
          }),
        );
        resolve({
          res,
          received: () => text,
          waitFor: (done) =>
            new Promise<string>((found, fail) => {
              waiters.push({ done, resolve: found, reject: fail });
              check();
              if (closed && waiters.length > 0)
                waiters.splice(0).forEach((w) => w.reject(new Error('ended')));
            }),
          ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    opened.push({ close: async () => void req.destroy() });
  });

describe('event streams (GET /api/sync/events, text/event-stream)', () => {
  it('routes every sync path to the sync instances', async () => {
    const sync = await startInstance('sync');
    const other = await startInstance('other');
    const gateway = gatewayFor([other.url], { sync: [sync.url] });
    const paths = [
      ['POST', '/api/sync/push'],
      ['POST', '/api/sync/pull'],
      ['GET', '/api/teams'],
      ['POST', '/api/teams'],
      ['POST', '/api/teams/join'],
      ['GET', '/api/teams/t-1'],
      ['POST', '/api/teams/t-1/invites'],
      ['DELETE', '/api/teams/t-1/members/7'],
    ] as const;
    for (const [method, path] of paths) {
      const res = await methodCall(gateway, method, path).expect(200);
      expect(res.headers['x-instance'], `${method} ${path}`).toBe('sync');
    }
    expect(sync.seen.map((seen) => `${seen.method} ${seen.url}`)).toEqual(
      paths.map(([method, path]) => `${method} ${path}`),
    );
    expect(other.seen).toEqual([]);
  });

  it('passes each event through as the instance writes it: headers at once, nothing buffered or compressed', async () => {
    const sync = await startStreamingInstance();
    const port = await listenOnPort0(gatewayFor([sync.url]));
    const client = await openEventStream(port);
    expect(client.res.statusCode).toBe(200);
    expect(client.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.res.headers['content-encoding']).toBeUndefined();
    expect(client.res.headers['x-instance']).toBe('sync');
    const upstream = await sync.nextStream();
    await client.waitFor((text) => text === ': ready\n\n');

    upstream.res.write('event: poke\ndata: {"scope":"team:t-1"}\n\n');
    expect(await client.waitFor((text) => text.includes('\n\nevent: poke'))).toBe(
      ': ready\n\nevent: poke\ndata: {"scope":"team:t-1"}\n\n',
    );
    upstream.res.write('event: poke\ndata: {"scope":"user:7"}\n\n');
    await client.waitFor((text) => text.endsWith('data: {"scope":"user:7"}\n\n'));
  });

  it('closing the client closes the upstream connection', async () => {
    const sync = await startStreamingInstance();
    const port = await listenOnPort0(gatewayFor([sync.url]));
    const client = await openEventStream(port);
    const upstream = await sync.nextStream();
    await client.waitFor((text) => text.includes(': ready'));
    expect(sync.sockets.size).toBe(1);

    client.close();
    await upstream.closed;
    expect(sync.sockets.size).toBe(0);
    expect(upstream.res.writableEnded).toBe(false);
  });

  it('a stream quiet for longer than the proxy timeout stays open while heartbeats come, and is cut once they stop', async () => {
    // The heartbeat comes every 300 ms, three times the proxy timeout: the answer's own idle timeout would
    // cut the stream between two heartbeats; the stream idle timeout (1.5 s) does not.
    const proxyTimeoutMs = 100;
    const heartbeatMs = 300;
    const sync = await startStreamingInstance();
    const port = await listenOnPort0(gatewayFor([sync.url], { proxyTimeoutMs, streamIdleTimeoutMs: 1_500 }));
    const client = await openEventStream(port);
    const upstream = await sync.nextStream();
    // The sync service's heartbeat (every 25 s there): a comment line.
    const heartbeat = setInterval(() => upstream.res.write(': heartbeat\n\n'), heartbeatMs);
    openedTimers.push(heartbeat);
    await client.waitFor((text) => text.split(': heartbeat').length > 3);
    upstream.res.write('event: poke\ndata: {}\n\n');
    await client.waitFor((text) => text.includes('event: poke'));

    clearInterval(heartbeat);
    await client.ended;
    await upstream.closed;
    expect(client.received()).toMatch(
      /^: ready\n\n(: heartbeat\n\n){3,}event: poke\ndata: \{\}\n\n(: heartbeat\n\n)*$/,
    );
  });

  it('gives each stream a connection of its own: open streams never take the pooled connections', async () => {
    const sync = await startStreamingInstance();
    const gateway = gatewayFor([sync.url], { upstreamMaxSockets: 1 });
    const port = await listenOnPort0(gateway);
    const clients = [await openEventStream(port), await openEventStream(port)];
    await Promise.all(clients.map((client) => client.waitFor((text) => text.includes(': ready'))));
    // With the one pooled connection held by a stream, this request would wait and fail after 5 s.
    const res = await request(gateway).get('/api/teams').expect(200);
    expect(res.headers['x-instance']).toBe('sync');
    expect(sync.connections()).toBe(3);
    expect(sync.streamsTaken()).toBe(0);
  });

  it('an answer other than a stream on the stream path (401) is passed on as any answer', async () => {
    const sync = await startInstance('sync', (_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end('{"error":"unauthorized","message":"Sign in"}');
    });
    const gateway = gatewayFor([sync.url]);
    const res = await request(gateway).get(API_PATHS.syncEvents).expect(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: 'Sign in' });
  });
});

import { connect } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { errorBodySchema } from './http/errors';
import { createLogger } from './logger';
import { defaultHeadersTimeoutMs, defaultRequestTimeoutMs } from './config';
import { serve, type ServerHandle } from './serve';

const logger = createLogger({ name: 'slow-requests-test', level: 'silent' });

/** A service app whose POST /api/notes counts the requests it handled; its handler may wait for `release`. */
const notesApp = () => {
  const handled: unknown[] = [];
  let release: () => void = () => {};
  let hold: Promise<void> | undefined;
  const router = express.Router();
  router.post('/api/notes', async (req, res) => {
    handled.push(req.body);
    if (hold) await hold;
    res.status(201).json({ ok: true });
  });
  return {
    app: createServiceApp({ name: 'slow-test', version: { version: '1' }, logger, routers: [router] }),
    handled,
    /** From now on the handler waits until release() is called. */
    holdHandler: () => {
      hold = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
};

type Exchange = { response: string; bytesSent: number };

/**
 * Sends `head` at once, then `rest` one byte at a time (one every `paceMs`), until the server answers or
 * closes the connection: resolves with what the server sent and how many bytes went out.
 */
const trickle = (url: string, head: string, rest: string, paceMs = 20): Promise<Exchange> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let response = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      response += chunk;
    });
    socket.on('error', () => {}); // a reset after the answer is expected
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ response, bytesSent });
    });
    socket.once('connect', () => {
      socket.write(head);
      bytesSent += head.length;
      let index = 0;
      timer = setInterval(() => {
        if (response.length > 0 || socket.destroyed || index >= rest.length) {
          clearInterval(timer);
          return;
        }
        socket.write(rest[index]!);
        index += 1;
        bytesSent += 1;
      }, paceMs);
    });
    socket.once('connect', () => socket.off('error', reject));
  });

/** A whole request (asking the server to close after answering), then the answer once it closed. */
const sendAll = (url: string, raw: string): Promise<string> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    // Not end(): a client that half-closes its side is taken as gone by Node, which then drops the request.
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(response));
  });

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

const body = JSON.stringify({ text: 'x'.repeat(200) });
const postHead = (length = body.length) =>
  `POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

let handle: ServerHandle | undefined;
afterEach(async () => {
  await handle?.stop();
  handle = undefined;
});

describe('bounded time to receive a request (slow clients)', () => {
  it('a body trickled one byte at a time is answered 408 request_timeout with the error shape and closed before it is complete; no handler runs', async () => {
    const { app, handled } = notesApp();
    handle = await serve(app, { port: 0, logger, requestTimeoutMs: 400, headersTimeoutMs: 400 });
    const { response, bytesSent } = await trickle(handle.url, postHead(), body);
    expect(statusOf(response)).toBe(408);
    expect(response).toMatch(/\r\nConnection: close\r\n/i);
    expect(errorBodySchema.parse(bodyOf(response)).error).toBe('request_timeout');
    expect(bytesSent).toBeLessThan(postHead().length + body.length);
    expect(handled).toEqual([]);
  });

  it('headers trickled one byte at a time (slowloris) are answered 408 with the error shape too', async () => {
    const { app, handled } = notesApp();
    handle = await serve(app, { port: 0, logger, requestTimeoutMs: 400, headersTimeoutMs: 400 });
    const { response } = await trickle(handle.url, 'GET /api/version HTTP/1.1\r\n', 'X-Slow: '.repeat(500));
    expect(statusOf(response)).toBe(408);
    expect(errorBodySchema.parse(bodyOf(response)).error).toBe('request_timeout');
    expect(handled).toEqual([]);
  });

  it('a request received in full is never cut by the request timeout, however long its handler takes', async () => {
    const notes = notesApp();
    handle = await serve(notes.app, { port: 0, logger, requestTimeoutMs: 400, headersTimeoutMs: 400 });
    notes.holdHandler();
    const answered = sendAll(
      handle.url,
      `${postHead().replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n')}${body}`,
    );
    await expect.poll(() => notes.handled.length).toBe(1);
    // A trickled request on another connection times out meanwhile: the server's timeout check has run.
    const slow = await trickle(handle.url, postHead(), body);
    expect(statusOf(slow.response)).toBe(408);
    notes.release();
    expect(statusOf(await answered)).toBe(201);
  });

  it('a request that is not valid HTTP is answered 400 with the error shape, not a bare status line', async () => {
    const { app } = notesApp();
    handle = await serve(app, { port: 0, logger });
    const response = await sendAll(
      handle.url,
      'GET /api/version HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
    );
    expect(statusOf(response)).toBe(400);
    expect(errorBodySchema.parse(bodyOf(response)).error).toBe('bad_request');
  });

  it('headers larger than Node accepts are answered 431 with the error shape', async () => {
    const { app } = notesApp();
    handle = await serve(app, { port: 0, logger });
    const response = await sendAll(
      handle.url,
      `GET /api/version HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(response)).toBe(431);
    expect(errorBodySchema.parse(bodyOf(response)).error).toBe('headers_too_large');
  });

  it('bounds every server by default: 30 s for a whole request, 10 s for its headers', async () => {
    const { app } = notesApp();
    handle = await serve(app, { port: 0, logger });
    expect(handle.server.requestTimeout).toBe(defaultRequestTimeoutMs);
    expect(handle.server.headersTimeout).toBe(defaultHeadersTimeoutMs);
    expect([defaultRequestTimeoutMs, defaultHeadersTimeoutMs]).toEqual([30_000, 10_000]);
  });
});

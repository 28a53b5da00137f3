import { Agent, request as httpRequest } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createLogger } from './logger';
import { serve, serverKeepAliveTimeoutMs } from './serve';

const logger = createLogger({ name: 'serve-test', level: 'silent' });

const get = (url: string, agent?: Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });

/** An app whose GET /api/slow answers only once the test calls release(). */
const slowApp = (events: string[] = []) => {
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const router = express.Router();
  router.get('/api/slow', async (_req, res) => {
    entered();
    await released;
    if (res.destroyed) return;
    res.once('finish', () => events.push('response sent'));
    res.json({ done: true });
  });
  const app = createServiceApp({
    name: 'serve-test',
    version: { version: '1.0.0' },
    logger,
    routers: [router],
  });
  return { app, started, release };
};

describe('serve and graceful stop', () => {
  it('finishes an in-flight slow request, refuses new connections, then runs onClose', async () => {
    const events: string[] = [];
    const { app, started, release } = slowApp(events);
    // The client, the server and the shutdown deadline would keep the idle keep-alive connection for an
    // hour: a stop that waited for it to close by itself would not end within the test's timeout.
    const handle = await serve(app, {
      port: 0,
      logger,
      shutdownTimeoutMs: 3_600_000,
      onClose: async () => {
        events.push('onClose');
      },
    });
    handle.server.keepAliveTimeout = 3_600_000;
    const keepingAlive = new Agent({ keepAlive: true });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const inFlight = get(`${handle.url}/api/slow`, keepingAlive);
    await started;
    const stopped = handle.stop().then(() => events.push('stopped'));
    await expect(get(`${handle.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    // Stopping, with the request still in flight: it is answered once it finishes.
    expect(events).toEqual([]);
    release();
    const res = await inFlight;
    expect(res).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    // The keep-alive connection of the finished request does not hold the stop.
    await stopped;
    expect(events).toEqual(['response sent', 'onClose', 'stopped']);
    expect(handle.server.listening).toBe(false);
    keepingAlive.destroy();
  });

  it('cuts a request that outlives the shutdown deadline and still runs onClose', async () => {
    const { app, started, release } = slowApp();
    let closed = false;
    const handle = await serve(app, {
      port: 0,
      logger,
      shutdownTimeoutMs: 200,
      onClose: async () => {
        closed = true;
      },
    });
    const inFlight = get(`${handle.url}/api/slow`).catch((err: Error) => err);
    await started;
    try {
      // The request is released only after the stop: only the deadline can end it.
      await handle.stop();
      expect(closed).toBe(true);
      expect(await inFlight).toBeInstanceOf(Error);
    } finally {
      release();
    }
  });

  it('stop() twice stops once', async () => {
    const { app } = slowApp();
    let closes = 0;
    const handle = await serve(app, { port: 0, logger, onClose: async () => void closes++ });
    await Promise.all([handle.stop(), handle.stop()]);
    expect(closes).toBe(1);
  });

  it('keeps idle connections open for serverKeepAliveTimeoutMs, with headersTimeout above it', async () => {
    const { app } = slowApp();
    const handle = await serve(app, { port: 0, logger });
    try {
      expect(handle.server.keepAliveTimeout).toBe(serverKeepAliveTimeoutMs);
      expect(serverKeepAliveTimeoutMs).toBeGreaterThanOrEqual(5_000);
      expect(handle.server.headersTimeout).toBeGreaterThan(handle.server.keepAliveTimeout);
    } finally {
      await handle.stop();
    }
  });
});

import { request as httpRequest } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { createLogger } from './logger';
import { serve, serverKeepAliveTimeoutMs } from './serve';

const logger = createLogger({ name: 'serve-test', level: 'silent' });

const get = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    httpRequest(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });

const slowApp = (delayMs: number, events: string[] = []) => {
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  const router = express.Router();
  router.get('/api/slow', async (_req, res) => {
    entered();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.once('finish', () => events.push('response sent'));
    res.json({ done: true });
  });
  const app = createServiceApp({
    name: 'serve-test',
    version: { version: '1.0.0' },
    logger,
    routers: [router],
  });
  return { app, started };
};

describe('serve and graceful stop', () => {
  it('finishes an in-flight slow request, refuses new connections, then runs onClose', async () => {
    const events: string[] = [];
    const { app, started } = slowApp(400, events);
    const handle = await serve(app, {
      port: 0,
      logger,
      onClose: async () => {
        events.push('onClose');
      },
    });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const inFlight = get(`${handle.url}/api/slow`);
    await started;
    const t0 = Date.now();
    const stopped = handle.stop().then(() => events.push('stopped'));
    await expect(get(`${handle.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    const res = await inFlight;
    expect(res).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await stopped;
    expect(events).toEqual(['response sent', 'onClose', 'stopped']);
    // The keep-alive connection of the finished request does not hold the stop for its idle timeout (5 s).
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(handle.server.listening).toBe(false);
  });

  it('cuts a request that outlives the shutdown deadline and still runs onClose', async () => {
    const { app, started } = slowApp(5_000);
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
    const t0 = Date.now();
    await handle.stop();
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(closed).toBe(true);
    expect(await inFlight).toBeInstanceOf(Error);
  });

  it('stop() twice stops once', async () => {
    const { app } = slowApp(0);
    let closes = 0;
    const handle = await serve(app, { port: 0, logger, onClose: async () => void closes++ });
    await Promise.all([handle.stop(), handle.stop()]);
    expect(closes).toBe(1);
  });

  it('keeps idle connections open for serverKeepAliveTimeoutMs, with headersTimeout above it', async () => {
    const { app } = slowApp(0);
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

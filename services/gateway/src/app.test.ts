import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createLogger } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type GatewayOptions } from './app';
import { defaultBackupHosts, defaultWeatherHosts } from './config';

const logger = createLogger({ name: 'gateway-test', level: 'silent' });

/**
 * A real upstream service on port 0 that echoes what reached it; `silent`: it answers nothing until it is
 * closed (slower than any timeout).
 */
const startUpstream = async (service: string, { silent = false } = {}) => {
  let release: () => void = () => {};
  const closing = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  app.use(express.json());
  app.all('/{*rest}', async (req, res) => {
    if (silent) await closing;
    if (res.destroyed) return;
    res.json({
      service,
      method: req.method,
      url: req.originalUrl,
      body: req.body ?? null,
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
    });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      release();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
};

const write = (root: string, file: string, content: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
};

const largeJs = `export const data = [${Array.from({ length: 4000 }, (_, i) => `"item-${i}"`).join(',')}];\n`;

describe('gateway', () => {
  let dist: string;
  let staticRoots: GatewayOptions['staticRoots'];
  let upstreams: Awaited<ReturnType<typeof startUpstream>>[];
  let app: Express;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pitclock-gateway-'));
    staticRoots = {
      shell: join(dist, 'shell'),
      cookApp: join(dist, 'cook-app'),
      adminConsole: join(dist, 'admin-console'),
    };
    write(staticRoots.shell, 'index.html', '<!doctype html><title>PitClock shell</title>');
    write(staticRoots.shell, 'assets/index-B2x9kQ_a.js', 'console.log("shell");');
    write(staticRoots.shell, 'assets/vendor-Ab12Cd34.js', largeJs);
    write(staticRoots.shell, 'assets/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(staticRoots.shell, 'sw.js', 'self.addEventListener("fetch", () => {});');
    write(staticRoots.shell, 'registerSW.js', 'navigator.serviceWorker.register("/sw.js");');
    write(staticRoots.shell, 'workbox-5a3b9c1d.js', '/* workbox */');
    write(staticRoots.shell, 'build-meta.json', '{"version":"1.0.0","buildTime":"2025-01-01T00:00:00Z"}');
    write(staticRoots.shell, 'manifest.webmanifest', '{"name":"PitClock"}');
    write(staticRoots.cookApp, 'remoteEntry.js', 'export const cook = 1;');
    write(staticRoots.cookApp, 'assets/run-screen-Q7w8E9r0.js', 'export const run = 1;');
    write(staticRoots.adminConsole, 'remoteEntry.js', 'export const admin = 1;');
    upstreams = await Promise.all([
      startUpstream('auth'),
      startUpstream('licensing'),
      startUpstream('notifier'),
      startUpstream('sync'),
    ]);
    app = createGateway({
      staticRoots,
      upstreams: upstreamsOf(),
      weatherHosts: defaultWeatherHosts,
      backupHosts: defaultBackupHosts,
      logger,
    });
  });

  /** The running upstreams, each service's replaced by `replace` where given. */
  const upstreamsOf = (replace: Partial<GatewayOptions['upstreams']> = {}): GatewayOptions['upstreams'] => ({
    auth: upstreams[0]!.url,
    licensing: upstreams[1]!.url,
    notifier: upstreams[2]!.url,
    sync: upstreams[3]!.url,
    ...replace,
  });

  afterAll(async () => {
    await Promise.all((upstreams ?? []).map((u) => u.close()));
    rmSync(dist, { recursive: true, force: true });
  });

  describe('proxy /api/* by path (the /api prefix kept)', () => {
    it.each([
      ['POST', '/api/login', 'auth'],
      ['POST', '/api/auth/register', 'auth'],
      ['POST', '/api/auth/refresh', 'auth'],
      ['GET', '/api/me', 'auth'],
      ['GET', '/api/users', 'auth'],
      ['PATCH', '/api/users/7', 'auth'],
      ['POST', '/api/users/7/toggle-admin', 'auth'],
      ['GET', '/api/users/7/licenses', 'licensing'],
      ['POST', '/api/users/7/licenses/4/revoke', 'licensing'],
      ['POST', '/api/users/7/licenses/4/restore', 'licensing'],
      ['POST', '/api/users/7/credits', 'licensing'],
      ['GET', '/api/admin/signup-events?email=a%40b.c&limit=100', 'auth'],
      ['GET', '/api/version', 'auth'],
      ['GET', '/api/promo-codes', 'licensing'],
      ['POST', '/api/promo-codes/redeem', 'licensing'],
      ['POST', '/api/promo-codes/3/toggle', 'licensing'],
      ['GET', '/api/licenses/devices', 'licensing'],
      ['GET', '/api/licenses/credits?user_id=2', 'licensing'],
      ['PATCH', '/api/licenses/devices/4/revoke', 'licensing'],
      ['POST', '/api/license/activate', 'licensing'],
      ['GET', '/api/push/me', 'notifier'],
      ['POST', '/api/push/test', 'notifier'],
      ['POST', '/api/sync/push', 'sync'],
      ['POST', '/api/sync/pull', 'sync'],
      ['GET', '/api/sync/events', 'sync'],
      ['GET', '/api/teams', 'sync'],
      ['POST', '/api/teams', 'sync'],
      ['POST', '/api/teams/join', 'sync'],
      ['GET', '/api/teams/5', 'sync'],
      ['POST', '/api/teams/5/invites', 'sync'],
      ['DELETE', '/api/teams/5/members/7', 'sync'],
    ] as const)('%s %s goes to %s', async (method, url, service) => {
      const req = request(app)[method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'](url);
      const res = method === 'GET' ? await req : await req.send({ hello: 'world' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service, method, url });
      if (method !== 'GET') expect(res.body.body).toEqual({ hello: 'world' });
      expect(res.body.forwardedFor).toMatch(/127\.0\.0\.1/);
    });

    it.each([
      '/api',
      '/api/unknown',
      '/api/auth',
      '/api/license',
      '/api/push',
      '/api/pushes',
      '/api/sync',
      '/api/teamsx',
      '/api/admin/other',
      '/api/loginx',
    ])(
      'an unknown /api path (%s) answers 404 with the error shape and never falls back to HTML',
      async (path) => {
        const res = await request(app).get(path).set('Accept', 'text/html').expect(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.body).toEqual({ error: 'not_found', message: `No route for GET ${path}` });
      },
    );

    it('a path with a dot segment is refused with 400 and not forwarded', async () => {
      const res = await request(app).get('/api/push/%2e%2e/users').expect(400);
      expect(res.body.error).toBe('bad_request');
    });

    it('an upstream that is down answers 502 with the error shape', async () => {
      const port = await closedPort();
      const gateway = createGateway({
        staticRoots,
        upstreams: upstreamsOf({ auth: `http://127.0.0.1:${port}` }),
        weatherHosts: [],
        backupHosts: [],
        logger,
      });
      const res = await request(gateway).post('/api/login').send({ email: 'a@b.c' }).expect(502);
      expect(res.body).toEqual({ error: 'upstream_unavailable', message: 'The auth service is unavailable' });
      const ready = await request(gateway).get('/readyz').expect(503);
      expect(ready.body).toEqual({
        status: 'unavailable',
        checks: { auth: 'fail', licensing: 'ok', notifier: 'ok', sync: 'ok' },
      });
    });

    it('an upstream that does not answer in time gives 504 with the error shape instead of hanging', async () => {
      const slow = await startUpstream('licensing', { silent: true });
      try {
        const gateway = createGateway({
          staticRoots,
          upstreams: upstreamsOf({ licensing: slow.url }),
          weatherHosts: [],
          backupHosts: [],
          logger,
          proxyTimeoutMs: 300,
        });
        // The upstream answers only when closed below: the 504 is the gateway's own timeout.
        const res = await request(gateway).get('/api/promo-codes').expect(504);
        expect(res.body).toEqual({
          error: 'upstream_timeout',
          message: 'The licensing service did not answer in time',
        });
      } finally {
        await slow.close();
      }
    });
  });

  describe('probes', () => {
    it('GET /healthz answers alive and /readyz checks every upstream', async () => {
      expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
      expect((await request(app).get('/readyz').expect(200)).body).toEqual({
        status: 'ok',
        checks: { auth: 'ok', licensing: 'ok', notifier: 'ok', sync: 'ok' },
      });
    });
  });

  describe('static front ends', () => {
    it('serves the shell at / with no-cache', async () => {
      const res = await request(app).get('/').expect(200);
      expect(res.text).toContain('PitClock shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('a navigation that matches no file gets the shell index.html (SPA fallback) with no-cache', async () => {
      const res = await request(app)
        .get('/contests/12/steps')
        .set('Accept', 'text/html,application/xhtml+xml')
        .expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('PitClock shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('no fallback for a missing file with an extension or a non-HTML request', async () => {
      await request(app).get('/missing.js').set('Accept', 'text/html').expect(404);
      await request(app).get('/contests').set('Accept', 'application/json').expect(404);
      await request(app).post('/contests').set('Accept', 'text/html').expect(404);
    });

    it('a missing file under /remotes/* is a plain 404, never HTML', async () => {
      for (const path of [
        '/remotes/cook-app/remoteEntry-old.js',
        '/remotes/cook-app/some/page',
        '/remotes/unknown/remoteEntry.js',
      ]) {
        const res = await request(app).get(path).set('Accept', 'text/html').expect(404);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe('Not found');
      }
    });

    it('serves the remotes under /remotes/<name>/ and remoteEntry.js with no-cache', async () => {
      const cook = await request(app).get('/remotes/cook-app/remoteEntry.js').expect(200);
      expect(cook.text).toBe('export const cook = 1;');
      expect(cook.headers['content-type']).toMatch(/javascript/);
      expect(cook.headers['cache-control']).toBe('no-cache');
      const admin = await request(app).get('/remotes/admin-console/remoteEntry.js').expect(200);
      expect(admin.text).toBe('export const admin = 1;');
      expect(admin.headers['cache-control']).toBe('no-cache');
    });

    it.each([
      '/assets/index-B2x9kQ_a.js',
      '/assets/vendor-Ab12Cd34.js',
      '/remotes/cook-app/assets/run-screen-Q7w8E9r0.js',
    ])('a content-hashed asset (%s) is immutable for a year', async (path) => {
      const res = await request(app).get(path).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([
      '/index.html',
      '/sw.js',
      '/registerSW.js',
      '/workbox-5a3b9c1d.js',
      '/build-meta.json',
      '/manifest.webmanifest',
      '/assets/logo.svg',
    ])('%s is served with no-cache', async (path) => {
      const res = await request(app).get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('a large JS file is gzip-compressed when the client accepts it', async () => {
      const res = await request(app)
        .get('/assets/vendor-Ab12Cd34.js')
        .set('Accept-Encoding', 'gzip')
        .expect(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.text).toBe(largeJs);
    });
  });

  describe('security headers', () => {
    it('sends a Content-Security-Policy allowing only the own origin plus the weather and backup hosts', async () => {
      const res = await request(app).get('/').expect(200);
      const csp = res.headers['content-security-policy'];
      expect(csp?.split(';').sort()).toEqual(
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "connect-src 'self' https://geocoding-api.open-meteo.com https://api.open-meteo.com https://api.jsonbin.io",
          "worker-src 'self'",
          "manifest-src 'self'",
          "frame-ancestors 'none'",
          "object-src 'none'",
          "base-uri 'self'",
        ].sort(),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('takes the configured hosts (origins only) into connect-src', async () => {
      const gateway = createGateway({
        staticRoots,
        upstreams: upstreamsOf(),
        weatherHosts: ['https://weather.example/v1/'],
        backupHosts: ['https://backup.example'],
        logger,
      });
      const res = await request(gateway).get('/healthz');
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' https://weather.example https://backup.example;",
      );
    });
  });
});

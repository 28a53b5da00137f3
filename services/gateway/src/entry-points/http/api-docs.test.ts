import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { OPERATIONS } from '@pitclock/contracts/api-operations';
import { declaredRoutes, registeredRoutes } from '@pitclock/contracts/api-routes';
import { createLogger } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../app';
import { defaultBackupHosts, defaultWeatherHosts } from '../../config';
import { openApiCacheControl } from './api-docs';

describe('the API reference served by the gateway', () => {
  let dist: string;
  let app: Gateway;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pitclock-api-docs-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PitClock shell</title>');
    // No service listens: whatever these tests get, the gateway answered itself.
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    app = createGateway({
      staticRoots: { shell: dist, cookApp: dist, adminConsole: dist },
      upstreams: { auth: nowhere, licensing: nowhere, notifier: nowhere, sync: nowhere },
      weatherHosts: defaultWeatherHosts,
      backupHosts: defaultBackupHosts,
      logger: createLogger({ name: 'gateway-test', level: 'silent' }),
    });
  });

  afterAll(() => {
    app?.closeUpstreams();
    rmSync(dist, { recursive: true, force: true });
  });

  it('GET /api/openapi.json answers the OpenAPI 3.1 document of every documented operation, cacheable briefly', async () => {
    const res = await request(app).get(API_PATHS.openApiDocument).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(openApiCacheControl);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = Object.values(res.body.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item),
    );
    expect(documented).toHaveLength(OPERATIONS.filter((op) => !op.internal).length);
    expect(res.body.paths['/api/users/{id}'].get['x-pitclock-auth']).toBe('admin');

    // Revalidation is cheap: the same document answers 304 to its ETag.
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    await request(app).get(API_PATHS.openApiDocument).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('GET /api/docs answers a reference page that loads swagger-ui from our origin, with no inline script', async () => {
    const res = await request(app).get(API_PATHS.apiDocs).set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/api\/docs\/[\w.-]+"/);
    expect(res.text).not.toMatch(/https?:\/\//);
    // The app's own policy applies: scripts from this origin only.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it.each([
    ['swagger-ui-bundle.js', /javascript/],
    ['swagger-ui.css', /text\/css/],
    ['favicon-32x32.png', /image\/png/],
    ['init.js', /javascript/],
  ])('serves the page asset %s', async (name, type) => {
    const res = await request(app).get(`${API_PATHS.apiDocs}/${name}`).expect(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('points swagger-ui at the document and at no outside validator', async () => {
    const res = await request(app).get(`${API_PATHS.apiDocs}/init.js`).expect(200);
    expect(res.text).toContain(`url: "${API_PATHS.openApiDocument}"`);
    expect(res.text).toContain('validatorUrl: null');
  });

  it.each([
    'index.html',
    'swagger-initializer.js',
    'package.json',
    'swagger-ui-bundle.js.map',
    'oauth2-redirect.html',
  ])('serves no other file of swagger-ui-dist (%s answers 404)', async (name) => {
    const res = await request(app).get(`${API_PATHS.apiDocs}/${name}`).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });

  it('refuses a path that climbs out of the asset folder', async () => {
    const res = await request(app).get(`${API_PATHS.apiDocs}/../package.json`);
    expect([400, 404]).toContain(res.status);
    expect(res.body).toEqual({ error: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
    expect(res.text).not.toContain('swagger-ui-dist');
  });

  it('registers exactly the routes the document declares for the gateway: the API reference and the probes', () => {
    const own = OPERATIONS.filter(
      (op) => op.service === 'gateway' || op.path === API_PATHS.healthz || op.path === API_PATHS.readyz,
    );
    expect(registeredRoutes(app)).toEqual(declaredRoutes(own));
  });

  it('answers only GET (a POST is the 404 of an unknown route)', async () => {
    await request(app).post(API_PATHS.openApiDocument).send({}).expect(404);
    await request(app).post(API_PATHS.apiDocs).send({}).expect(404);
  });
});

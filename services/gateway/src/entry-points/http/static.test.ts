import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLogger } from '@pitclock/kit';
import { closedPort } from '@pitclock/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../app';

const logger = createLogger({ name: 'gateway-static-test', level: 'silent' });

/** Text large enough for the compression middleware (threshold 1 kB), different for each file. */
const textOf = (name: string, lines = 200) =>
  Array.from({ length: lines }, (_, i) => `/* ${name} line ${i} */ export const v${i} = ${i * 7};`).join(
    '\n',
  );

const immutable = 'public, max-age=31536000, immutable';

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

describe('static files served pre-compressed (brotli 11 / gzip 9 copies written by the build)', () => {
  let dist: string;
  let shell: string;
  let cookApp: string;
  let server: Server;
  let port: number;

  /** Writes a file and, for each coding listed, its pre-compressed copy beside it (as the build does). */
  const write = (root: string, file: string, content: string | Buffer, copies: ('br' | 'gz')[] = []) => {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    if (copies.includes('br')) writeFileSync(`${path}.br`, brotliCompressSync(content));
    if (copies.includes('gz')) writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  };
  const bytes = (root: string, file: string) => readFileSync(join(root, file));

  /** A raw HTTP request: the bytes as they came over the wire, nothing decoded. */
  const send = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    send(path, acceptEncoding === undefined ? headers : { 'Accept-Encoding': acceptEncoding, ...headers });
  const varyOf = (reply: Reply) => (reply.headers.vary ?? '').toLowerCase();

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pitclock-gateway-static-'));
    shell = join(dist, 'shell');
    cookApp = join(dist, 'cook-app');
    const adminConsole = join(dist, 'admin-console');
    write(shell, 'index.html', `<!doctype html><title>PitClock shell</title>\n${textOf('html')}`, [
      'br',
      'gz',
    ]);
    write(shell, 'assets/index-B2x9kQ_a.js', textOf('index'), ['br', 'gz']);
    write(shell, 'assets/style-Xy12Ab34.css', `body { color: red }\n${textOf('css')}`, ['br', 'gz']);
    write(shell, 'favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${textOf('svg')} --></svg>`, [
      'br',
      'gz',
    ]);
    write(shell, 'manifest.webmanifest', JSON.stringify({ name: 'PitClock', notes: textOf('manifest') }), [
      'br',
      'gz',
    ]);
    write(shell, 'build-meta.json', JSON.stringify({ version: '1.0.0', notes: textOf('meta') }), ['br']);
    write(shell, 'assets/only-gzip-Gz12Ab34.js', textOf('only-gzip'), ['gz']);
    write(shell, 'assets/no-copy-Nc12Ab34.js', textOf('no-copy'));
    write(shell, 'sw.js', textOf('sw'));
    write(
      shell,
      'icons/icon-192.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    );
    write(cookApp, 'remoteEntry.js', textOf('cook remoteEntry'), ['br', 'gz']);
    write(cookApp, 'assets/run-screen-Q7w8E9r0.js', textOf('run-screen'), ['br', 'gz']);
    write(adminConsole, 'remoteEntry.js', textOf('admin remoteEntry'), ['br', 'gz']);
    const down = `http://127.0.0.1:${await closedPort()}`;
    const app = createGateway({
      staticRoots: { shell, cookApp, adminConsole },
      upstreams: { auth: down, licensing: down, notifier: down, sync: down },
      weatherHosts: [],
      backupHosts: [],
      logger,
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(dist, { recursive: true, force: true });
  });

  describe('a file with .br and .gz copies', () => {
    const file = 'assets/index-B2x9kQ_a.js';

    it('Accept-Encoding br: the .br file as it is, with the Content-Length of the .br file', async () => {
      const res = await get(`/${file}`, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.body.equals(bytes(shell, `${file}.br`))).toBe(true); // compressed once, never twice
      expect(res.headers['content-length']).toBe(String(bytes(shell, `${file}.br`).length));
      expect(brotliDecompressSync(res.body).equals(bytes(shell, file))).toBe(true);
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(immutable);
    });

    it('Accept-Encoding gzip: the .gz file as it is', async () => {
      const res = await get(`/${file}`, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body.equals(bytes(shell, `${file}.gz`))).toBe(true);
      expect(res.headers['content-length']).toBe(String(bytes(shell, `${file}.gz`).length));
      expect(gunzipSync(res.body).equals(bytes(shell, file))).toBe(true);
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(immutable);
    });

    it.each([
      ['gzip, deflate, br, zstd', 'br'], // a browser's: br even though gzip comes first
      ['gzip;q=1, br;q=0.5', 'br'],
      ['*', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate, gzip', 'gzip'],
    ])('Accept-Encoding %s gets %s', async (acceptEncoding, coding) => {
      const res = await get(`/${file}`, acceptEncoding);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.body.equals(bytes(shell, `${file}.${coding === 'br' ? 'br' : 'gz'}`))).toBe(true);
    });

    it.each([undefined, 'identity', 'br;q=0, gzip;q=0'])(
      'Accept-Encoding %s: the plain file, no Content-Encoding, still Vary: Accept-Encoding',
      async (acceptEncoding) => {
        const res = await get(`/${file}`, acceptEncoding);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body.equals(bytes(shell, file))).toBe(true);
        expect(varyOf(res)).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe(immutable);
      },
    );

    it('each representation has its own ETag; If-None-Match and If-Modified-Since answer 304', async () => {
      const [br, gz, plain] = await Promise.all([
        get(`/${file}`, 'br'),
        get(`/${file}`, 'gzip'),
        get(`/${file}`),
      ]);
      const etags = [br, gz, plain].map((res) => res.headers.etag);
      expect(new Set(etags).size).toBe(3);
      expect(br.headers['last-modified']).toBeDefined();

      const revalidated = await get(`/${file}`, 'br', { 'If-None-Match': br.headers.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(br.headers.etag);
      expect(revalidated.headers['cache-control']).toBe(immutable);

      const sinceModified = await get(`/${file}`, 'br', {
        'If-Modified-Since': br.headers['last-modified']!,
      });
      expect(sinceModified.status).toBe(304);

      const otherTag = await get(`/${file}`, 'br', { 'If-None-Match': plain.headers.etag! });
      expect(otherTag.status).toBe(200);
      expect(otherTag.body.equals(bytes(shell, `${file}.br`))).toBe(true);
    });

    it('HEAD: the headers of the .br answer, no body', async () => {
      const res = await send(`/${file}`, { 'Accept-Encoding': 'br' }, 'HEAD');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-length']).toBe(String(bytes(shell, `${file}.br`).length));
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.body.length).toBe(0);
    });

    it('a Range request for a compressed answer gets the whole .br file (200), never a slice of it', async () => {
      const res = await get(`/${file}`, 'br', { Range: 'bytes=0-9' });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
      expect(res.body.equals(bytes(shell, `${file}.br`))).toBe(true);
    });

    it('a Range request without an accepted coding gets a slice of the plain file (206)', async () => {
      const res = await get(`/${file}`, undefined, { Range: 'bytes=0-9' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-9/${bytes(shell, file).length}`);
      expect(res.body.equals(bytes(shell, file).subarray(0, 10))).toBe(true);
    });
  });

  it.each([
    ['index.html', /^text\/html/],
    ['assets/style-Xy12Ab34.css', /^text\/css/],
    ['favicon.svg', /^image\/svg\+xml/],
    ['manifest.webmanifest', /^application\/manifest\+json/],
    ['build-meta.json', /^application\/json/],
    ['assets/index-B2x9kQ_a.js', /^(text|application)\/javascript/],
  ])('%s compressed has the Content-Type and Cache-Control of the plain file', async (file, contentType) => {
    const [compressed, plain] = await Promise.all([get(`/${file}`, 'br'), get(`/${file}`)]);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(contentType);
    expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
    expect(compressed.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(compressed.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/ is the shell index.html, compressed, no-cache', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('PitClock shell');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the SPA fallback sends the compressed index.html to a navigation that accepts it', async () => {
    const navigation = { Accept: 'text/html,application/xhtml+xml' };
    const res = await get('/contests/12/steps', 'gzip, deflate, br', navigation);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(bytes(shell, 'index.html.br'))).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varyOf(res)).toContain('accept-encoding');

    const gzip = await get('/contests/12/steps', 'gzip', navigation);
    expect(gzip.body.equals(bytes(shell, 'index.html.gz'))).toBe(true);

    const plain = await get('/contests/12/steps', undefined, navigation);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(bytes(shell, 'index.html'))).toBe(true);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('the remotes are served compressed with their own Cache-Control', async () => {
    const entry = await get('/remotes/cook-app/remoteEntry.js', 'br');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.body.equals(bytes(cookApp, 'remoteEntry.js.br'))).toBe(true);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const asset = await get('/remotes/cook-app/assets/run-screen-Q7w8E9r0.js', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.body.equals(bytes(cookApp, 'assets/run-screen-Q7w8E9r0.js.gz'))).toBe(true);
    expect(asset.headers['cache-control']).toBe(immutable);
  });

  describe('a file with only a .gz copy', () => {
    const file = 'assets/only-gzip-Gz12Ab34.js';

    it('br and gzip accepted: the .gz file', async () => {
      const res = await get(`/${file}`, 'gzip, br');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body.equals(bytes(shell, `${file}.gz`))).toBe(true);
      expect(res.headers['cache-control']).toBe(immutable);
    });

    it('only br accepted: the plain file, brotli-compressed on the fly as before', async () => {
      const res = await get(`/${file}`, 'br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).equals(bytes(shell, file))).toBe(true);
      expect(res.headers['cache-control']).toBe(immutable);
    });
  });

  it('a file changed after its copies were made is sent as it is now, never as the stale copy', async () => {
    write(shell, 'sw.js', textOf('sw deploy 1'), ['br', 'gz']);
    const copiesMade = new Date(Date.now() - 60_000);
    utimesSync(join(shell, 'sw.js.br'), copiesMade, copiesMade);
    utimesSync(join(shell, 'sw.js.gz'), copiesMade, copiesMade);
    writeFileSync(join(shell, 'sw.js'), textOf('sw deploy 2'));
    const res = await get('/sw.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(textOf('sw deploy 2'));
  });

  it('build-meta.json (only a .br copy, as the build leaves it when gzip is not smaller): gzip on the fly', async () => {
    const res = await get('/build-meta.json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).equals(bytes(shell, 'build-meta.json'))).toBe(true);
  });

  describe('a file with no copy at all', () => {
    it.each([
      ['/assets/no-copy-Nc12Ab34.js', 'assets/no-copy-Nc12Ab34.js', immutable],
      ['/sw.js', 'sw.js', 'no-cache'],
    ])('%s is gzip-compressed on the fly as before', async (path, file, cacheControl) => {
      const res = await get(path, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).equals(bytes(shell, file))).toBe(true);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(varyOf(res)).toContain('accept-encoding');
    });

    it('an image: sent as it is, never compressed', async () => {
      const res = await get('/icons/icon-192.png', 'gzip, br');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(bytes(shell, 'icons/icon-192.png'))).toBe(true);
    });

    it('a Range request that accepts gzip gets a plain slice (206), not a compressed one', async () => {
      const file = 'assets/no-copy-Nc12Ab34.js';
      // A slice above the compression threshold (1 kB), which the middleware would otherwise compress.
      const res = await get(`/${file}`, 'gzip', { Range: 'bytes=100-4099' });
      expect(res.status).toBe(206);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-range']).toBe(`bytes 100-4099/${bytes(shell, file).length}`);
      expect(res.body.equals(bytes(shell, file).subarray(100, 4100))).toBe(true);
    });
  });

  it('a copy written after the gateway started is served (copies are looked up per request)', async () => {
    write(shell, 'assets/late-La12Ab34.js', textOf('late'));
    const before = await get('/assets/late-La12Ab34.js', 'br');
    expect(before.headers['content-encoding']).toBe('br');
    expect(before.headers['content-length']).toBeUndefined(); // compressed on the fly
    write(shell, 'assets/late-La12Ab34.js', textOf('late'), ['br']);
    const after = await get('/assets/late-La12Ab34.js', 'br');
    expect(after.body.equals(bytes(shell, 'assets/late-La12Ab34.js.br'))).toBe(true);
    expect(after.headers['content-length']).toBe(String(after.body.length));
  });

  describe('the .br and .gz copies are not files of their own', () => {
    it.each([
      '/assets/index-B2x9kQ_a.js.br',
      '/assets/index-B2x9kQ_a.js.gz',
      '/assets/index-B2x9kQ_a.js%2Ebr',
      '/index.html.br',
      '/remotes/cook-app/remoteEntry.js.gz',
    ])('%s is 404, whatever the Accept-Encoding', async (path) => {
      for (const acceptEncoding of [undefined, 'gzip, br']) {
        const res = await get(path, acceptEncoding, { Accept: 'text/html' });
        expect(res.status).toBe(404);
        expect(res.headers['content-encoding']).toBeUndefined();
      }
    });
  });

  describe('nothing else carries a Content-Encoding it does not have', () => {
    it('a POST to a file with copies is a plain 404', async () => {
      const res = await send('/index.html', { 'Accept-Encoding': 'br' }, 'POST');
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'not_found' });
    });

    it.each(['/missing-Ab12Cd34.js', '/remotes/cook-app/missing.js', '/assets/../../etc/passwd'])(
      'a missing file (%s) is a readable 404',
      async (path) => {
        const res = await get(path, 'br');
        expect(res.status).toBe(404);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body.toString()).toMatch(/not.found/i);
      },
    );

    it('a directory without its trailing slash still redirects', async () => {
      const res = await get('/remotes/cook-app', 'br');
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/remotes/cook-app/');
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });
});

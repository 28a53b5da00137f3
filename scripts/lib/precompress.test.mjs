import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completePrecompressedCopies } from './precompress.ts';

let dist;
const text = (name) => Array.from({ length: 300 }, (_, i) => `export const ${name}${i} = ${i};`).join('\n');
const write = (file, content) => {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), content);
};
const read = (file) => readFileSync(path.join(dist, file));
const has = (file) => existsSync(path.join(dist, file));

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'pitclock-precompress-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('completePrecompressedCopies (after every other plugin of a build)', () => {
  it('writes the copies of a file written after the bundle (the service worker), brotli and gzip', async () => {
    write('sw.js', text('sw'));
    expect(await completePrecompressedCopies(dist)).toEqual(['sw.js.br', 'sw.js.gz']);
    expect(brotliDecompressSync(read('sw.js.br')).equals(read('sw.js'))).toBe(true);
    expect(gunzipSync(read('sw.js.gz')).equals(read('sw.js'))).toBe(true);
  });

  it('leaves up-to-date copies as they are and rewrites a stale one', async () => {
    write('assets/app-Ab12Cd34.js', text('app'));
    write('assets/app-Ab12Cd34.js.br', brotliCompressSync(text('app')));
    write('assets/app-Ab12Cd34.js.gz', gzipSync(text('app')));
    write('index.html', text('new'));
    write('index.html.br', brotliCompressSync(text('old')));
    write('index.html.gz', Buffer.from('not gzip at all'));
    const upToDate = read('assets/app-Ab12Cd34.js.gz');
    expect(await completePrecompressedCopies(dist)).toEqual(['index.html.br', 'index.html.gz']);
    expect(read('assets/app-Ab12Cd34.js.gz').equals(upToDate)).toBe(true);
    expect(brotliDecompressSync(read('index.html.br')).toString()).toBe(text('new'));
    expect(gunzipSync(read('index.html.gz')).toString()).toBe(text('new'));
  });

  it('writes no copy that is not smaller than its file, and removes a stale one', async () => {
    write('build-meta.json', '{"v":1}');
    write('build-meta.json.gz', gzipSync('{"v":0}'));
    expect(await completePrecompressedCopies(dist)).toEqual([]);
    expect(has('build-meta.json.br')).toBe(false);
    expect(has('build-meta.json.gz')).toBe(false);
  });

  it('only text files', async () => {
    write('icons/icon-192.png', Buffer.alloc(4096, 1));
    write('assets/font-Ab12Cd34.woff2', Buffer.alloc(4096, 2));
    expect(await completePrecompressedCopies(dist)).toEqual([]);
  });
});

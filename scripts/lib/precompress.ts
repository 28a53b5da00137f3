import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import type { Plugin, PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const textFiles = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/;
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
const gzipOptions = { level: constants.Z_BEST_COMPRESSION };

const copies = [
  {
    suffix: '.br',
    compress: (data: Buffer) => promisify(brotliCompress)(data, brotliOptions),
    decode: brotliDecompressSync,
  },
  { suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, gzipOptions), decode: gunzipSync },
];

const decodesTo = async (copyPath: string, decode: (data: Buffer) => Buffer, content: Buffer) => {
  if (!existsSync(copyPath)) return false;
  try {
    return decode(await readFile(copyPath)).equals(content);
  } catch {
    return false;
  }
};

/**
 * Makes every text file under `dir` have up-to-date `.br` and `.gz` copies (each only where it is smaller
 * than the file): writes the missing ones and rewrites the stale ones, leaving a copy that decodes to
 * its file as it is. Returns the copies written, relative to `dir`.
 */
export const completePrecompressedCopies = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && textFiles.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  const written: string[] = [];
  for (const file of files) {
    const content = await readFile(path.join(dir, file));
    for (const { suffix, compress, decode } of copies) {
      const copyPath = path.join(dir, `${file}${suffix}`);
      if (await decodesTo(copyPath, decode, content)) continue;
      const compressed = await compress(content);
      if (compressed.length < content.length) {
        await writeFile(copyPath, compressed);
        written.push(`${file}${suffix}`);
      } else {
        await rm(copyPath, { force: true });
      }
    }
  }
  return written;
};

/**
 * Runs last, after every other plugin's closeBundle: the files written after the bundle (the service
 * worker, which vite-plugin-pwa builds then) get their copies too, and a copy made before its file was
 * changed again is made anew, so that the server never sends an old copy in place of a new file.
 */
const completeCopiesAfterBuild = (): Plugin => {
  let outDir: string | undefined;
  return {
    name: 'pitclock:complete-precompressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (outDir !== undefined && existsSync(outDir)) await completePrecompressedCopies(outDir);
      },
    },
  };
};

/**
 * Every text file of a front-end build, written beside itself as `.br` (brotli 11) and `.gz` (gzip 9) at
 * build time: the gateway and nginx send these as they are, instead of compressing each response on the
 * fly (issue 22: brotli on the fly at its default quality is larger than gzip 9).
 */
export const precompressedAssets = (): PluginOption => [
  compression({
    include: textFiles,
    algorithms: [defineAlgorithm('brotliCompress', brotliOptions), defineAlgorithm('gzip', gzipOptions)],
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  }),
  completeCopiesAfterBuild(),
];

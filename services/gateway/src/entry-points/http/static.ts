import { stat } from 'node:fs/promises';
import { extname, join, posix, relative } from 'node:path';
import { notFound } from '@pitclock/kit';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { cacheControlFor, revalidate } from '../../domain/cache-policy';

/**
 * The pre-compressed copies a front-end build writes beside each text file (scripts/lib/precompress.ts),
 * best first: brotli 11 is about 12 % smaller than gzip 9 on the shell's JavaScript, so br wherever the
 * client accepts it, whatever the q-values of its Accept-Encoding.
 */
const codings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Coding = (typeof codings)[number];

/** A `.br` or `.gz` copy is an encoding of a file, never a file of its own: requests for one are not served. */
const isPrecompressedCopy = (file: string) => codings.some(({ suffix }) => file.endsWith(suffix));

/** What an attempt at a pre-compressed copy may have set (here or by send), cleared before the next try. */
const representationHeaders = [
  'Content-Encoding',
  'Content-Type',
  'Content-Length',
  'Cache-Control',
  'ETag',
  'Last-Modified',
];

/** The codings the client accepts (a q of 0 refuses one; no Accept-Encoding accepts none), best first. */
const acceptedCodings = (req: Request): Coding[] =>
  codings.filter(({ name }) => req.acceptsEncodings(name) === name);

type Target = { root: string; file: string; cacheControl: string };

/**
 * Sends `file` (relative to `root`) as its best pre-compressed copy that the client accepts and that
 * exists, with the original's Content-Type and `cacheControl`; `otherwise()` when there is none. The
 * copies are looked up at each request, so a rebuild needs no restart. A Range header is ignored for
 * a copy (200, the whole encoded body): a slice of a brotli or gzip stream is no use to a client.
 * ETag, Last-Modified, Content-Length, 304 and HEAD are send's, from the copy's own file.
 */
const sendPrecompressed = (req: Request, res: Response, target: Target, otherwise: () => void) => {
  void freshCopies(target, acceptedCodings(req)).then(
    (fresh) => attempt(fresh),
    () => otherwise(),
  );
  function attempt([coding, ...rest]: Coding[]): void {
    if (coding === undefined) {
      otherwise();
      return;
    }
    res.vary('Accept-Encoding');
    res.setHeader('Content-Encoding', coding.name);
    res.setHeader('Cache-Control', target.cacheControl);
    res.type(extname(target.file) || 'application/octet-stream');
    const options = { root: target.root, acceptRanges: false, cacheControl: false };
    res.sendFile(`${target.file}${coding.suffix}`, options, (err?: NodeJS.ErrnoException) => {
      if (!err || res.headersSent || err.code === 'ECONNABORTED') return;
      for (const header of representationHeaders) res.removeHeader(header);
      attempt(rest);
    });
  }
};

const modifiedAt = async (file: string) => (await stat(file)).mtimeMs;

/**
 * The codings whose copy exists and is not older than its file: a file changed after its copies were
 * made (a hand-edited or half-copied deploy) is sent as it is, never as the stale copy.
 */
const freshCopies = async (target: Target, accepted: Coding[]): Promise<Coding[]> => {
  if (accepted.length === 0 || target.file.split('/').includes('..')) return [];
  const original = join(target.root, target.file);
  const fileTime = await modifiedAt(original).catch(() => undefined);
  if (fileTime === undefined) return accepted;
  const fresh = await Promise.all(
    accepted.map(async (coding) => {
      const copyTime = await modifiedAt(`${original}${coding.suffix}`).catch(() => undefined);
      return copyTime !== undefined && copyTime >= fileTime;
    }),
  );
  return accepted.filter((_, index) => fresh[index]);
};

/**
 * The file a GET or HEAD asks for, relative to the root: the decoded, normalised path, `index.html` for a
 * directory (only when the URL itself ends in `/`; express.static redirects the others). Undefined when
 * the path cannot be decoded (express.static answers it).
 */
const requestedFile = (req: Request): string | undefined => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const urlEndsInSlash = (req.originalUrl.split('?')[0] ?? '').endsWith('/');
  const file = posix.normalize(path.replace(/^\/+/, ''));
  if (path.endsWith('/')) return urlEndsInSlash ? posix.join(file, 'index.html') : undefined;
  return file;
};

/**
 * A built front end's dist folder, with the Cache-Control of cacheControlFor. A client that accepts br
 * or gzip gets the build's pre-compressed copy of a file where there is one (Content-Encoding, Vary:
 * Accept-Encoding); otherwise the file itself, which the compression middleware may compress. The
 * `.br`/`.gz` copies are not served under their own names. Unknown files fall through.
 */
export const staticFiles = (root: string): RequestHandler => {
  const plain = express.static(root, {
    index: 'index.html',
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(relative(root, filePath)));
    },
  });
  return (req, res, next) => {
    const file = requestedFile(req);
    if (file !== undefined && isPrecompressedCopy(file)) {
      next();
      return;
    }
    if (file === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      plain(req, res, next);
      return;
    }
    sendPrecompressed(req, res, { root, file, cacheControl: cacheControlFor(file) }, () =>
      plain(req, res, next),
    );
  };
};

/** A file under /remotes/* that does not exist: a plain 404, never the shell's HTML in place of JavaScript. */
export const remotesNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

const isNavigation = (method: string, path: string, accept: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && extname(path) === '' && (accept ?? '').includes('text/html');

/**
 * SPA fallback: a navigation (GET, Accept text/html, no file extension) that matched no file gets the
 * shell's index.html, pre-compressed like any other file when the client accepts it.
 */
export const spaFallback =
  (shellRoot: string): RequestHandler =>
  (req, res, next) => {
    if (!isNavigation(req.method, req.path, req.headers.accept)) {
      next();
      return;
    }
    const target = { root: shellRoot, file: 'index.html', cacheControl: revalidate };
    sendPrecompressed(req, res, target, () => {
      res.setHeader('Cache-Control', revalidate);
      res.sendFile('index.html', { root: shellRoot }, (err) => {
        if (err && !res.headersSent) next(notFound('The front end is not built'));
      });
    });
  };

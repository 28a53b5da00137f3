import { extname, relative } from 'node:path';
import { notFound } from '@pitclock/kit';
import express, { type RequestHandler } from 'express';
import { cacheControlFor, revalidate } from '../../domain/cache-policy';

/** A built front end's dist folder, with the Cache-Control of cacheControlFor. Unknown files fall through. */
export const staticFiles = (root: string): RequestHandler =>
  express.static(root, {
    index: 'index.html',
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(relative(root, filePath)));
    },
  });

/** A file under /remotes/* that does not exist: a plain 404, never the shell's HTML in place of JavaScript. */
export const remotesNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

const isNavigation = (method: string, path: string, accept: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && extname(path) === '' && (accept ?? '').includes('text/html');

/** SPA fallback: a navigation (GET, Accept text/html, no file extension) that matched no file gets the shell's index.html. */
export const spaFallback =
  (shellRoot: string): RequestHandler =>
  (req, res, next) => {
    if (!isNavigation(req.method, req.path, req.headers.accept)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', revalidate);
    res.sendFile('index.html', { root: shellRoot }, (err) => {
      if (err && !res.headersSent) next(notFound('The front end is not built'));
    });
  };

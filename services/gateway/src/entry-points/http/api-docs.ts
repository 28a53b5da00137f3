import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { buildOpenApiDocument } from '@pitclock/contracts/openapi';
import { resolveVersion } from '@pitclock/kit';
import express, { Router, type RequestHandler } from 'express';
import { revalidate } from '../../domain/cache-policy';

/** The document may change with each release: clients and proxies keep it a few minutes. */
export const openApiCacheControl = 'public, max-age=300';

/** The files of swagger-ui-dist the reference page loads, served from our origin under /api/docs/. */
const swaggerAssets = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
const swaggerDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const asset = (name: string) => `${API_PATHS.apiDocs}/${name}`;
const initScript = 'init.js';

// No inline script: the page runs under the app's Content-Security-Policy (script-src 'self').
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PitClock API reference</title>
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" />
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset(initScript)}"></script>
  </body>
</html>
`;

// validatorUrl null: swagger-ui would otherwise load a badge from validator.swagger.io.
const init = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(API_PATHS.openApiDocument)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

/** A path this router answers or refuses itself (the document, the page, anything below it): never proxied. */
export const isApiDocsPath = (path: string): boolean =>
  path === API_PATHS.openApiDocument ||
  path === API_PATHS.apiDocs ||
  path.startsWith(`${API_PATHS.apiDocs}/`);

/**
 * The page's script and the listed swagger-ui files (middleware, not routes: they are the page's assets,
 * not API operations); anything else under /api/docs/ falls through to the gateway's 404.
 */
const docsAssets = (): RequestHandler => {
  const files = express.static(swaggerDist, {
    index: false,
    setHeaders: (res) => res.setHeader('Cache-Control', revalidate),
  });
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (req.method !== 'GET' && req.method !== 'HEAD') next();
    else if (name === initScript) res.set('Cache-Control', revalidate).type('text/javascript').send(init);
    else if (swaggerAssets.has(name)) files(req, res, next);
    else next();
  };
};

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every route, built once from the contracts'
 * registry) and GET /api/docs (a readable reference rendered by swagger-ui from that document), with
 * swagger-ui's files, all from the gateway's own origin.
 */
export const createApiDocs = ({ version = resolveVersion().version }: { version?: string } = {}): Router => {
  const document = JSON.stringify(buildOpenApiDocument({ version }));
  const router = Router();
  router.get(API_PATHS.openApiDocument, (_req, res) => {
    res.set('Cache-Control', openApiCacheControl).type('application/json').send(document);
  });
  router.get(API_PATHS.apiDocs, (_req, res) => {
    res.set('Cache-Control', revalidate).type('html').send(page);
  });
  router.use(API_PATHS.apiDocs, docsAssets());
  return router;
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheControlFor } from '@pitclock/gateway/cache-policy';
import {
  eventStreamPaths,
  hasDotSegment,
  routeTable,
  upstreamFor,
  type Upstream,
} from '@pitclock/gateway/routing';
import { composeServices, loadCompose } from './support/compose';
import { finalStage, parseDockerfile, stageEnv } from './support/dockerfile';
import { readRepoFile } from './support/repo';
import { testSecrets } from './support/test-secrets';

const templateFile = 'infra/docker/nginx/default.conf.template';
const template = () => readRepoFile(templateFile);

/** The /api regex locations in order, each with the service its proxy_pass goes to. */
const apiLocations = (): { pattern: RegExp; upstream: Upstream }[] =>
  [...template().matchAll(/location\s+~(\*?)\s+(\S+)\s*\{\s*proxy_pass\s+\$\{([A-Z]+)_UPSTREAM\};/g)].map(
    ([, insensitive, regex, upstream]) => ({
      pattern: new RegExp(regex!, insensitive ? 'i' : ''),
      upstream: upstream!.toLowerCase() as Upstream,
    }),
  );

/** The regex lines of one `map <source> $<name> { ... }` block, with their values. */
const mapEntries = (name: string): { pattern: RegExp; value: string }[] => {
  const block = new RegExp(`map\\s+\\S+\\s+\\$${name}\\s*\\{((?:[^{}]|\\{[^{}]*\\})*)\\}`).exec(template());
  if (!block) throw new Error(`no map $${name} in ${templateFile}`);
  return [...block[1]!.matchAll(/"~(\*|(?!\*))([^"]+)"\s+("[^"]*"|\S+);/g)].map(
    ([, insensitive, regex, value]) => ({
      pattern: new RegExp(regex!, insensitive ? 'i' : ''),
      value: value!.replace(/^"|"$/g, ''),
    }),
  );
};

/** What the template holds between its BEGIN and END generated /api routes markers. */
const generatedBlock = () => {
  const inside = template()
    .split('# BEGIN generated /api routes\n')[1]
    ?.split('# END generated /api routes')[0];
  if (inside === undefined) throw new Error(`no generated /api routes block in ${templateFile}`);
  return inside.trimEnd();
};

/**
 * The /api locations nginx needs: the gateway's route table (derived from the paths declared in
 * contracts) in its order, consecutive entries of one service merged into one regex.
 */
const expectedBlock = () => {
  const groups: { upstream: Upstream; bodies: string[] }[] = [];
  for (const route of routeTable) {
    const body = route.pattern.source
      .replaceAll('\\/', '/')
      .replace(/^\^\/api\//, '')
      .replace(/\(\/\|\$\)$/, '');
    const last = groups.at(-1);
    if (last?.upstream === route.upstream) last.bodies.push(body);
    else groups.push({ upstream: route.upstream, bodies: [body] });
  }
  return groups
    .map(({ upstream, bodies }) => {
      const paths = bodies.length === 1 ? bodies[0] : `(${bodies.join('|')})`;
      return [
        `    location ~ ^/api/${paths}(/|$) {`,
        `        proxy_pass \${${upstream.toUpperCase()}_UPSTREAM};`,
        '    }',
      ].join('\n');
    })
    .join('\n');
};

/** nginx tries regex locations in order and takes the first match; no match is the /api 404. */
const nginxUpstreamFor = (path: string): Upstream | undefined =>
  apiLocations().find((location) => location.pattern.test(path))?.upstream;

const routedPaths = [
  '/api',
  '/api/',
  '/api/login',
  '/api/login/',
  '/api/loginx',
  '/api/auth',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/me',
  '/api/me/devices',
  '/api/mex',
  '/api/users',
  '/api/users/7',
  '/api/users-export',
  '/api/users/7/licenses',
  '/api/users/7/licenses/3',
  '/api/users/7/credits',
  '/api/users/7/credits/grant',
  '/api/users/7/creditsx',
  '/api/users/7/password',
  '/api/admin/signup-events',
  '/api/admin/signup-events/9',
  '/api/admin/other',
  '/api/version',
  '/api/promo-codes',
  '/api/promo-codes/SUMMER',
  '/api/licenses',
  '/api/licenses/12',
  '/api/license',
  '/api/license/activate',
  '/api/push',
  '/api/push/subscriptions',
  '/api/push/schedules/run-1',
  '/api/sync',
  '/api/sync/push',
  '/api/sync/pull',
  '/api/sync/events',
  '/api/sync/events/x',
  '/api/syncx/push',
  '/api/teams',
  '/api/teams/join',
  '/api/teams/t-1',
  '/api/teams/t-1/invites',
  '/api/teams/t-1/members/7',
  '/api/teamsx',
  '/api/unknown',
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/swagger-ui.css',
];

describe('the nginx front end (infra/docker/nginx/default.conf.template)', () => {
  it("holds the gateway's route table as its generated /api locations (paste the expected block when it fails)", () => {
    expect(generatedBlock()).toBe(expectedBlock());
  });

  it('routes /api paths to the same service as the gateway, in the same order', () => {
    expect(apiLocations()).toHaveLength(expectedBlock().split('location ~').length - 1);
    for (const path of routedPaths) expect(nginxUpstreamFor(path), path).toBe(upstreamFor(path));
  });

  it('agrees with the gateway on any /api path built from the routing words', () => {
    const segment = fc.constantFrom(
      'login',
      'auth',
      'me',
      'users',
      'users-export',
      '7',
      'licenses',
      'license',
      'credits',
      'creditsx',
      'admin',
      'signup-events',
      'version',
      'promo-codes',
      'push',
      'sync',
      'events',
      'pull',
      'teams',
      'join',
      'invites',
      'members',
      'x',
      '',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = ['/api', ...segments].join('/');
        expect(nginxUpstreamFor(path), path).toBe(upstreamFor(path));
      }),
      { numRuns: 2_000 },
    );
  });

  describe.each(eventStreamPaths)('the event stream %s', (path) => {
    /** The directives of the exact location of the path (it wins over every regex location). */
    const directives = () => {
      const block = new RegExp(
        `location = ${path.replaceAll('/', '\\/')} \\{((?:[^{}]|\\$\\{[A-Z_]+\\})*)\\}`,
      ).exec(template());
      if (!block) throw new Error(`no "location = ${path}" in ${templateFile}`);
      return new Map(
        block[1]!
          .split(';')
          .map((line) => line.trim().split(/\s+/))
          .filter((words) => words[0])
          .map(([name, ...values]) => [name!, values.join(' ')]),
      );
    };

    it('goes to the service the gateway sends it to', () => {
      expect(directives().get('proxy_pass')).toBe(`\${${upstreamFor(path)!.toUpperCase()}_UPSTREAM}`);
    });

    it('passes each event on at once: HTTP/1.1, no proxy buffering or cache, no gzip', () => {
      expect(Object.fromEntries(directives())).toMatchObject({
        proxy_http_version: '1.1',
        proxy_buffering: 'off',
        proxy_cache: 'off',
        gzip: 'off',
      });
    });

    it("stays open far longer than the services' 30 s between two heartbeats (25 s)", () => {
      const seconds = (value: string | undefined) => {
        const [, amount, unit] = /^(\d+)(s|m|h)?$/.exec(value ?? '') ?? [];
        return Number(amount) * ({ s: 1, m: 60, h: 3600 }[unit ?? 's'] ?? NaN);
      };
      expect(seconds(directives().get('proxy_read_timeout'))).toBeGreaterThanOrEqual(600);
      expect(template()).toMatch(/^[ \t]*proxy_read_timeout 30s;$/m);
    });

    it('sets no header itself, which would drop the headers the server block sets', () => {
      expect([...directives().keys()].filter((name) => /^(proxy_set_header|add_header)$/.test(name))).toEqual(
        [],
      );
    });
  });

  it('bounds slow clients and body sizes as the services do (a trickled request never reaches a service)', () => {
    const server = template();
    expect(server).toMatch(/^[ \t]*client_max_body_size 1m;$/m);
    expect(server).toMatch(/^[ \t]*client_header_timeout 10s;$/m);
    expect(server).toMatch(/^[ \t]*client_body_timeout 10s;$/m);
    expect(server).not.toMatch(/proxy_request_buffering\s+off/);
  });

  it('refuses the same dot segments as the gateway', () => {
    const [dotSegment] = mapEntries('pitclock_dot_segment');
    for (const uri of [
      '/api/../admin',
      '/api/users/./7',
      '/api/users/%2e%2e/x',
      '/api/users/%2E/x',
      '/api/users/.%2e',
      '/api/users/..?x=1',
      '/api/users/7',
      '/api/users/..x',
      '/api/users/.hidden',
    ]) {
      const path = uri.split('?')[0]!;
      expect(dotSegment!.pattern.test(uri), uri).toBe(hasDotSegment(path));
    }
  });

  it('sends the Cache-Control of the gateway for built files', () => {
    const entries = mapEntries('pitclock_cache_control');
    const cacheControl = (uri: string) =>
      entries.find((entry) => entry.pattern.test(uri))?.value ?? 'no-cache';
    for (const [uri, relative] of [
      ['/assets/index-B2x9kQ_a.js', 'assets/index-B2x9kQ_a.js'],
      ['/assets/vendor.3f9a1c2e.css', 'assets/vendor.3f9a1c2e.css'],
      ['/remotes/cook-app/assets/remoteEntry-Dk3l_9aZ.js', 'assets/remoteEntry-Dk3l_9aZ.js'],
      ['/assets/logo.svg', 'assets/logo.svg'],
      ['/assets/abcdefghij.js', 'assets/abcdefghij.js'],
      ['/index.html', 'index.html'],
      ['/sw.js', 'sw.js'],
      ['/remotes/cook-app/remoteEntry.js', 'remoteEntry.js'],
      ['/build-meta.json', 'build-meta.json'],
      ['/workbox-4b126c97.js', 'workbox-4b126c97.js'],
    ] as const) {
      expect(cacheControl(uri), uri).toBe(cacheControlFor(relative));
    }
    expect(cacheControl('/api/me')).toBe('');
  });

  describe("serves the build's pre-compressed copies (scripts/lib/precompress.ts)", () => {
    /** The server block's own directives (depth 1), one `name value` line each. */
    const serverDirectives = () => {
      const server = template().split(/^server \{$/m)[1] ?? '';
      let depth = 0;
      const lines: string[] = [];
      for (const line of server.split('\n')) {
        if (depth === 0 && /^\s+[a-z_]+\s[^{]*;\s*$/.test(line)) lines.push(line.trim());
        depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      }
      return lines;
    };

    it('sends the .gz copy of a file to a client that accepts gzip (gzip_static, with Vary)', () => {
      expect(serverDirectives()).toEqual(expect.arrayContaining(['gzip_static on;', 'gzip_vary on;']));
    });

    it('uses no brotli directive: the image has no ngx_brotli module, and nginx would not start', () => {
      expect(finalStage(parseDockerfile('infra/docker/web.Dockerfile')).base).toMatch(
        /^nginxinc\/nginx-unprivileged:/,
      );
      expect(template()).not.toMatch(/^[ \t]*(brotli\w*|load_module)[ \t]/m);
    });

    it('answers 404 for a .br or .gz copy asked for by its own name, as the gateway does', () => {
      const entries = mapEntries('pitclock_precompressed_copy');
      const isCopy = (uri: string) =>
        (entries.find((entry) => entry.pattern.test(uri))?.value ?? '0') === '1';
      for (const uri of [
        '/assets/index-B2x9kQ_a.js.br',
        '/assets/index-B2x9kQ_a.js.gz',
        '/index.html.br',
        '/remotes/cook-app/remoteEntry.js.gz',
      ]) {
        expect(isCopy(uri), uri).toBe(true);
      }
      for (const uri of [
        '/assets/index-B2x9kQ_a.js',
        '/index.html',
        '/brand.svg',
        '/api/backups/x.gz',
        '/api',
      ]) {
        expect(isCopy(uri), uri).toBe(false);
      }
      expect(template()).toMatch(/if \(\$pitclock_precompressed_copy\) \{\s*return 404;\s*\}/);
    });

    it('sends the manifest (no .webmanifest in nginx mime.types) with the type the gateway gives it', () => {
      expect(template()).toMatch(
        /location = \/manifest\.webmanifest \{\s*types \{ \}\s*default_type application\/manifest\+json;\s*\}/,
      );
    });
  });

  it('gets every template variable from the image and from compose, and answers its health check', () => {
    const variables = new Set([...template().matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]!));
    expect([...variables].sort()).toEqual([
      'AUTH_UPSTREAM',
      'CSP_CONNECT_SRC',
      'LICENSING_UPSTREAM',
      'NOTIFIER_UPSTREAM',
      'SYNC_UPSTREAM',
    ]);
    const imageEnv = stageEnv(finalStage(parseDockerfile('infra/docker/web.Dockerfile')));
    const composeEnv = composeServices(loadCompose(testSecrets)).web?.environment ?? {};
    for (const name of variables) {
      expect(imageEnv, name).toHaveProperty(name);
      expect(composeEnv, name).toHaveProperty(name);
    }
    expect(template()).toMatch(/location = \/healthz \{/);
    expect(template()).toMatch(/listen 8080;/);
  });
});

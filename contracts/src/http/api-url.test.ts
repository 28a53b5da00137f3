import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_GLOBAL, apiUrl, getApiBase } from './api-url';

const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals[API_BASE_GLOBAL];
});

describe('getApiBase', () => {
  it("is same-origin '/api' when no global base is configured", () => {
    expect(getApiBase()).toBe('/api');
  });

  it('is the configured global base when it is a non-empty string', () => {
    globals[API_BASE_GLOBAL] = ' https://api.pitclock.example/api ';
    expect(getApiBase()).toBe('https://api.pitclock.example/api');
    expect(apiUrl('/me')).toBe('https://api.pitclock.example/api/me');
  });

  it.each([[''], ['   '], [42], [null]])("falls back to '/api' when the global base is %j", (value) => {
    globals[API_BASE_GLOBAL] = value;
    expect(getApiBase()).toBe('/api');
  });
});

describe('apiUrl', () => {
  it.each([
    ['/me', undefined, '/api/me'],
    ['me', undefined, '/api/me'],
    ['/api/me', '/api', '/api/me'],
    ['/api/api/x', undefined, '/api/x'],
    ['/api/api/api/x', '/api', '/api/x'],
    ['/api/api/x', '', '/api/x'],
    ['//users///1', '/api', '/api/users/1'],
    ['/users/1/', '/api/', '/api/users/1/'],
    ['/', '/api', '/api/'],
    ['', '/api', '/api'],
    ['/api', '/api', '/api'],
    ['/apiary', '/api', '/api/apiary'],
    ['/me', 'https://api.pitclock.example//api/', 'https://api.pitclock.example/api/me'],
    ['/api/me', 'https://api.pitclock.example/api', 'https://api.pitclock.example/api/me'],
    ['/api/me', 'https://h.example/v1/api', 'https://h.example/v1/api/me'],
    ['/v1/users', '/v1', '/v1/users'],
    ['/me', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/me'],
    ['https://other.example//api/api//x', '/api', 'https://other.example/api/x'],
    ['/admin/signup-events?email=a@b.c&next=//x', '/api', '/api/admin/signup-events?email=a@b.c&next=//x'],
    ['/x#/a//b', '/api', '/api/x#/a//b'],
  ])('apiUrl(%j, %j) is %j', (path, base, expected) => {
    expect(apiUrl(path, base)).toBe(expected);
  });
});

describe('apiUrl properties', () => {
  const segment = fc.constantFrom(
    '',
    'api',
    'API',
    'me',
    'users',
    '42',
    'auth',
    'refresh',
    'apiary',
    'v1',
    '.well-known',
  );
  const path = fc.oneof(
    fc
      .tuple(fc.boolean(), fc.array(segment, { maxLength: 8 }))
      .map(([lead, parts]) => (lead ? '/' : '') + parts.join('/')),
    fc.webPath(),
  );
  const base = fc.oneof(
    fc.constantFrom(
      '/api',
      '/api/',
      '',
      '/',
      'api',
      '//api//',
      '/v1/api',
      '/api/api',
      'https://api.pitclock.example',
      'https://api.pitclock.example/api',
      'http://localhost:8080//api//',
    ),
    fc
      .tuple(fc.constantFrom('', 'https://h.example'), fc.array(segment, { maxLength: 3 }))
      .map(([origin, parts]) => `${origin}/${parts.join('/')}`),
  );
  const pathPart = (url: string) => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';

  it('is idempotent: apiUrl(apiUrl(p, b), b) === apiUrl(p, b)', () => {
    fc.assert(
      fc.property(path, base, (p, b) => {
        const once = apiUrl(p, b);
        expect(apiUrl(once, b)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it("never contains '//' after the scheme", () => {
    fc.assert(
      fc.property(path, base, (p, b) => {
        const url = apiUrl(p, b);
        expect(url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')).not.toContain('//');
      }),
      { numRuns: 2000 },
    );
  });

  it("never starts with a duplicated '/api/api' segment", () => {
    fc.assert(
      fc.property(path, base, (p, b) => {
        expect(pathPart(apiUrl(p, b))).not.toMatch(/^\/api\/api(\/|$)/);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the path segments of the call after the base', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('me', 'users', '42', 'x'), { minLength: 1, maxLength: 5 }),
        (parts) => {
          expect(apiUrl(`/${parts.join('//')}`, '/api')).toBe(`/api/${parts.join('/')}`);
        },
      ),
    );
  });
});

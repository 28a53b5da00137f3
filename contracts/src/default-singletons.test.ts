// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { api, session } from './index';
import { API_BASE_GLOBAL } from './http/api-url';
import { startTestServer, type TestServer } from './test-support/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  delete (globalThis as Record<string, unknown>)[API_BASE_GLOBAL];
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('default session (window storage)', () => {
  it('writes the token to window.localStorage (token, TOKEN) and window.sessionStorage, and clear() removes them', () => {
    session.setTokens({ token: 'jwt-1', refresh_token: 'r1' });
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
    expect(window.localStorage.getItem('TOKEN')).toBe('jwt-1');
    expect(window.sessionStorage.getItem('token')).toBe('jwt-1');
    expect(window.localStorage.getItem('refresh_token')).toBe('r1');
    session.clear();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('TOKEN')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });

  it("builds the device id from navigator.userAgent and keeps it under 'bbq_device_id'", () => {
    const id = session.getDeviceId();
    expect(id).toMatch(
      new RegExp(
        `^device-${navigator.userAgent.slice(0, 24).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[a-z0-9]{6}$`,
      ),
    );
    expect(window.localStorage.getItem('bbq_device_id')).toBe(id);
  });

  it('reads the admin flag from window.localStorage', () => {
    expect(session.isAdminFlag()).toBe(false);
    window.localStorage.setItem('ADMIN', 'true');
    expect(session.isAdminFlag()).toBe(true);
  });
});

describe('default api client', () => {
  it('uses the configured global base and, when the session ends, clears it and goes to /#/login', async () => {
    server = await startTestServer((req) =>
      req.path === '/api/auth/refresh'
        ? { status: 401, json: { error: 'invalid_refresh', message: 'Expired' } }
        : { status: 401, json: { error: 'unauthorized', message: 'Sign in again' } },
    );
    (globalThis as Record<string, unknown>)[API_BASE_GLOBAL] = `${server.url}/api`;
    session.setTokens({ token: 'stale', refresh_token: 'r1' });
    expect(window.location.hash).toBe('');
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/me', '/api/auth/refresh']);
    expect(session.getToken()).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(window.location.pathname).toBe('/');
  });
});

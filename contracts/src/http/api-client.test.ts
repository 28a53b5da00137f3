import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { LoginResponse } from '../schemas/auth';
import { createMemoryStorage } from '../session/memory-storage';
import { createSessionStore, type SessionStore } from '../session/session-store';
import {
  closedPortUrl,
  held,
  makeJwt,
  startTestServer,
  type Reply,
  type ReceivedRequest,
  type TestServer,
} from '../test-support/test-server';
import { createApiClient, type ApiClientDeps } from './api-client';
import { ApiError, errorText } from './api-error';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: (req: ReceivedRequest) => Reply | Promise<Reply>): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

interface Setup {
  store: SessionStore;
  local: ReturnType<typeof createMemoryStorage>;
  onSessionExpired: ReturnType<typeof vi.fn>;
  /** Every fetch the client made, as (url, init): a spy around the real global fetch, not a mock. */
  fetches: { url: string; init: RequestInit | undefined }[];
  client: ReturnType<typeof createApiClient>;
}

function setup(
  server: TestServer | string,
  deps: Partial<ApiClientDeps> = {},
  tokens?: { token: string; refresh_token?: string },
): Setup {
  const local = createMemoryStorage();
  const store = createSessionStore({ local, session: createMemoryStorage(), userAgent: 'vitest' });
  if (tokens) store.setTokens(tokens);
  const fetches: Setup['fetches'] = [];
  const onSessionExpired = vi.fn();
  const base = typeof server === 'string' ? server : `${server.url}/api`;
  const client = createApiClient({
    session: store,
    base,
    onSessionExpired,
    fetch: (input, init) => {
      fetches.push({ url: String(input), init });
      return fetch(input, init);
    },
    ...deps,
  });
  return { store, local, onSessionExpired, fetches, client };
}

const unauthorized: Reply = { status: 401, json: { error: 'unauthorized', message: 'Sign in again' } };

/** An API where only `Bearer <valid>` passes and /auth/refresh swaps r1 for a new token. */
function authServer(options: { refresh?: (req: ReceivedRequest) => Reply; valid?: () => string } = {}) {
  let valid = 'fresh-token';
  return serve((req) => {
    if (req.path === '/api/auth/refresh') {
      if (options.refresh) return options.refresh(req);
      return (req.json as { refresh_token?: string }).refresh_token === 'r1'
        ? { json: { token: valid, refresh_token: 'r2', device_id: 'device-1' } }
        : unauthorized;
    }
    if (options.valid) valid = options.valid();
    return req.headers.authorization === `Bearer ${valid}`
      ? { json: { path: req.path, ok: true } }
      : unauthorized;
  });
}

describe('requests', () => {
  it('sends the stored token as a bearer header, Accept JSON and credentials include', async () => {
    const server = await serve((req) => ({ json: { auth: req.headers.authorization ?? null } }));
    const { client, fetches } = setup(server, {}, { token: 'jwt-abc' });
    await expect(client.get('/me')).resolves.toEqual({ auth: 'Bearer jwt-abc' });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    // Node's fetch has no cookie jar, so cookie sending is checked on the init handed to fetch.
    expect(fetches[0]?.init?.credentials).toBe('include');
  });

  it('sends no Authorization header without a stored token, or with auth: false', async () => {
    const server = await serve((req) => ({ json: { auth: req.headers.authorization ?? null } }));
    await expect(setup(server).client.get('/public')).resolves.toEqual({ auth: null });
    const { client } = setup(server, {}, { token: 'jwt-abc' });
    await expect(client.get('/login-ish', { auth: false })).resolves.toEqual({ auth: null });
  });

  it('calls {base}/path with a duplicated /api stripped and repeated slashes collapsed', async () => {
    const server = await serve(() => ({ json: {} }));
    const { client } = setup(server);
    await client.get('/api/me');
    await client.get('//users///7');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/me', '/api/users/7']);
  });

  it('sends JSON bodies with their content type and the method of each helper', async () => {
    const server = await serve((req) => ({
      json: { method: req.method, body: req.json, type: req.headers['content-type'] },
    }));
    const { client } = setup(server);
    await expect(client.post('/promo-codes', { code: 'BBQ' })).resolves.toEqual({
      method: 'POST',
      body: { code: 'BBQ' },
      type: 'application/json',
    });
    await expect(client.patch('/users/1', { display_name: 'Al' })).resolves.toMatchObject({
      method: 'PATCH',
    });
    await expect(client.put('/x', [1, 2])).resolves.toMatchObject({ method: 'PUT', body: [1, 2] });
    await expect(client.delete('/users/1')).resolves.toMatchObject({ method: 'DELETE' });
    await expect(client.request('/x', { method: 'POST' })).resolves.toMatchObject({ method: 'POST' });
    // No body, no content type.
    expect(server.requests.slice(3).map((r) => [r.text, r.headers['content-type']])).toEqual([
      ['', undefined],
      ['', undefined],
    ]);
  });

  it("keeps a caller's own content type for JSON bodies", async () => {
    const server = await serve((req) => ({ json: { type: req.headers['content-type'] } }));
    const answer = await setup(server).client.post(
      '/x',
      { a: 1 },
      { headers: { 'content-type': 'application/merge-patch+json' } },
    );
    expect(answer).toEqual({ type: 'application/merge-patch+json' });
  });

  it('sends non-JSON bodies as they are', async () => {
    const server = await serve((req) => ({ json: { text: req.text, type: req.headers['content-type'] } }));
    const { client } = setup(server);
    await expect(client.post('/x', new URLSearchParams({ a: '1' }))).resolves.toEqual({
      text: 'a=1',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
  });

  it('appends the query, leaving out null and undefined', async () => {
    const server = await serve((req) => ({ json: { url: req.url } }));
    const { client } = setup(server);
    await expect(
      client.get('/admin/signup-events', {
        query: { email: 'a+b@c.d', limit: 100, skip: undefined, none: null, tag: ['x', 'y'] },
      }),
    ).resolves.toEqual({ url: '/api/admin/signup-events?email=a%2Bb%40c.d&limit=100&tag=x&tag=y' });
    await expect(client.get('/build-meta.json?ts=1', { query: { a: 1 } })).resolves.toEqual({
      url: '/api/build-meta.json?ts=1&a=1',
    });
  });

  it('answers undefined for an empty body (204) and the text of a non-JSON answer', async () => {
    const server = await serve((req) =>
      req.path === '/api/empty'
        ? { status: 204 }
        : { text: 'pong', headers: { 'content-type': 'text/plain' } },
    );
    const { client } = setup(server);
    await expect(client.delete('/empty')).resolves.toBeUndefined();
    await expect(client.get('/ping')).resolves.toBe('pong');
  });
});

describe('schemas', () => {
  const Me = z.object({ id: z.number(), email: z.string() });

  it('parses the answer with the schema (unknown keys stripped)', async () => {
    const server = await serve(() => ({ json: { id: 1, email: 'a@b.c', extra: true } }));
    const me = await setup(server).client.get('/me', { schema: Me });
    expect(me).toEqual({ id: 1, email: 'a@b.c' });
    expectTypeOf(me).toEqualTypeOf<{ id: number; email: string }>();
  });

  it('types and normalises a login answer with LoginResponse (token read from access_token)', async () => {
    const server = await serve(() => ({ json: { access_token: 'jwt', refresh_token: 'r', device_id: 'd' } }));
    const answer = await setup(server).client.post(
      '/login',
      { email: 'a@b.c', password: 'p' },
      { auth: false, schema: LoginResponse },
    );
    expectTypeOf(answer).toEqualTypeOf<{ token: string; refresh_token: string; device_id: string }>();
    expect(answer).toEqual({ token: 'jwt', refresh_token: 'r', device_id: 'd' });
  });

  it("throws kind 'invalid-response' when the answer does not match", async () => {
    const server = await serve(() => ({ json: { id: 'one' } }));
    const err = await setup(server)
      .client.get('/me', { schema: Me })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'invalid-response', status: 200, body: { id: 'one' } });
    expect((err as ApiError).cause).toBeInstanceOf(z.ZodError);
  });

  it("throws kind 'invalid-response' for a JSON content type with a broken body", async () => {
    const server = await serve(() => ({ text: '{"id":', headers: { 'content-type': 'application/json' } }));
    await expect(setup(server).client.get('/me')).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 200,
    });
  });
});

describe('errors', () => {
  it("throws kind 'http' with status, code, body and the server's message as message", async () => {
    const body = { error: 'conflict', message: 'Cannot delete — cook-off is in use.', details: { runs: 1 } };
    const server = await serve(() => ({ status: 409, json: body }));
    const err = await setup(server)
      .client.delete('/contests/1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'http', status: 409, code: 'conflict', message: body.message, body });
    expect(errorText(err, 'Failed to delete cook-off')).toBe(body.message);
  });

  it("uses 'Request failed with status code N' when the server gives no text", async () => {
    const server = await serve(() => ({ status: 500 }));
    const err = await setup(server)
      .client.get('/x')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http', status: 500, message: 'Request failed with status code 500' });
    expect((err as ApiError).code).toBeUndefined();
  });

  it("throws kind 'network', status 0, 'Network Error' when nothing listens", async () => {
    const { client } = setup(`${await closedPortUrl()}/api`);
    const err = await client.get('/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'network', status: 0, message: 'Network Error' });
    expect(errorText(err, 'Login failed')).toBe('Network Error');
  });

  it("throws kind 'timeout', status 0 when the answer is slower than timeoutMs", async () => {
    const server = await serve(() => held({ json: { late: true } }).reply);
    const err = await setup(server)
      .client.post('/login', { email: 'a@b.c' }, { timeoutMs: 50, auth: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it("rejects with the caller's abort reason (not an ApiError) when the caller aborts", async () => {
    const server = await serve(() => held({ json: {} }).reply);
    const controller = new AbortController();
    const pending = setup(server)
      .client.get('/slow', { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.on('/api/slow')).toHaveLength(1));
    controller.abort();
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('does not refresh or sign out for auth: false calls (a failed login is just an error)', async () => {
    const server = await serve(() => ({
      status: 401,
      json: { error: 'invalid_credentials', message: 'Wrong e-mail or password' },
    }));
    const { client, store, onSessionExpired } = setup(server, {}, { token: 'old', refresh_token: 'r1' });
    await expect(
      client.post('/login', { email: 'a@b.c', password: 'x' }, { auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Wrong e-mail or password',
    });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(store.getToken()).toBe('old');
  });
});

describe('refresh and retry (SPEC.md section 8)', () => {
  it('on 401 refreshes once with the refresh token, stores the new tokens and retries', async () => {
    const server = await authServer();
    const { client, store, local, fetches, onSessionExpired } = setup(
      server,
      {},
      { token: 'stale', refresh_token: 'r1' },
    );
    await expect(client.get('/me')).resolves.toEqual({ path: '/api/me', ok: true });
    expect(server.requests.map((r) => `${r.path} ${r.headers.authorization ?? ''}`.trim())).toEqual([
      '/api/me Bearer stale',
      '/api/auth/refresh',
      '/api/me Bearer fresh-token',
    ]);
    expect(server.on('/api/auth/refresh')[0]?.json).toEqual({ refresh_token: 'r1' });
    expect(fetches[1]?.init?.credentials).toBe('include');
    expect(store.getToken()).toBe('fresh-token');
    expect(local.getItem('TOKEN')).toBe('fresh-token');
    expect(store.getRefreshToken()).toBe('r2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh call', async () => {
    const refresh = held({ json: { token: 'fresh-token', refresh_token: 'r2', device_id: 'device-1' } });
    const server = await authServer({ refresh: () => refresh.reply });
    let unauthorizedSeen = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) unauthorizedSeen += 1;
      return response;
    };
    const { client } = setup(server, { fetch: countingFetch }, { token: 'stale', refresh_token: 'r1' });
    const pending = Promise.all([
      client.get('/a'),
      client.get('/b'),
      client.post('/c', {}),
      client.get('/d'),
    ]);
    // The refresh stays open until every call has had its 401.
    await vi.waitFor(() => expect(unauthorizedSeen).toBe(4));
    refresh.release();
    const answers = await pending;
    expect(answers.map((a) => (a as { path: string }).path)).toEqual([
      '/api/a',
      '/api/b',
      '/api/c',
      '/api/d',
    ]);
    expect(server.on('/api/auth/refresh')).toHaveLength(1);
  });

  it('a 401 for a token that was replaced meanwhile retries with the new token without refreshing', async () => {
    const server = await authServer();
    const store = createSessionStore({ local: createMemoryStorage(), session: createMemoryStorage() });
    store.setTokens({ token: 'stale', refresh_token: 'r1' });
    const client = createApiClient({
      session: store,
      base: `${server.url}/api`,
      // Another tab or request refreshes while this request is on the wire.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        store.setTokens({ token: 'fresh-token' });
        return response;
      },
    });
    await expect(client.get('/me')).resolves.toEqual({ path: '/api/me', ok: true });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
  });

  it("refreshes on the 401 status whatever its code, never on a text that mentions 'token'", async () => {
    const server = await serve((req) => {
      if (req.path === '/api/auth/refresh') return { json: { access_token: 'fresh', device_id: 'd' } };
      if (req.path === '/api/revoked')
        return req.headers.authorization === 'Bearer fresh'
          ? { json: { ok: true } }
          : { status: 401, json: { error: 'token_revoked', message: 'Sign in again' } };
      return req.path === '/api/forbidden'
        ? { status: 403, json: { error: 'invalid_TOKEN', message: 'Forbidden' } }
        : { status: 400, text: 'Token missing', headers: { 'content-type': 'text/plain' } };
    });
    const { client, store, onSessionExpired } = setup(server, {}, { token: 'stale', refresh_token: 'r1' });
    await expect(client.get('/forbidden')).rejects.toMatchObject({ status: 403, code: 'invalid_TOKEN' });
    await expect(client.get('/plain')).rejects.toMatchObject({ status: 400, message: 'Token missing' });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
    await expect(client.get('/revoked')).resolves.toEqual({ ok: true });
    expect(server.on('/api/auth/refresh')).toHaveLength(1);
    expect(store.getToken()).toBe('fresh');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('other errors do not refresh', async () => {
    const server = await serve(() => ({ status: 403, json: { error: 'forbidden', message: 'Admin only' } }));
    const { client, onSessionExpired } = setup(server, {}, { token: 't', refresh_token: 'r1' });
    await expect(client.get('/users')).rejects.toMatchObject({ status: 403, message: 'Admin only' });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 after a successful refresh is thrown', async () => {
    const server = await serve((req) =>
      req.path === '/api/auth/refresh'
        ? { json: { token: 'fresh', refresh_token: 'r2', device_id: 'd' } }
        : unauthorized,
    );
    const { client, onSessionExpired } = setup(server, {}, { token: 'stale', refresh_token: 'r1' });
    await expect(client.get('/me')).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(server.on('/api/auth/refresh')).toHaveLength(1);
    expect(server.on('/api/me')).toHaveLength(2);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a refused refresh clears the session, keeps the device id and calls onSessionExpired once', async () => {
    const server = await authServer({
      refresh: () => ({ status: 401, json: { error: 'invalid_refresh', message: 'Expired' } }),
    });
    const { client, store, local, onSessionExpired } = setup(
      server,
      {},
      { token: 'stale', refresh_token: 'r1' },
    );
    const deviceId = store.getDeviceId();
    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ kind: 'http', status: 401 });
    expect(server.on('/api/auth/refresh')).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(store.getToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(local.getItem('bbq_device_id')).toBe(deviceId);
  });

  it('a refresh answer without a token counts as refused', async () => {
    const server = await authServer({ refresh: () => ({ json: { refresh_token: 'r2' } }) });
    const { client, store, onSessionExpired } = setup(server, {}, { token: 'stale', refresh_token: 'r1' });
    await expect(client.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(store.getToken()).toBeNull();
  });

  it('without a refresh token a 401 clears the stored tokens and calls onSessionExpired, without a refresh call', async () => {
    const server = await authServer();
    const { client, store, onSessionExpired } = setup(server, {}, { token: 'stale' });
    await expect(client.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
    expect(store.getToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a refresh that cannot reach the server keeps the session and throws the network error', async () => {
    const server = await authServer();
    const store = createSessionStore({ local: createMemoryStorage(), session: createMemoryStorage() });
    store.setTokens({ token: 'stale', refresh_token: 'r1' });
    const deadBase = `${await closedPortUrl()}/api`;
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      session: store,
      base: `${server.url}/api`,
      onSessionExpired,
      // The API answers 401; the refresh call goes to a port where nothing listens.
      fetch: (input, init) =>
        fetch(String(input).includes('/auth/refresh') ? `${deadBase}/auth/refresh` : input, init),
    });
    await expect(client.get('/me')).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(store.getToken()).toBe('stale');
    expect(store.getRefreshToken()).toBe('r1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a stored token whose readable expiry has passed (per the now clock) is refreshed before sending', async () => {
    const nowMs = 1_700_000_000_000;
    const expired = makeJwt({ exp: nowMs / 1000 - 1 });
    const server = await authServer();
    const { client, store } = setup(server, { now: () => nowMs }, { token: expired, refresh_token: 'r1' });
    await expect(client.get('/me')).resolves.toEqual({ path: '/api/me', ok: true });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(store.getToken()).toBe('fresh-token');
  });

  it('a token still valid per the now clock is sent as it is', async () => {
    const nowMs = 1_700_000_000_000;
    const valid = makeJwt({ exp: nowMs / 1000 + 60 });
    const server = await authServer({ valid: () => valid });
    const { client } = setup(server, { now: () => nowMs }, { token: valid, refresh_token: 'r1' });
    await expect(client.get('/me')).resolves.toEqual({ path: '/api/me', ok: true });
    expect(server.on('/api/auth/refresh')).toHaveLength(0);
  });

  it('when the early refresh is refused, the session ends and the call is not sent', async () => {
    const nowMs = 1_700_000_000_000;
    const server = await authServer({ refresh: () => unauthorized });
    const { client, store, onSessionExpired } = setup(
      server,
      { now: () => nowMs },
      { token: makeJwt({ exp: nowMs / 1000 - 1 }), refresh_token: 'r1' },
    );
    await expect(client.get('/me')).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'session_expired',
    });
    expect(server.on('/api/me')).toHaveLength(0);
    expect(store.getToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('open (a body read as it arrives)', () => {
  it('answers the Response of a 2xx after the same refresh-and-retry on a 401, its body unread', async () => {
    const server = await authServer();
    const { client, store } = setup(server, {}, { token: 'stale', refresh_token: 'r1' });
    const response = await client.open('/sync/events');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ path: '/api/sync/events', ok: true });
    expect(store.getToken()).toBe('fresh-token');
  });

  it('asks for the stream at low priority, and for other calls at the browser default', async () => {
    const server = await authServer();
    const { client, fetches } = setup(server, {}, { token: 'fresh-token' });
    await client.open('/sync/events');
    await client.get('/me');
    expect(fetches.map(({ init }) => init?.priority)).toEqual(['low', undefined]);
  });

  it('throws the ApiError of a non-2xx answer, with its machine code', async () => {
    const server = await serve(() => ({ status: 403, json: { error: 'forbidden', message: 'No' } }));
    const { client } = setup(server, {}, { token: 't' });
    await expect(client.open('/sync/events')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});

import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { session, type ApiClient, type BodylessOptions } from '@pitclock/contracts';
import { closedPortUrl, startTestServer, testClient, type Reply } from '../test/test-server';
import { fakeToken, inOneHour } from '../test/tokens';
import { isAdminRecord, useAdminStatus, useIsAdmin } from './admin-status';
import { ApiProvider } from './api-context';

const signIn = (claims: Record<string, unknown> = {}) =>
  session.setTokens({ token: fakeToken({ sub: '7', exp: inOneHour(), ...claims }), refresh_token: 'r1' });

function renderIsAdmin(client: ApiClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client}>{children}</ApiProvider>
  );
  return renderHook(() => useIsAdmin(), { wrapper });
}

/**
 * `client`, and `settled()`: resolves once every GET made so far has been answered or has failed, and
 * the hook has applied the outcome (the point after which a wrong answer would show).
 */
function settling(client: ApiClient) {
  const pending: Promise<unknown>[] = [];
  const watched: ApiClient = {
    ...client,
    get: <T,>(path: string, opts?: BodylessOptions<T>) => {
      const answer = client.get<T>(path, opts);
      pending.push(answer.catch(() => undefined));
      return answer;
    },
  };
  const settled = () =>
    act(async () => {
      await Promise.all(pending);
    });
  return { client: watched, settled };
}

/** An API whose GET /me answers `me`; everything else 404. */
async function meServer(me: () => Reply | Promise<Reply>) {
  const server = await startTestServer((req) => (req.path === '/api/me' ? me() : { status: 404 }));
  const { client, calls } = testClient(server.url);
  return { server, calls, ...settling(client) };
}

const user = (extra: Record<string, unknown>) => ({
  json: {
    id: 7,
    email: 'a@b.co',
    name: 'Al',
    is_admin: false,
    roles: ['user'],
    created_at: '2026-01-01',
    ...extra,
  },
});

describe('isAdminRecord (SPEC.md section 6)', () => {
  it.each([
    [{ is_admin: true }, true],
    [{ isAdmin: true }, true],
    [{ admin: true }, true],
    [{ is_admin: 1 }, true],
    [{ roles: ['user', 'admin'] }, true],
    [{ roles: ['ADMIN'] }, true],
    [{ role: 'admin' }, true],
    [{ roles: 'user,admin' }, true],
    [{ role: ['admin'] }, true],
    [{ is_admin: false, roles: ['user'] }, false],
    [{ roles: ['administrator', 'badmin'] }, false],
    [{ is_admin: 'no' }, false],
    [{}, false],
  ])('%j gives %s', (record, expected) => {
    expect(isAdminRecord(record)).toBe(expected);
  });

  it('an id of 1 does not make an admin', () => {
    expect(isAdminRecord({ id: 1 })).toBe(false);
    expect(isAdminRecord({ id: 1, sub: '1', is_admin: false, roles: [] })).toBe(false);
  });

  it('is false for null, strings and numbers', () => {
    expect(isAdminRecord(null)).toBe(false);
    expect(isAdminRecord('admin')).toBe(false);
    expect(isAdminRecord(1)).toBe(false);
  });
});

describe('useIsAdmin: local flag, then GET /me, then the token claims', () => {
  it('the local flag isAdmin=1 makes an admin without asking the server', async () => {
    signIn({ is_admin: false });
    localStorage.setItem('isAdmin', '1');
    const { client, calls } = await meServer(() => user({ is_admin: false }));
    const { result } = renderIsAdmin(client);
    // renderHook has run the effects: a call would have been made by now.
    expect(calls).toHaveLength(0);
    expect(result.current).toBe(true);
  });

  it('online, /me decides over the token: is_admin true makes an admin though the token says not', async () => {
    signIn({ is_admin: false });
    const { server, client } = await meServer(() => user({ is_admin: true }));
    const { result } = renderIsAdmin(client);
    await waitFor(() => expect(result.current).toBe(true));
    expect(server.on('/api/me')[0]?.headers.authorization).toBe(`Bearer ${session.getToken()}`);
  });

  it('online, /me decides over the token: a user no longer admin loses the group the token still claims', async () => {
    signIn({ is_admin: true });
    const { client } = await meServer(() => user({ is_admin: false, roles: ['user'] }));
    const { result } = renderIsAdmin(client);
    expect(result.current).toBe(true); // the claims answer while /me is on its way
    await waitFor(() => expect(result.current).toBe(false));
  });

  it.each([{ roles: ['user', 'admin'] }, { role: 'admin' }, { isAdmin: true }, { admin: true }])(
    '/me with %j makes an admin',
    async (extra) => {
      signIn();
      const { client } = await meServer(() => user(extra));
      const { result } = renderIsAdmin(client);
      await waitFor(() => expect(result.current).toBe(true));
    },
  );

  it('/me for user id 1 without an admin claim is not an admin', async () => {
    session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour() }) });
    const { server, client, settled } = await meServer(() => user({ id: 1 }));
    const { result } = renderIsAdmin(client);
    await settled();
    expect(server.on('/api/me')).toHaveLength(1);
    expect(result.current).toBe(false);
  });

  it('offline (the API unreachable), the token claims decide', async () => {
    signIn({ roles: ['admin'] });
    const { client: recorded, calls } = testClient(await closedPortUrl());
    const { client, settled } = settling(recorded);
    const { result } = renderIsAdmin(client);
    await settled();
    expect(calls).toHaveLength(1);
    expect(result.current).toBe(true);
  });

  it('offline, a token without admin claims is not an admin', async () => {
    signIn({ is_admin: false });
    const { client, calls } = testClient(await closedPortUrl());
    const { result } = renderIsAdmin(client);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current).toBe(false);
  });

  it('a failing /me (503) leaves the claims; back online it asks again and follows the answer', async () => {
    signIn({ is_admin: true });
    let up = false;
    const { server, client, settled } = await meServer(() =>
      up
        ? user({ is_admin: false })
        : { status: 503, json: { error: 'service_unavailable', message: 'down' } },
    );
    const { result } = renderIsAdmin(client);
    await settled();
    expect(server.on('/api/me')).toHaveLength(1);
    expect(result.current).toBe(true);
    up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current).toBe(false));
    expect(server.on('/api/me')).toHaveLength(2);
  });

  it('asks nothing while signed out, and is false', async () => {
    const { client, calls } = await meServer(() => user({ is_admin: true }));
    const { result } = renderIsAdmin(client);
    // renderHook has run the effects: a call would have been made by now.
    expect(calls).toHaveLength(0);
    expect(result.current).toBe(false);
  });

  it("asks again for the next user who signs in, and never shows the previous user's answer", async () => {
    signIn({ sub: '7' });
    const { server, client, settled } = await meServer(() =>
      user(server.on('/api/me').length === 1 ? { is_admin: true } : { is_admin: false }),
    );
    const { result } = renderIsAdmin(client);
    await waitFor(() => expect(result.current).toBe(true));
    act(() => session.setTokens({ token: fakeToken({ sub: '8', exp: inOneHour() }) }));
    expect(result.current).toBe(false);
    await settled();
    expect(server.on('/api/me')).toHaveLength(2);
    expect(result.current).toBe(false);
  });
});

describe('useAdminStatus (the /admin/* gate)', () => {
  const renderStatus = (client: ApiClient) =>
    renderHook(() => useAdminStatus(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <ApiProvider client={client}>{children}</ApiProvider>
      ),
    });

  it('is checking while /me is on its way for a token without admin claims, then follows the answer', async () => {
    signIn();
    let answer: (reply: Reply) => void = () => undefined;
    const { server, client } = await meServer(() => new Promise<Reply>((resolve) => (answer = resolve)));
    const { result } = renderStatus(client);
    expect(result.current).toBe('checking');
    await waitFor(() => expect(server.on('/api/me')).toHaveLength(1));
    answer(user({ is_admin: true }));
    await waitFor(() => expect(result.current).toBe('admin'));
    await server.close();
  });

  it('is not-admin once /me says so', async () => {
    signIn();
    const { server, client } = await meServer(() => user({ is_admin: false }));
    const { result } = renderStatus(client);
    await waitFor(() => expect(result.current).toBe('not-admin'));
    await server.close();
  });

  it('offline, stops checking and lets the token decide (no admin claim: not-admin)', async () => {
    signIn();
    const { client, calls } = testClient(await closedPortUrl());
    const { result } = renderStatus(client);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(result.current).toBe('not-admin'));
  });

  it('is admin at once when the token claims it (the server still checks every call)', async () => {
    signIn({ roles: ['admin'] });
    const { client } = testClient(await closedPortUrl());
    expect(renderStatus(client).result.current).toBe('admin');
  });

  it('is not-admin while signed out', async () => {
    session.clear();
    const { client } = testClient(await closedPortUrl());
    expect(renderStatus(client).result.current).toBe('not-admin');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../http/api-client';
import {
  closedPortUrl,
  held,
  startTestServer,
  type Reply,
  type TestServer,
} from '../test-support/test-server';
import { createMemoryStorage } from './memory-storage';
import { createSessionStore } from './session-store';
import { signOut } from './sign-out';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function signedIn() {
  const local = createMemoryStorage();
  const tab = createMemoryStorage();
  const session = createSessionStore({ local, session: tab, userAgent: 'test' });
  session.setTokens({ token: 'jwt-1', refresh_token: 'r1' });
  return { local, tab, session };
}

function expectSignedOut({ local, tab }: ReturnType<typeof signedIn>) {
  for (const key of ['token', 'TOKEN', 'refresh_token']) expect(local.getItem(key)).toBeNull();
  expect(tab.getItem('token')).toBeNull();
}

async function server(reply: Reply = { status: 204 }) {
  const started = await startTestServer(() => reply);
  servers.push(started);
  return started;
}

const clientOn = (base: string, session: ReturnType<typeof signedIn>['session']) =>
  createApiClient({ base: `${base}/api`, session, onSessionExpired: () => {} });

describe('signOut', () => {
  it('clears the tokens at once and revokes the refresh token on the server (POST /auth/logout, no bearer)', async () => {
    const device = signedIn();
    const revoke = held({ status: 204 });
    const api = await server(revoke.reply);
    let finished = false;
    const done = signOut({
      client: clientOn(api.url, device.session),
      session: device.session,
      online: () => true,
    }).then(() => (finished = true));
    expectSignedOut(device);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    // Signed out while the server has not answered yet.
    expectSignedOut(device);
    expect(finished).toBe(false);
    revoke.release();
    await done;
    expect(api.requests.map((r) => [r.method, r.path, r.json])).toEqual([
      ['POST', '/api/auth/logout', { refresh_token: 'r1' }],
    ]);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('offline: no call, the tokens are cleared and the device id is kept', async () => {
    const device = signedIn();
    const id = device.session.getDeviceId();
    const api = await server();
    await signOut({
      client: clientOn(api.url, device.session),
      session: device.session,
      online: () => false,
    });
    expect(api.requests).toHaveLength(0);
    expectSignedOut(device);
    expect(device.session.getDeviceId()).toBe(id);
  });

  it('the server unreachable: sign-out still completes with the tokens cleared', async () => {
    const device = signedIn();
    const client = clientOn(await closedPortUrl(), device.session);
    await expect(signOut({ client, session: device.session, online: () => true })).resolves.toBeUndefined();
    expectSignedOut(device);
  });

  it('the server failing (500): sign-out still completes with the tokens cleared', async () => {
    const device = signedIn();
    const api = await server({ status: 500 });
    await expect(
      signOut({ client: clientOn(api.url, device.session), session: device.session, online: () => true }),
    ).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(1);
    expectSignedOut(device);
  });

  it('no refresh token stored: nothing to revoke', async () => {
    const device = signedIn();
    device.session.setTokens({ token: 'jwt-2', refresh_token: null });
    const api = await server();
    await signOut({ client: clientOn(api.url, device.session), session: device.session, online: () => true });
    expect(api.requests).toHaveLength(0);
    expectSignedOut(device);
  });
});

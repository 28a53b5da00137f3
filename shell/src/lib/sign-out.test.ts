import { describe, expect, it } from 'vitest';
import { session } from '@pitclock/contracts';
import { closedPortUrl, startTestServer, testClient } from '../test/test-server';
import { fakeToken, inOneHour } from '../test/tokens';
import { signOut } from './sign-out';

function signIn() {
  session.setTokens({ token: fakeToken({ sub: '7', exp: inOneHour() }), refresh_token: 'r1' });
}

function expectSignedOut() {
  for (const key of ['token', 'TOKEN', 'refresh_token']) expect(localStorage.getItem(key)).toBeNull();
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(session.getToken()).toBeNull();
}

describe('signOut', () => {
  it('online: revokes the refresh token on the server (POST /auth/logout, no bearer) and clears storage', async () => {
    signIn();
    const server = await startTestServer(() => ({ status: 204 }));
    await signOut(testClient(server.url).client, () => true);
    expect(server.requests.map((r) => [r.method, r.path, r.json])).toEqual([
      ['POST', '/api/auth/logout', { refresh_token: 'r1' }],
    ]);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expectSignedOut();
  });

  it('clears local and session storage at once, before the server answers', async () => {
    signIn();
    const server = await startTestServer(() => ({ status: 204, delayMs: 200 }));
    const done = signOut(testClient(server.url).client, () => true);
    expectSignedOut();
    await done;
  });

  it('the server unreachable: storage is still cleared and sign-out completes', async () => {
    signIn();
    await expect(signOut(testClient(await closedPortUrl()).client, () => true)).resolves.toBeUndefined();
    expectSignedOut();
  });

  it('the server failing (500): storage is still cleared', async () => {
    signIn();
    const server = await startTestServer(() => ({
      status: 500,
      json: { error: 'internal', message: 'boom' },
    }));
    await signOut(testClient(server.url).client, () => true);
    expect(server.on('/api/auth/logout')).toHaveLength(1);
    expectSignedOut();
  });

  it('offline: no call, storage cleared', async () => {
    signIn();
    const server = await startTestServer(() => ({ status: 204 }));
    await signOut(testClient(server.url).client, () => false);
    expect(server.requests).toHaveLength(0);
    expectSignedOut();
  });

  it('no refresh token stored: nothing to revoke, storage cleared', async () => {
    session.setTokens({ token: fakeToken({ exp: inOneHour() }) });
    const server = await startTestServer(() => ({ status: 204 }));
    await signOut(testClient(server.url).client, () => true);
    expect(server.requests).toHaveLength(0);
    expectSignedOut();
  });

  it('keeps the device id', async () => {
    signIn();
    const id = session.getDeviceId();
    await signOut(testClient(await closedPortUrl()).client, () => false);
    expect(session.getDeviceId()).toBe(id);
  });
});

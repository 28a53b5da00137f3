import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createApiClient, session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { startApi } from '../../lib/license-gate.test-support';
import { LogoutSection } from './logout-section';
import { SETTINGS_TEXT } from './messages';
import { renderAtSettings } from './test-support';

function signIn() {
  session.setTokens({ token: makeJwt({ sub: '7' }), refresh_token: 'refresh-7' });
}

async function openConfirmation() {
  const view = renderAtSettings(<LogoutSection signOutWith={{ online: () => true }} />);
  await view.user.click(screen.getByRole('button', { name: 'Log out' }));
  return { ...view, dialog: screen.getByRole('alertdialog', { name: SETTINGS_TEXT.logoutTitle }) };
}

describe('Log out', () => {
  it('asks first; Cancel keeps the user signed in on Settings', async () => {
    signIn();
    const api = await startApi(() => ({ status: 204 }));
    const { user, dialog } = await openConfirmation();
    expect(dialog.textContent).toContain(SETTINGS_TEXT.logoutMessage);
    // Destructive: focus starts on Cancel.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(session.getToken()).not.toBeNull();
    expect(session.getRefreshToken()).toBe('refresh-7');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('Escape cancels too', async () => {
    signIn();
    const { user } = await openConfirmation();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(session.getToken()).not.toBeNull();
  });

  it('confirmed: the session leaves local and session storage, the refresh token is revoked, and the app goes to /', async () => {
    signIn();
    const api = await startApi(() => ({ status: 204 }));
    const { user, dialog } = await openConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(session.getToken()).toBeNull();
    for (const key of ['token', 'TOKEN', 'refresh_token']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
    await waitFor(() =>
      expect(api.requests.map((r) => [r.method, r.path, r.json])).toEqual([
        ['POST', '/api/auth/logout', { refresh_token: 'refresh-7' }],
      ]),
    );
  });

  it('offline: signs out on the device without calling the server', async () => {
    signIn();
    const api = await startApi(() => ({ status: 204 }));
    const client = createApiClient({ session, base: `${api.url}/api`, onSessionExpired: () => {} });
    const { user } = renderAtSettings(<LogoutSection signOutWith={{ client, online: () => false }} />);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    expect(session.getToken()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(api.requests).toHaveLength(0);
  });
});

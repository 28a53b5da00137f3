// fake-indexeddb before localforage (which detects its drivers when first imported): removing an
// account's data deletes its real database.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createApiClient, session } from '@pitclock/contracts';
import { databaseNames } from '@pitclock/contracts/indexed-db';
import { makeJwt } from '@pitclock/contracts/testing';
import { startApi } from '../../lib/license-gate.test-support';
import { addTemplate, cookStoreFor } from '../../store';
import { LogoutSection, type LogoutSectionProps } from './logout-section';
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

describe("Log out: this account's data on the device", () => {
  const REMOVE = /Remove this account.s data from this device/;

  async function openWith(props: LogoutSectionProps) {
    const view = renderAtSettings(<LogoutSection signOutWith={{ online: () => false }} {...props} />);
    await view.user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('alertdialog', { name: SETTINGS_TEXT.logoutTitle });
    return { ...view, dialog, checkbox: within(dialog).getByRole('checkbox', { name: REMOVE }) };
  }

  it('says what stays on this device', async () => {
    signIn();
    const { dialog } = await openWith({ unsyncedChanges: 0 });
    expect(dialog.textContent).toContain(
      'What stays on this device: this account’s cook-offs, templates, runs and notes, kept for its next sign-in. Another account signing in here does not see them.',
    );
  });

  it.each([
    [null, 'This device’s copy is the only copy: make a backup first.'],
    [3, 'Not everything is synced yet: 3 changes exist only on this device.'],
    [1, 'Not everything is synced yet: 1 change exists only on this device.'],
  ])(
    'with %s unsynced changes, the removal is disabled, and the reason shown beside it',
    async (unsynced, reason) => {
      signIn();
      const { checkbox } = await openWith({ unsyncedChanges: unsynced });
      expect((checkbox as HTMLInputElement).disabled).toBe(true);
      expect(screen.getByText(reason)).toBeTruthy();
      expect(checkbox.getAttribute('aria-describedby')).toBe(screen.getByText(reason).id);
    },
  );

  it('with everything synced, the removal can be chosen and no reason is shown', async () => {
    signIn();
    const { checkbox, user } = await openWith({ unsyncedChanges: 0 });
    expect((checkbox as HTMLInputElement).disabled).toBe(false);
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/Not everything is synced|the only copy/)).toBeNull();
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the data when the removal is not chosen', async () => {
    signIn();
    const removeData = vi.fn(() => Promise.resolve());
    const { dialog, user } = await openWith({ unsyncedChanges: 0, removeData });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(session.getToken()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
    // The sign-out (offline) settles within the current task; a removal would have started by the next.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(removeData).not.toHaveBeenCalled();
  });

  it("chosen: after the sign-out, deletes the account's database and keys, and leaves another account's", async () => {
    session.setTokens({ token: makeJwt({ sub: '41' }) });
    const bundle = cookStoreFor('41', { page: null });
    await bundle.rehydrated;
    await bundle.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await bundle.flush();
    localStorage.setItem('PitClock-u41:cloudBackupApiKey', 'key-of-41');
    localStorage.setItem('PitClock-u42:cloudBackupApiKey', 'key-of-42');
    expect(await databaseNames()).toContain('PitClock-u41');

    const { checkbox, dialog, user } = await openWith({ unsyncedChanges: 0 });
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(session.getToken()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
    await waitFor(async () => expect(await databaseNames()).not.toContain('PitClock-u41'));
    await waitFor(() => expect(localStorage.getItem('PitClock-u41:cloudBackupApiKey')).toBeNull());
    expect(localStorage.getItem('PitClock-u42:cloudBackupApiKey')).toBe('key-of-42');
    expect(JSON.parse(localStorage.getItem('PitClock-accounts') ?? '[]')).not.toContain('41');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { session } from '@pitclock/contracts';
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_EMAIL_GLOBAL } from '../../lib/app-config';
import { PrivacyScreen } from './privacy-screen';
import { JUNE_FIRST, renderLegal } from './test-support';

const scope = globalThis as Record<string, unknown>;
afterEach(() => {
  delete scope[SUPPORT_EMAIL_GLOBAL];
  session.clear();
});

const renderPrivacy = (history = ['/privacy']) =>
  renderLegal(<PrivacyScreen now={() => JUNE_FIRST} timeZone="UTC" />, history);
const textOf = (name: string) => screen.getByRole('region', { name }).textContent ?? '';

describe('Privacy Policy', () => {
  it('has the title, today as the last-updated date and its sections', () => {
    renderPrivacy();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Last updated: June 1, 2026')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your account',
      'Your device licence',
      'Data on your device',
      'Push notifications',
      'Weather lookups',
      'Backups',
      'What we do not do',
      'Questions and deletion',
    ]);
  });

  it('says what is stored and where', () => {
    renderPrivacy();
    expect(textOf('Your account')).toMatch(/e-mail address, your name and a hash of your password/);
    expect(textOf('Your device licence')).toMatch(/device’s identifier and the licence issued to it/);
    expect(textOf('Data on your device')).toMatch(
      /stored locally in your browser on this device. They are not sent to us/,
    );
    expect(textOf('Push notifications')).toMatch(/push subscription \(the address of its push service/);
    expect(textOf('Weather lookups')).toMatch(/by your browser directly from the weather provider/);
    expect(textOf('Backups')).toMatch(
      /directly to the JSON storage service \(JSONBin\) under your own API key, and only there/,
    );
  });

  it('gives the contact e-mail from configuration', () => {
    renderPrivacy();
    expect(
      within(screen.getByRole('region', { name: 'Questions and deletion' })).getByRole('link', {
        name: DEFAULT_SUPPORT_EMAIL,
      }),
    ).toBeTruthy();
  });

  it('Back returns to the previous page, else to Settings when signed in', async () => {
    session.setTokens({ token: 'a-token' });
    const first = renderPrivacy(['/settings', '/privacy']);
    await first.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    first.unmount();

    const direct = renderPrivacy(['/privacy']);
    await direct.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('opened directly by a visitor with no account, Back goes to the welcome page', async () => {
    session.clear();
    const direct = renderPrivacy(['/privacy']);
    await direct.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

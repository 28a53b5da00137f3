import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_SUPPORT_EMAIL, HELP_URL_GLOBAL, SUPPORT_EMAIL_GLOBAL } from '../../lib/app-config';
import { FakeContainer } from '../../lib/service-worker-info.test-support';
import { SettingsScreen, type SettingsScreenProps } from './settings-screen';
import { fakeStorageManager, renderAtSettings } from './test-support';

const scope = globalThis as Record<string, unknown>;
afterEach(() => {
  vi.unstubAllGlobals();
  delete scope[SUPPORT_EMAIL_GLOBAL];
  delete scope[HELP_URL_GLOBAL];
});

function renderSettings(props: SettingsScreenProps = {}) {
  return renderAtSettings(
    <SettingsScreen serviceWorker={new FakeContainer()} storageManager={fakeStorageManager()} {...props} />,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('SettingsScreen', () => {
  it('has the title Settings and the sections of SPEC.md in order (backup and restore when given)', () => {
    renderSettings({ backup: <p>backup section</p> });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(sectionTitles()).toEqual([
      'App status',
      'Dark mode',
      'Units',
      'Notifications',
      'Promo code',
      'Backup and restore',
      'Support',
      'Terms and privacy',
      'Account',
    ]);
    expect(within(section('Backup and restore')).getByText('backup section')).toBeTruthy();
  });

  it('leaves out Backup and restore until features/backup fills the slot', () => {
    renderSettings();
    expect(sectionTitles()).not.toContain('Backup and restore');
  });

  it('has a Notifications section with the push switch, the permission status, title flash and sound', () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    renderSettings({ pushSwitch: <button type="button">push switch</button> });
    const notifications = section('Notifications');
    expect(within(notifications).getByRole('button', { name: 'push switch' })).toBeTruthy();
    expect(within(notifications).getByText('enabled')).toBeTruthy();
    expect(within(notifications).getByRole('switch', { name: 'Flash the tab title' })).toBeTruthy();
    expect(within(notifications).getByRole('switch', { name: 'Alert sound' })).toBeTruthy();
  });

  it('says that the data is stored locally on the device', () => {
    renderSettings();
    expect(within(section('App status')).getByText(/stored locally on this device/)).toBeTruthy();
  });

  it('Enter a promo code goes to /promo', async () => {
    const { user } = renderSettings();
    await user.click(within(section('Promo code')).getByRole('link', { name: 'Enter a promo code' }));
    expect(screen.getByTestId('location').textContent).toBe('/promo');
  });

  it('Email support writes to the default address when none is configured', () => {
    renderSettings();
    const link = within(section('Support')).getByRole('link', { name: 'Email support' });
    expect(link.getAttribute('href')).toBe(`mailto:${DEFAULT_SUPPORT_EMAIL}?subject=PitClock%20support`);
    expect(within(section('Support')).getByText(`(${DEFAULT_SUPPORT_EMAIL})`)).toBeTruthy();
  });

  it('Email support writes to the configured address', () => {
    scope[SUPPORT_EMAIL_GLOBAL] = 'pitmaster@smokehouse.example';
    renderSettings();
    const link = within(section('Support')).getByRole('link', { name: 'Email support' });
    expect(link.getAttribute('href')).toBe('mailto:pitmaster@smokehouse.example?subject=PitClock%20support');
  });

  it('Help opens the welcome guide over Cook-offs by default', async () => {
    const { user } = renderSettings();
    await user.click(within(section('Support')).getByRole('link', { name: 'Help' }));
    expect(screen.getByTestId('location').textContent).toBe('/contests?welcome=1');
  });

  it('Help opens a configured help site in a new tab', () => {
    scope[HELP_URL_GLOBAL] = 'https://help.example.com/pitclock';
    renderSettings();
    const link = within(section('Support')).getByRole('link', { name: 'Help (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://help.example.com/pitclock');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ])('%s goes to %s', async (name, path) => {
    const { user } = renderSettings();
    await user.click(within(section('Terms and privacy')).getByRole('link', { name }));
    expect(screen.getByTestId('location').textContent).toBe(path);
  });

  it('has Log out in the Account section', () => {
    renderSettings();
    expect(within(section('Account')).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

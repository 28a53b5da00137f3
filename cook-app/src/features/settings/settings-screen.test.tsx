import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SettingsScreen } from './settings-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsScreen', () => {
  it('has the title Settings and a Notifications section with the push switch and the permission status', () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    render(<SettingsScreen pushSwitch={<button type="button">push switch</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(within(section).getByRole('button', { name: 'push switch' })).toBeTruthy();
    expect(within(section).getByText('enabled')).toBeTruthy();
    expect(within(section).getByRole('switch', { name: 'Flash the tab title' })).toBeTruthy();
  });
});

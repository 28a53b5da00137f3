import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { pointApiAtClosedPort } from '../../lib/license-gate.test-support';
import { FakeContainer } from '../../lib/service-worker-info.test-support';
import { AboutScreen } from './about-screen';

const failingFetch: typeof fetch = () => Promise.reject(new TypeError('offline'));

describe('AboutScreen', () => {
  it('has the title About and the sections of SPEC.md in order', async () => {
    await pointApiAtClosedPort();
    render(
      <AboutScreen
        welcome={<button type="button">Show the welcome again</button>}
        pushSubscriptions={<p>subscriptions panel</p>}
        serviceWorker={new FakeContainer()}
        buildMeta={{ fetchImpl: failingFetch }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Welcome guide',
      'Notification test',
      'Backend version',
      'Build version',
      'Service worker',
      'Push notifications',
    ]);
    const welcome = screen.getByRole('region', { name: 'Welcome guide' });
    expect(within(welcome).getByRole('button', { name: 'Show the welcome again' })).toBeTruthy();
    const push = screen.getByRole('region', { name: 'Push notifications' });
    expect(within(push).getByText('subscriptions panel')).toBeTruthy();
    // Both calls fail here (nothing listens): each section says so on its own.
    expect(
      await within(screen.getByRole('region', { name: 'Backend version' })).findByRole('alert'),
    ).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Build version' })).findByRole('alert'),
    ).toBeTruthy();
  });
});

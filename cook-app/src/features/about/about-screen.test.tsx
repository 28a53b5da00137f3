import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AboutScreen } from './about-screen';

describe('AboutScreen', () => {
  it('has the title About and a Push notifications section with the subscriptions panel', () => {
    render(<AboutScreen pushSubscriptions={<p>subscriptions panel</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Push notifications' });
    expect(within(section).getByText('subscriptions panel')).toBeTruthy();
  });
});

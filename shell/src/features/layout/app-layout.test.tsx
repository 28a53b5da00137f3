import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { fakeToken, inOneHour } from '../../test/tokens';
import { AppLayout } from './app-layout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLayout(claims: Record<string, unknown> = {}) {
  session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour(), ...claims }) });
  return render(
    <MemoryRouter initialEntries={['/contests']}>
      <Routes>
        <Route
          path="*"
          element={
            <AppLayout banner={<div role="note">licence slot</div>}>
              <Where />
            </AppLayout>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const sidebar = () =>
  screen.getAllByRole('navigation', { name: 'Main' }).find((nav) => nav.classList.contains('app-sidebar'))!;

describe('navigation', () => {
  it('shows Cook-offs, Templates, Categories, Settings and About, and no Admin group to a cook', () => {
    renderLayout();
    const links = within(sidebar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Cook-offs', '/contests'],
      ['Templates', '/templates'],
      ['Categories', '/categories'],
      ['Settings', '/settings'],
      ['About', '/about'],
    ]);
    expect(screen.queryByText('Promo Codes')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Admin' })).toBeNull();
  });

  it('shows the Admin group to an admin', () => {
    renderLayout({ is_admin: true });
    const admin = within(sidebar()).getByRole('group', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Promo Codes', 'Licenses', 'Signup Events', 'Users']);
  });

  it('the mobile menu opens with the same links, closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderLayout({ is_admin: true });
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('app-mobile-menu')!;
    const texts = (nav: HTMLElement) =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(texts(menu)).toEqual(texts(sidebar()));

    await user.keyboard('{Escape}');
    expect(document.getElementById('app-mobile-menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(
      within(document.getElementById('app-mobile-menu')!).getByRole('link', { name: 'Settings' }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/settings');
    expect(document.getElementById('app-mobile-menu')).toBeNull();
  });

  it('renders the licence banner slot under the header', () => {
    renderLayout();
    expect(screen.getByRole('note').textContent).toBe('licence slot');
  });

  it('Log out clears the session and goes to /', async () => {
    renderLayout();
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Log out' }));
    expect(session.getToken()).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { session, type ApiClient } from '@pitclock/contracts';
import { ApiProvider } from '../../lib/api-context';
import { closedPortUrl, startTestServer, testClient, type Reply } from '../../test/test-server';
import { fakeToken, inOneHour } from '../../test/tokens';
import { AppLayout } from './app-layout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The API of these tests: GET /me answers `me` (by default what the token claims), logout 204. */
async function layoutApi(me?: () => Reply) {
  const server = await startTestServer((req) => {
    if (req.path === '/api/me') return me ? me() : { status: 503 };
    if (req.path === '/api/auth/logout') return { status: 204 };
    return { status: 404 };
  });
  return { server, client: testClient(server.url).client };
}

async function renderLayout(claims: Record<string, unknown> = {}, client?: ApiClient) {
  session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour(), ...claims }), refresh_token: 'r1' });
  return render(
    <ApiProvider client={client ?? (await layoutApi()).client}>
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
      </MemoryRouter>
    </ApiProvider>,
  );
}

const sidebar = () =>
  screen.getAllByRole('navigation', { name: 'Main' }).find((nav) => nav.classList.contains('app-sidebar'))!;

describe('navigation', () => {
  it('shows Cook-offs, Templates, Categories, Team, Settings and About, and no Admin group to a cook', async () => {
    await renderLayout();
    const links = within(sidebar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Cook-offs', '/contests'],
      ['Templates', '/templates'],
      ['Categories', '/categories'],
      ['Team', '/team'],
      ['Settings', '/settings'],
      ['About', '/about'],
    ]);
    expect(screen.queryByText('Promo Codes')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Admin' })).toBeNull();
  });

  it('shows the Admin group to an admin (GET /me says so)', async () => {
    const { client } = await layoutApi(() => ({ json: { id: 1, is_admin: true, roles: ['admin'] } }));
    await renderLayout({}, client);
    const admin = await within(sidebar()).findByRole('group', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Promo Codes', 'Licenses', 'Signup Events', 'Users', 'Audit Trail']);
  });

  it('hides the Admin group when GET /me says the user is no admin, whatever the token claims', async () => {
    const { server, client } = await layoutApi(() => ({ json: { id: 1, is_admin: false, roles: ['user'] } }));
    await renderLayout({ is_admin: true }, client);
    await waitFor(() => expect(server.on('/api/me')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Admin' })).toBeNull());
  });

  it('offline, the Admin group follows the token claims', async () => {
    await renderLayout({ is_admin: true }, testClient(await closedPortUrl()).client);
    expect(within(sidebar()).getByRole('group', { name: 'Admin' })).toBeTruthy();
  });

  it('the mobile menu opens with the same links, closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    await renderLayout({ is_admin: true });
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

  it('the open mobile menu keeps the focus: Tab and Shift+Tab cycle inside it, Escape returns to the menu button', async () => {
    const user = userEvent.setup();
    await renderLayout({ is_admin: true });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    const menu = document.getElementById('app-mobile-menu')!;
    const inMenu = [...menu.querySelectorAll<HTMLElement>('a, button')];
    const [first, last] = [inMenu[0]!, inMenu[inMenu.length - 1]!];
    expect(first.getAttribute('aria-label')).toBe('Close menu');
    expect(last.textContent).toBe('Log out');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    // Forward through every control of the menu and around to its first one, never leaving it.
    for (let i = 0; i < inMenu.length * 2; i += 1) {
      await user.tab();
      expect(menu.contains(document.activeElement)).toBe(true);
    }
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    // Focus put elsewhere (a click on the page behind) comes back into the menu.
    screen.getByRole('link', { name: 'Skip to content' }).focus();
    expect(menu.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(document.getElementById('app-mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("'Skip to content' is the first focusable element and moves the focus to the main content", async () => {
    const user = userEvent.setup();
    await renderLayout();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
  });

  it('renders the licence banner slot under the header', async () => {
    await renderLayout();
    expect(screen.getByRole('note').textContent).toBe('licence slot');
  });

  it('Log out revokes the refresh token on the server, clears local and session storage and goes to /', async () => {
    const { server, client } = await layoutApi();
    await renderLayout({}, client);
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Log out' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    for (const key of ['token', 'TOKEN', 'refresh_token']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    await waitFor(() =>
      expect(server.on('/api/auth/logout').map((r) => r.json)).toEqual([{ refresh_token: 'r1' }]),
    );
  });

  it('Log out with the server unreachable still clears the tokens and goes to /', async () => {
    await renderLayout({}, testClient(await closedPortUrl()).client);
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Log out' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshToken()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

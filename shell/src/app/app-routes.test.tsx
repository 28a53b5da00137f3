import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { fakeToken, inOneHour, anHourAgo } from '../test/tokens';
import { AppRoutes } from './app-routes';

function FakeRemote({ name }: { name: string }) {
  return <p>{`${name} at ${useLocation().pathname}`}</p>;
}
const FakeCookApp = () => <FakeRemote name="cook-app" />;
const FakeAdminConsole = () => <FakeRemote name="admin-console" />;

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <BrowserRouter>
      <AppRoutes cookApp={FakeCookApp} adminConsole={FakeAdminConsole} headerActions={<span />} />
    </BrowserRouter>,
  );
}

const signIn = (claims: Record<string, unknown> = {}) =>
  session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour(), ...claims }) });

describe('route guards', () => {
  it.each(['/', '/login', '/signup'])(
    'a signed-in user opening the public route %s lands on /contests',
    async (path) => {
      signIn();
      renderAt(path);
      expect(await screen.findByText('cook-app at /contests')).toBeTruthy();
      expect(window.location.pathname).toBe('/contests');
    },
  );

  it.each(['/contests', '/templates/7/steps', '/contests/3/runs/9/steps', '/settings', '/admin/users'])(
    'a visitor who is not signed in opening the protected route %s is sent to the welcome page',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
      expect(window.location.pathname).toBe('/');
      expect(screen.queryByText(/cook-app at|admin-console at/)).toBeNull();
    },
  );

  it('a visitor who is not signed in opening /templates is sent to the sign-in form', async () => {
    renderAt('/templates');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByText(/cook-app at/)).toBeNull();
  });

  it('an expired token counts as signed out: the protected route redirects to /', async () => {
    session.setTokens({ token: fakeToken({ sub: '1', exp: anHourAgo() }) });
    renderAt('/contests');
    expect(await screen.findByRole('link', { name: 'Create Account' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('a signed-in user gets the cook-app for cook routes and the admin console only for /admin routes', async () => {
    signIn();
    renderAt('/contests/3/runs/9/steps');
    expect(await screen.findByText('cook-app at /contests/3/runs/9/steps')).toBeTruthy();
    expect(screen.queryByText(/admin-console at/)).toBeNull();
  });

  it('a signed-in user who is not an admin gets the Admins only page, never the admin console', async () => {
    signIn();
    renderAt('/admin/promo-codes');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your cook-offs' }).getAttribute('href')).toBe('/contests');
    expect(screen.queryByText(/admin-console at/)).toBeNull();
    expect(window.location.pathname).toBe('/admin/promo-codes');
  });

  it('an admin route renders the admin console remote', async () => {
    signIn({ is_admin: true });
    renderAt('/admin/licenses');
    expect(await screen.findByText('admin-console at /admin/licenses')).toBeTruthy();
  });

  it('the public pages show to a visitor who is not signed in', async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/signup');
  });
});

describe('Terms and Privacy before signing up', () => {
  it.each(['/terms', '/privacy'])(
    'a visitor who is not signed in reads %s: the cook-app renders it in the public frame, no redirect',
    async (path) => {
      renderAt(path);
      expect(await screen.findByText(`cook-app at ${path}`)).toBeTruthy();
      expect(window.location.pathname).toBe(path);
      expect(screen.getByRole('main').textContent).toBe(`cook-app at ${path}`);
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
    },
  );

  it('signed in, /terms stays in the signed-in layout with its navigation', async () => {
    signIn();
    renderAt('/terms');
    expect(await screen.findByText('cook-app at /terms')).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
  });

  it('the welcome page links to both, and they open without an account', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const legal = screen.getByRole('list', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]);
    await user.click(within(legal).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByText('cook-app at /privacy')).toBeTruthy();
  });

  it('the sign-up form links to both in a new tab, so that what was typed stays', async () => {
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    for (const [name, href] of [
      ['Terms of Service (opens in a new tab)', '/terms'],
      ['Privacy Policy (opens in a new tab)', '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });
});

describe('header on every page', () => {
  it("the welcome page has the header's reload button and build badge", () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <AppRoutes cookApp={FakeCookApp} adminConsole={FakeAdminConsole} />
      </BrowserRouter>,
    );
    expect(screen.getByRole('button', { name: 'Reload' }).getAttribute('data-update-ready')).toBe('false');
    expect(screen.getByText('vtest-version')).toBeTruthy();
  });
});

describe('not-found page', () => {
  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('any other path shows the not-found texts (%s)', (_label, signedIn) => {
    if (signedIn) signIn();
    renderAt('/no-such-place');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page you requested could not be found.')).toBeTruthy();
    expect(window.location.pathname).toBe('/no-such-place');
  });
});

describe('route effects', () => {
  it('mirrors the path into the hash, keeps the pathname and sets the title', async () => {
    signIn();
    document.title = 'something else';
    renderAt('/contests');
    await screen.findByText('cook-app at /contests');
    expect(window.location.pathname).toBe('/contests');
    expect(window.location.hash).toBe('#/contests');
    expect(document.title).toBe('PitClock');
  });

  it('on a route change mirrors the new path and scrolls to the top', async () => {
    signIn();
    renderAt('/contests');
    await screen.findByText('cook-app at /contests');
    const scrollTo = window.scrollTo as unknown as { mockClear: () => void; mock: { calls: unknown[][] } };
    scrollTo.mockClear();
    screen.getAllByRole('link', { name: 'Templates' })[0]!.click();
    expect(await screen.findByText('cook-app at /templates')).toBeTruthy();
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/templates#/templates');
    expect(scrollTo.mock.calls).toContainEqual([0, 0]);
  });
});

// fake-indexeddb before localforage (which detects its drivers when first imported): the stores persist
// to IndexedDB, one database per account, as in the browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { THEME_STORAGE_KEY } from '@pitclock/design-system';
import { ONBOARDING_KEY } from '../features/onboarding';
import { addTemplate } from '../store';
import { CookApp, getCookStore } from './cook-app';

const signInAs = (accountId: string) => session.setTokens({ token: makeJwt({ sub: accountId }) });

beforeEach(() => {
  signInAs('7');
});

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

function renderAt(path: string) {
  // The shell mounts the remote from its '*' route, inside its own router.
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<CookApp notFound={<p>shell not-found page</p>} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CookApp (exposed to the shell)', () => {
  it.each([
    ['/contests', 'Cook-off'],
    ['/contests/4/steps', 'Promo Code'], // no device licence yet: the run sends to /promo
    ['/contests/4/runs/2/steps', 'Promo Code'],
    ['/templates', 'Templates'],
    ['/templates/9/steps', 'Item not found'], // no template 9 on this device
    ['/categories', 'Categories'],
    ['/team', 'Team'],
    ['/settings', 'Settings'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/about', 'About'],
    ['/promo', 'Promo Code'],
  ])('renders the titled screen of %s inside the host router', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("shows the shell's not-found element for a path it does not own", async () => {
    renderAt('/nowhere');
    expect(await screen.findByText('shell not-found page')).toBeTruthy();
  });

  it('shows the first-run welcome over Cook-offs once, not once it has been seen', async () => {
    const first = renderAt('/contests');
    expect(await screen.findByRole('dialog', { name: 'Welcome to PitClock' })).toBeTruthy();
    first.unmount();
    localStorage.setItem(ONBOARDING_KEY, '2026-06-01T15:00:00.000Z');
    renderAt('/contests');
    await screen.findByRole('heading', { level: 1, name: 'Cook-off' });
    expect(screen.queryByRole('dialog', { name: 'Welcome to PitClock' })).toBeNull();
  });

  it('applies the dark mode stored on the device to <html>', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'true');
    renderAt('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('registers its React so the page can prove there is only one', async () => {
    renderAt('/contests');
    await screen.findByRole('heading', { name: 'Cook-off' });
    expect(globalThis.__PITCLOCK_REACTS__?.size).toBe(1);
  });

  it('without an account renders only the screens open to visitors (Terms, Privacy), no store', async () => {
    session.clear();
    renderAt('/contests');
    expect(screen.getByText('shell not-found page')).toBeTruthy();
    cleanup();
    renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
  });

  it("opens the signed-in account's own store: another account signing in (no reload) sees none of its data, and it finds its data again", async () => {
    signInAs('31');
    const first = getCookStore('31');
    await first.rehydrated;
    await first.store.dispatch(addTemplate({ name: 'Ribs of 31' })).unwrap();
    renderAt('/templates');
    expect(await screen.findByText('Ribs of 31')).toBeTruthy();

    act(() => signInAs('32'));
    await screen.findByRole('heading', { level: 1, name: 'Templates' });
    expect(getCookStore('32')).not.toBe(first);
    expect(screen.queryByText('Ribs of 31')).toBeNull();

    act(() => signInAs('31'));
    expect(await screen.findByText('Ribs of 31')).toBeTruthy();
  });
});

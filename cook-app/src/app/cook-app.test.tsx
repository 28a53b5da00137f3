import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { THEME_STORAGE_KEY } from '@pitclock/design-system';
import { ONBOARDING_KEY } from '../features/onboarding';
import { CookApp } from './cook-app';

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
});

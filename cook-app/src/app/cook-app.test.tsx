import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CookApp } from './cook-app';

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

  it('registers its React so the page can prove there is only one', async () => {
    renderAt('/contests');
    await screen.findByRole('heading', { name: 'Cook-off' });
    expect(globalThis.__PITCLOCK_REACTS__?.size).toBe(1);
  });
});

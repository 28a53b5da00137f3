import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminConsole } from './admin-console';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AdminConsole notFound={<p>shell not-found page</p>} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AdminConsole (exposed to the shell)', () => {
  it.each([
    ['/admin/promo-codes', 'Promo Codes'],
    ['/admin/licenses', 'Licenses'],
    ['/admin/signup-events', 'Signup Events'],
    ['/admin/users', 'Users'],
    ['/admin/audit', 'Audit Trail'],
    ['/admin/diagnostics', 'Diagnostics'],
  ])('renders the titled screen of %s inside the host router', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("shows the shell's not-found element for an unknown admin path", () => {
    renderAt('/admin/nothing');
    expect(screen.getByText('shell not-found page')).toBeTruthy();
  });

  it('registers its React so the page can prove there is only one', () => {
    renderAt('/admin/users');
    expect(globalThis.__PITCLOCK_REACTS__?.size).toBe(1);
  });
});

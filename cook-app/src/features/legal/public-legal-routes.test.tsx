import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { PublicLegalRoutes } from './public-legal-routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicLegalRoutes notFound={<p>not found</p>} />
    </MemoryRouter>,
  );
}

describe('Terms and Privacy for a visitor with no account', () => {
  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('%s shows its page without a store or a session', async (path, title) => {
    session.clear();
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('any other path is not found: nothing else of the cook-app opens without an account', async () => {
    renderAt('/contests');
    expect(await screen.findByText('not found')).toBeTruthy();
  });
});

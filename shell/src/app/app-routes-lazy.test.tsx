import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { session } from '@pitclock/contracts';
import { fakeToken, inOneHour } from '../test/tokens';
import { AppRoutes } from './app-routes';

const loaded = vi.hoisted(() => new Set<string>());
vi.mock('react-hook-form', async (importOriginal) => {
  loaded.add('react-hook-form');
  return importOriginal();
});
vi.mock('@hookform/resolvers/zod', async (importOriginal) => {
  loaded.add('@hookform/resolvers/zod');
  return importOriginal();
});

const FakeCookApp = () => <p>{`cook-app at ${useLocation().pathname}`}</p>;

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <BrowserRouter>
      <AppRoutes cookApp={FakeCookApp} adminConsole={FakeCookApp} headerActions={<span />} />
    </BrowserRouter>,
  );
}

describe('the account forms load when opened', () => {
  it('a signed-in first visit to /contests loads neither the forms library nor its zod resolver; /login does', async () => {
    session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour() }) });
    const visit = renderAt('/contests');
    expect(await screen.findByText('cook-app at /contests')).toBeTruthy();
    expect([...loaded]).toEqual([]);
    visit.unmount();

    session.clear();
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect([...loaded].sort()).toEqual(['@hookform/resolvers/zod', 'react-hook-form']);
  });
});

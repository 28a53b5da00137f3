import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createMemoryStorage } from '@pitclock/contracts';
import { ONBOARDING_TEXT } from './messages';
import { ONBOARDING_KEY } from './onboarding-storage';
import { OnboardingWelcome } from './onboarding-welcome';
import { ShowWelcomeAgain } from './show-welcome-again';

const NOW = Date.UTC(2026, 5, 1, 15, 0);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Cook-offs with the welcome over it, and About with the reset, as app/ mounts them. */
function renderApp(
  path = '/contests',
  storage: Storage | ReturnType<typeof createMemoryStorage> = localStorage,
) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/contests"
          element={
            <>
              <h1>Cook-off</h1>
              <Where />
              <OnboardingWelcome storage={storage} now={() => NOW} />
            </>
          }
        />
        <Route path="/about" element={<ShowWelcomeAgain storage={storage} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

const welcome = () => screen.queryByRole('dialog', { name: 'Welcome to PitClock' });

describe('First-run welcome', () => {
  it('shows the three stages over Cook-offs on the first visit, with focus on Get started', () => {
    renderApp();
    const dialog = welcome();
    expect(dialog).toBeTruthy();
    const stages = within(dialog as HTMLElement).getByRole('list', { name: 'The three stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Build steps', 'Manage your cooks', 'Review and adjust']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get started' }));
  });

  it('Get started closes it and remembers the time it was seen; it does not show again', async () => {
    const { user, unmount } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(welcome()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_KEY)).toBe('2026-06-01T15:00:00.000Z');
    unmount();
    renderApp();
    expect(screen.getByRole('heading', { name: 'Cook-off' })).toBeTruthy();
    expect(welcome()).toBeNull();
  });

  it('Escape closes it and remembers too', async () => {
    const { user } = renderApp();
    await user.keyboard('{Escape}');
    expect(welcome()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_KEY)).not.toBeNull();
  });

  it('keeps the keyboard inside: Tab moves between its controls and never to the page behind', async () => {
    const { user } = renderApp();
    const dialog = welcome() as HTMLElement;
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('button', { name: ONBOARDING_TEXT.close })).toBeTruthy();
  });

  it('opens again with ?welcome=1 (the Help link) even when seen, and closing drops the parameter', async () => {
    localStorage.setItem(ONBOARDING_KEY, '2026-05-01T00:00:00.000Z');
    const { user } = renderApp('/contests?welcome=1');
    expect(welcome()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(welcome()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/contests');
  });

  it("About's 'Show the welcome again' forgets it and opens Cook-offs, where it shows", async () => {
    localStorage.setItem(ONBOARDING_KEY, '2026-05-01T00:00:00.000Z');
    const { user } = renderApp('/about');
    await user.click(screen.getByRole('button', { name: 'Show the welcome again' }));
    expect(localStorage.getItem(ONBOARDING_KEY)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/contests');
    expect(welcome()).toBeTruthy();
  });

  it('storage that throws: the welcome still shows and closes', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const { user } = renderApp('/contests', blocked);
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(welcome()).toBeNull();
  });

  it('keeps its flag per storage (a memory storage here)', async () => {
    const storage = createMemoryStorage();
    const { user } = renderApp('/contests', storage);
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(storage.getItem(ONBOARDING_KEY)).toBe('2026-06-01T15:00:00.000Z');
    expect(localStorage.getItem(ONBOARDING_KEY)).toBeNull();
  });
});

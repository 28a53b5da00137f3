// fake-indexeddb/auto provides IndexedDB's globals; a test that resets gets its own indexedDB.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { retryableLazy, retryFailedLoads } from '@pitclock/design-system';
import { ErrorBoundary } from './error-boundary';
import { OFFLINE_DB_NAME, type ResetDeps } from './reset-app-data';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('the grill caught fire');
  return <p>All good</p>;
}

/** A fresh IndexedDB as the browser's, holding the (empty) databases `names`. */
async function indexedDBWith(names: string[]) {
  const factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
  for (const name of names) {
    const open = factory.open(name);
    await new Promise((resolve) => (open.onsuccess = resolve));
    open.result.close();
  }
  const stored = async () => (await factory.databases()).map((info) => info.name).sort();
  return { factory, stored };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFragile(resetDeps?: () => ResetDeps, onTryAgain?: () => void) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return render(
    <ErrorBoundary resetDeps={resetDeps} onTryAgain={onTryAgain}>
      <Fragile />
    </ErrorBoundary>,
  );
}

/** Reset App Data, then the confirmation's own Reset App Data. */
async function confirmReset() {
  await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Reset App Data?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset App Data' }));
}

describe('top-level error screen', () => {
  it('a fatal render error shows the title with the product name, the explanation and collapsed details', () => {
    shouldThrow = true;
    renderFragile();
    expect(screen.getByRole('heading', { name: /PitClock/ })).toBeTruthy();
    expect(screen.getByText(/Something went wrong while showing this screen/)).toBeTruthy();
    const details = screen.getByText('Technical details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('the grill caught fire');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset App Data' })).toBeTruthy();
  });

  it('is the main content with its heading; only the explanation is an alert', () => {
    shouldThrow = true;
    renderFragile();
    const main = screen.getByRole('main', { name: 'PitClock hit an unexpected problem' });
    expect(main.getAttribute('role')).toBeNull();
    expect(within(main).getByRole('heading', { level: 1 })).toBeTruthy();
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.tagName).toBe('P');
    expect(alerts[0]!.textContent).toMatch(/^Something went wrong while showing this screen/);
  });

  it('Reset App Data asks first, naming what it deletes; Cancel deletes nothing and stays', async () => {
    shouldThrow = true;
    localStorage.setItem('token', 'abc');
    sessionStorage.setItem('token', 'abc');
    const { stored } = await indexedDBWith(['PitClock']);
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, reload }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset App Data?' });
    expect(dialog.textContent).toContain(
      'your cook-offs, templates, steps, categories, runs and notes, your settings and your sign-in',
    );
    // Destructive: the focus starts on Cancel.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await userEvent.click(cancel);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(await stored()).toEqual(['PitClock']);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('Try Again loads a screen whose chunk failed to load (offline) afresh, and it shows once online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return () => <p>Templates screen</p>;
    });
    const Screen = retryableLazy(load);
    render(
      <ErrorBoundary onTryAgain={retryFailedLoads}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
    await screen.findByRole('button', { name: 'Try Again' });
    expect(load).toHaveBeenCalledTimes(1);

    // Still offline: Try Again tries once more and comes back to the error screen.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('button', { name: 'Try Again' });
    expect(load).toHaveBeenCalledTimes(2);

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Templates screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('Try Again renders the app again once the error is gone', async () => {
    shouldThrow = true;
    const onTryAgain = vi.fn();
    renderFragile(undefined, onTryAgain);
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onTryAgain).toHaveBeenCalledTimes(1);
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset App Data' })).toBeNull();
  });

  it('Reset App Data empties local and session storage, deletes the offline databases, then reloads', async () => {
    shouldThrow = true;
    localStorage.setItem('token', 'abc');
    localStorage.setItem('darkMode', 'dark');
    sessionStorage.setItem('token', 'abc');
    const { stored } = await indexedDBWith(['PitClock', 'keyval-store']);
    expect(await stored()).toEqual(['PitClock', 'keyval-store']);
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, reload }));
    await confirmReset();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it('Reset App Data deletes the known database where indexedDB.databases() is missing', async () => {
    shouldThrow = true;
    const { factory, stored } = await indexedDBWith([OFFLINE_DB_NAME, 'keyval-store']);
    Object.defineProperty(factory, 'databases', { value: undefined, configurable: true });
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, reload }));
    await confirmReset();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // databases() back: only the known one was deleted.
    Reflect.deleteProperty(factory, 'databases');
    expect(await stored()).toEqual(['keyval-store']);
  });

  it('Reset App Data still clears storage and reloads where the browser has no IndexedDB', async () => {
    shouldThrow = true;
    localStorage.setItem('token', 'abc');
    vi.stubGlobal('indexedDB', undefined);
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, reload }));
    await confirmReset();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.length).toBe(0);
  });
});

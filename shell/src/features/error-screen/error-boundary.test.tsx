// fake-indexeddb/auto provides IndexedDB's globals; a test that resets gets its own indexedDB.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
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
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.length).toBe(0);
  });
});

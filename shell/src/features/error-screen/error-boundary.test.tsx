import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './error-boundary';
import { OFFLINE_DB_NAME, type ResetDeps } from './reset-app-data';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('the grill caught fire');
  return <p>All good</p>;
}

function fakeIndexedDB(names: string[]) {
  const deleted: string[] = [];
  const factory: ResetDeps['indexedDB'] = {
    databases: async () => names.map((name) => ({ name, version: 1 })),
    deleteDatabase: (name: string) => {
      const request = {} as IDBOpenDBRequest;
      deleted.push(name);
      setTimeout(() => request.onsuccess?.call(request, new Event('success')), 0);
      return request;
    },
  };
  return { factory, deleted };
}

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
    const { factory, deleted } = fakeIndexedDB(['PitClock', 'keyval-store']);
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, indexedDB: factory, reload }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(deleted.sort()).toEqual(['PitClock', 'keyval-store']);
  });

  it('Reset App Data deletes the known database where indexedDB.databases() is missing', async () => {
    shouldThrow = true;
    const { factory, deleted } = fakeIndexedDB([]);
    delete factory.databases;
    const reload = vi.fn();
    renderFragile(() => ({ local: localStorage, session: sessionStorage, indexedDB: factory, reload }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset App Data' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(deleted).toEqual([OFFLINE_DB_NAME]);
  });
});

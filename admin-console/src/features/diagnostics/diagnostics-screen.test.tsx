// fake-indexeddb/auto provides IndexedDB's globals; each test installs its own indexedDB as the browser's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render as renderDom, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { DiagnosticsScreen } from './diagnostics-screen';
import {
  SEEDED_BODIES,
  bodies,
  cookState,
  globalCategories,
  signInTestAccount,
  writeStoredState,
} from './test-support';

/** Renders the screen on `idb` as the browser's IndexedDB (undefined: a browser without one). */
function render(idb: IDBFactory | undefined) {
  vi.stubGlobal('indexedDB', idb);
  const user = userEvent.setup();
  return { user, ...renderDom(<DiagnosticsScreen />) };
}

beforeEach(() => {
  signInTestAccount();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The value shown for a fact of the summary (dt/dd). */
function fact(term: string) {
  const dt = [...document.querySelectorAll('dt')].find((node) => node.textContent === term);
  return dt?.nextElementSibling as HTMLElement | undefined;
}

function countOf(label: string) {
  const table = screen.getByRole('table', { name: 'Records per table' });
  const row = within(table)
    .getByRole('rowheader', { name: new RegExp(`^${label} `) })
    .closest('tr')!;
  return row.querySelector('[data-label="Records"]')?.textContent;
}

describe('Diagnostics screen (the offline database of this device)', () => {
  it('shows version, migrated and seeded flags, counts per table and the sanctioning-body names', async () => {
    const idb = new IDBFactory();
    await writeStoredState(
      idb,
      cookState({
        records: {
          sanctioning_bodies: bodies(SEEDED_BODIES),
          categories: globalCategories(),
          templates: [{ id: 't1', name: 'Ribs' }],
          run_steps: [{ id: 's1' }, { id: 's2' }, { id: 's3' }],
        },
      }),
    );
    render(idb);
    expect(screen.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Offline database' });
    expect(fact('Database')?.textContent).toBe('PitClock-u1');
    expect(fact('Version')?.textContent).toBe('15');
    expect(fact('Migrated')?.textContent).toBe('Yes');
    expect(fact('Seeded')?.textContent).toMatch(/^Yes \(on .+\)$/);
    expect(countOf('Sanctioning bodies')).toBe('10');
    expect(countOf('Categories')).toBe('4');
    expect(countOf('Templates')).toBe('1');
    expect(countOf('Run steps')).toBe('3');
    expect(countOf('Cook-offs')).toBe('0');
    expect(screen.getByRole('table', { name: 'Records per table' }).className).toContain(
      'pc-table--stack-below-md',
    );
    const names = within(screen.getByRole('list', { name: 'Sanctioning bodies' })).getAllByRole('listitem');
    expect(names.map((li) => li.textContent)).toEqual(SEEDED_BODIES);
    expect(screen.getByText('No duplicates.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows duplicates in red: the doubled sanctioning body marked, and every duplicate listed', async () => {
    const idb = new IDBFactory();
    await writeStoredState(
      idb,
      cookState({
        records: {
          sanctioning_bodies: [
            ...bodies(['Unsanctioned', 'Memphis Barbecue Network (MBN)']),
            { id: '12', name: 'Unsanctioned' },
          ],
          categories: [...globalCategories(['Chicken']), { id: '5', name: 'Chicken', user_id: null }],
        },
      }),
    );
    render(idb);
    const list = await screen.findByRole('list', { name: 'Sanctioning bodies' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toBe('UnsanctionedDuplicate');
    expect(first?.className).toBe('admin-diagnostics__bad');
    expect(second?.className).toBe('');
    expect(third?.className).toBe('admin-diagnostics__bad');

    const duplicates = screen.getByRole('list', { name: 'Duplicates' });
    expect(duplicates.className).toContain('admin-diagnostics__bad');
    expect(
      within(duplicates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sanctioning bodies: name "Unsanctioned" is stored 2 times.',
      'Categories: name "Chicken" is stored 2 times.',
    ]);
  });

  it('a state the cook-app has not migrated yet shows its version and Migrated No in red', async () => {
    const idb = new IDBFactory();
    await writeStoredState(idb, { ...cookState({ version: 14, seededAt: null }) });
    render(idb);
    await screen.findByRole('heading', { name: 'Offline database' });
    expect(fact('Version')?.textContent).toBe('14 (the app runs 15)');
    expect(fact('Migrated')?.textContent).toBe('No');
    expect(fact('Migrated')?.className).toBe('admin-diagnostics__bad');
    expect(fact('Seeded')?.textContent).toBe('No');
  });

  it("says 'No data' when this device has no offline database", async () => {
    render(new IDBFactory());
    expect(await screen.findByRole('heading', { name: 'No data' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows 'Failed to load diagnostics' with the error text when reading fails", async () => {
    render(undefined);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load diagnostics');
    expect(alert.textContent).toContain('IndexedDB is not available in this browser.');
  });

  it('shows the error text of a record that cannot be read', async () => {
    const idb = new IDBFactory();
    await writeStoredState(idb, '{"appMeta": oops');
    render(idb);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load diagnostics');
    expect(alert.textContent).toMatch(/JSON/);
  });

  it('Refresh reads the database again and shows what changed', async () => {
    const idb = new IDBFactory();
    const { user } = render(idb);
    await screen.findByRole('heading', { name: 'No data' });
    await writeStoredState(idb, cookState({ records: { contests: [{ id: 'c1', name: 'Odessa' }] } }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('heading', { name: 'Offline database' });
    expect(countOf('Cook-offs')).toBe('1');
    expect(screen.queryByRole('heading', { name: 'No data' })).toBeNull();
  });

  it("a failed Refresh says 'Refresh failed' with the error and keeps the last report", async () => {
    const idb = new IDBFactory();
    await writeStoredState(idb, cookState({ records: { contests: [{ id: 'c1', name: 'Odessa' }] } }));
    const { user } = render(idb);
    await screen.findByRole('heading', { name: 'Offline database' });
    await writeStoredState(idb, 'not json at all');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Refresh failed');
    await waitFor(() => expect(countOf('Cook-offs')).toBe('1'));
  });
});

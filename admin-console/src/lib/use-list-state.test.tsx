import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { USERS_PAGE, encodeCursor, sortText } from '@pitclock/contracts/schemas';
import { idFilter, type ListSpec } from './list-state';
import { useIdParam, useListState } from './use-list-state';

const SPEC: ListSpec<keyof typeof USERS_PAGE.columns, 'user'> = {
  prefix: 'users.',
  page: USERS_PAGE,
  limit: 10,
  filters: { user: idFilter },
  dependents: ['details'],
};
const CURSOR = encodeCursor(
  { column: 'id', direction: 'asc' },
  { key: { value: 9, id: 9 }, direction: 'after' },
);

function Harness() {
  const list = useListState(SPEC);
  const [details, setDetails] = useIdParam('details');
  return (
    <>
      <output>
        {JSON.stringify({
          q: list.q,
          sort: sortText(list.sort),
          cursor: list.cursor ?? null,
          ...list.filters,
        })}
      </output>
      <output aria-label="args">{JSON.stringify(list.args)}</output>
      <output aria-label="details">{String(details)}</output>
      <button onClick={() => list.search('pit')}>search</button>
      <button onClick={() => list.goTo(CURSOR)}>next</button>
      <button onClick={() => list.sortBy({ column: 'email', direction: 'desc' })}>sort</button>
      <button onClick={() => list.sortBy({ column: 'password', direction: 'asc' })}>bad sort</button>
      <button onClick={() => list.filter({ user: '4' })}>filter</button>
      <button onClick={() => setDetails(3)}>details</button>
    </>
  );
}

function renderHarness(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Harness /> }], {
    initialEntries: ['/before', path],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  const state = () =>
    JSON.parse(screen.getAllByRole('status')[0]?.textContent ?? '{}') as Record<string, unknown>;
  return { router, user: userEvent.setup(), state, search: () => router.state.location.search };
}

describe('useListState', () => {
  it('reads the list from the URL it is opened at', () => {
    const { state } = renderHarness(`/?users.q=ann&users.sort=-email&users.user=7&users.cursor=${CURSOR}`);
    // The cursor belongs to another sort (id): it is dropped.
    expect(state()).toEqual({ q: 'ann', sort: '-email', cursor: null, user: '7' });
    expect(JSON.parse(screen.getByRole('status', { name: 'args' }).textContent ?? '')).toEqual({
      q: 'ann',
      sort: '-email',
      limit: 10,
    });
  });

  it('a search replaces the history entry; a page, a sort or a filter pushes one; Back goes back', async () => {
    const { router, user, state, search } = renderHarness('/?details=2');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(state()).toMatchObject({ cursor: CURSOR });
    // The expanded details belonged to the page before.
    expect(search()).toBe(`?users.cursor=${CURSOR}`);

    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(state()).toEqual({ q: 'pit', sort: 'id', cursor: null });

    await user.click(screen.getByRole('button', { name: 'sort' }));
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('button', { name: 'filter' }));
    expect(state()).toEqual({ q: 'pit', sort: '-email', cursor: null, user: '4' });

    await act(() => router.navigate(-1));
    expect(state()).toEqual({ q: 'pit', sort: '-email', cursor: null });
    await act(() => router.navigate(-1));
    // The search replaced the entry of the page it was typed on: no entry per keystroke, none for that page.
    expect(state()).toEqual({ q: 'pit', sort: 'id', cursor: null });
    await act(() => router.navigate(-1));
    expect(search()).toBe('?details=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });

  it("a change drops the list's dependents; a sort it cannot use changes nothing", async () => {
    const { router, user, search } = renderHarness('/?details=2');
    const key = router.state.location.key;
    await user.click(screen.getByRole('button', { name: 'bad sort' }));
    expect(router.state.location.key).toBe(key);
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(search()).toBe('?users.q=pit');
  });

  it('useIdParam keeps an id in the URL', async () => {
    const { user, search } = renderHarness('/?users.q=x');
    expect(screen.getByRole('status', { name: 'details' }).textContent).toBe('null');
    await user.click(screen.getByRole('button', { name: 'details' }));
    expect(screen.getByRole('status', { name: 'details' }).textContent).toBe('3');
    expect(search()).toBe('?users.q=x&details=3');
  });
});

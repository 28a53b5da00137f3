import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './search-box';

function renderBox(value = '', onSearch = vi.fn()) {
  const user = userEvent.setup();
  const view = render(<SearchBox label="Search users" value={value} onSearch={onSearch} delayMs={50} />);
  return { user, onSearch, ...view, input: screen.getByRole('searchbox', { name: 'Search users' }) };
}

const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)));

describe('SearchBox', () => {
  it('is a search field with a visible label', () => {
    const { input } = renderBox();
    expect(screen.getByText('Search users').tagName).toBe('LABEL');
    expect(screen.getByLabelText('Search users')).toBe(input);
  });

  it('sends what is typed once typing pauses, trimmed, not once per keystroke', async () => {
    const { user, onSearch, input } = renderBox();
    await user.type(input, ' pit ');
    expect(onSearch).not.toHaveBeenCalled();
    await pause();
    expect(onSearch.mock.calls).toEqual([['pit']]);
  });

  it('Enter sends at once', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox label="Search users" value="" onSearch={onSearch} delayMs={60_000} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ann{Enter}');
    expect(onSearch.mock.calls).toEqual([['ann']]);
  });

  it('the clear button empties the field, sends the empty search and gives the field the focus', async () => {
    const { user, onSearch, input } = renderBox('pit');
    expect((input as HTMLInputElement).value).toBe('pit');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((input as HTMLInputElement).value).toBe('');
    expect(onSearch.mock.calls).toEqual([['']]);
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('follows the search when it changes elsewhere (Back, a link)', async () => {
    function Outside() {
      const [value, setValue] = useState('pit');
      return (
        <>
          <SearchBox label="Search users" value={value} onSearch={setValue} delayMs={50} />
          <button type="button" onClick={() => setValue('ann')}>
            back
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Outside />);
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ann');
  });
});

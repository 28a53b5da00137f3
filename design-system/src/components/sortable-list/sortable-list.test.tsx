import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SortableList } from './sortable-list';

type Meat = { id: string; name: string };
const meats: Meat[] = [
  { id: 'c', name: 'Chicken' },
  { id: 'r', name: 'Ribs' },
  { id: 'b', name: 'Brisket' },
];

const ROW_HEIGHT = 50;

/** jsdom does no layout: give every row its own place, one under the other, so keyboard moves work. */
function layOutRows() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const index = this.matches('.pc-sortable-list__item')
      ? [...this.parentElement!.children].indexOf(this)
      : 0;
    const top = this.matches('.pc-sortable-list__item') ? index * ROW_HEIGHT : 0;
    const height = this.matches('.pc-sortable-list__item') ? ROW_HEIGHT - 2 : 0;
    return {
      x: 0,
      y: top,
      left: 0,
      top,
      width: 300,
      height,
      right: 300,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

function renderList(props: { disabled?: boolean } = {}) {
  const onReorder = vi.fn();
  const user = userEvent.setup();
  render(
    <SortableList
      items={meats}
      getId={(m) => m.id}
      getLabel={(m) => m.name}
      renderItem={(m) => <span>{m.name}</span>}
      onReorder={onReorder}
      label="Turn-in order"
      {...props}
    />,
  );
  return { onReorder, user };
}

const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

describe('SortableList', () => {
  beforeEach(() => {
    layOutRows();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders a labelled list whose rows each have a "Reorder {name}" handle', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'Turn-in order' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Reorder Ribs' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    );
  });

  it('Space picks up, ArrowDown moves, Space drops: onReorder gets the from and to indexes', async () => {
    const { onReorder, user } = renderList();
    screen.getByRole('button', { name: 'Reorder Chicken' }).focus();
    await user.keyboard('[Space]');
    expect(liveRegion()).toBe('Picked up Chicken. It is in position 1 of 3.');
    await user.keyboard('[ArrowDown]');
    expect(liveRegion()).toBe('Chicken was moved to position 2 of 3.');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(0, 2);
    expect(liveRegion()).toBe('Chicken was dropped in position 3 of 3.');
  });

  it('Enter picks up and drops too, and moving up reports the smaller index', async () => {
    const { onReorder, user } = renderList();
    screen.getByRole('button', { name: 'Reorder Brisket' }).focus();
    await user.keyboard('[Enter]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Enter]');
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(2, 1);
  });

  it('Escape cancels a move: nothing is reported and the cancellation is announced', async () => {
    const { onReorder, user } = renderList();
    screen.getByRole('button', { name: 'Reorder Ribs' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Escape]');
    expect(onReorder).not.toHaveBeenCalled();
    expect(liveRegion()).toBe('Reordering cancelled. Ribs is back in position 2 of 3.');
  });

  it('dropping where it was picked up reports nothing', async () => {
    const { onReorder, user } = renderList();
    screen.getByRole('button', { name: 'Reorder Ribs' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[Space]');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('disabled: every handle is a disabled button and the keyboard cannot pick a row up', async () => {
    const { onReorder, user } = renderList({ disabled: true });
    const handles = screen.getAllByRole('button', { name: /^Reorder / });
    expect(handles).toHaveLength(3);
    for (const handle of handles) expect(handle).toBeDisabled();
    await user.tab();
    expect(document.body).toHaveFocus();
    handles[0]!.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    expect(onReorder).not.toHaveBeenCalled();
    expect(liveRegion()).toBe('');
  });
});

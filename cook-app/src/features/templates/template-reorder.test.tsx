import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { deleteTemplate, STORE_MESSAGES } from '../../store';
import {
  cookStore,
  layOutSortableRows,
  namesIn,
  renderScreen,
  storedTemplate,
  withTemplate,
  type TestBundle,
} from './test-support';

async function withThree(bundle: TestBundle) {
  const brisket = await withTemplate(bundle, { name: 'Brisket' });
  const pork = await withTemplate(bundle, { name: 'Pork' });
  const wings = await withTemplate(bundle, { name: 'Wings' });
  return { brisket, pork, wings };
}

const handles = () => screen.getAllByRole('button', { name: /^Reorder / }) as HTMLButtonElement[];

describe('Templates screen: reordering', () => {
  beforeEach(() => {
    layOutSortableRows();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moving a template down with the keyboard saves the new sort_index of every active template', async () => {
    const bundle = await cookStore();
    const { brisket, pork, wings } = await withThree(bundle);
    const { user } = renderScreen(bundle);
    (await screen.findByRole('button', { name: 'Reorder Brisket' })).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(namesIn('Active templates')).toEqual(['Pork', 'Brisket', 'Wings']));
    expect(storedTemplate(bundle, pork.id)?.sort_index).toBe(0);
    expect(storedTemplate(bundle, brisket.id)?.sort_index).toBe(1);
    expect(storedTemplate(bundle, wings.id)?.sort_index).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Escape cancels a keyboard move and saves nothing', async () => {
    const bundle = await cookStore();
    const { wings } = await withThree(bundle);
    const { user } = renderScreen(bundle);
    (await screen.findByRole('button', { name: 'Reorder Wings' })).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Escape]');
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Pork', 'Wings']);
    expect(storedTemplate(bundle, wings.id)?.updated_at).toBe(wings.updated_at);
  });

  it('reordering is off while a template is being edited, and the hint says why', async () => {
    const bundle = await cookStore();
    await withThree(bundle);
    const { user } = renderScreen(bundle);
    expect(handles().every((handle) => !handle.disabled)).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Edit Pork' }));
    expect(handles()).toHaveLength(3);
    expect(handles().every((handle) => handle.disabled)).toBe(true);
    expect(screen.getByText('Reordering is off while a template is being edited.')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(handles().every((handle) => !handle.disabled)).toBe(true);
  });

  it('reordering is off while the search filters the list, and the hint says why', async () => {
    const bundle = await cookStore();
    const { brisket } = await withThree(bundle);
    const { user } = renderScreen(bundle);
    await user.type(await screen.findByRole('searchbox', { name: 'Search templates' }), 'r');
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Pork']);
    expect(handles().every((handle) => handle.disabled)).toBe(true);
    expect(screen.getByText(/Reordering is off while searching: clear the search/)).toBeTruthy();

    handles()[0]!.focus();
    await user.keyboard('[Space][ArrowDown][Space]');
    expect(storedTemplate(bundle, brisket.id)?.sort_index).toBe(0);
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Pork']);
  });

  it('when saving the order fails, "Failed to save the new order." shows in red and the old order stays', async () => {
    const bundle = await cookStore();
    const { brisket, pork, wings } = await withThree(bundle);
    const { user } = renderScreen(bundle);
    (await screen.findByRole('button', { name: 'Reorder Brisket' })).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');

    // Wings is being deleted (elsewhere) at the moment of the drop: the order sent still names it,
    // so the store refuses the whole order and puts back what it had already moved.
    void bundle.store.dispatch(deleteTemplate(wings.id));
    fireEvent.keyDown(document.activeElement!, { code: 'Space', key: ' ' });

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(STORE_MESSAGES.reorderFailed);
    expect(banner.textContent).toContain('Failed to save the new order.');
    expect(storedTemplate(bundle, brisket.id)?.sort_index).toBe(0);
    expect(storedTemplate(bundle, pork.id)?.sort_index).toBe(1);
    expect(storedTemplate(bundle, wings.id)).toBeUndefined();
    expect(namesIn('Active templates')).toEqual(['Brisket', 'Pork']);
  });
});

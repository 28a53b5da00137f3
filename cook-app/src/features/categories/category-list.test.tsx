import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cookStore, renderWithStore } from '../../lib/test-support';
import { CategoryList } from './category-list';

// A real store always holds the four seeded global categories (they cannot be deleted and seeding runs
// again after every restore), so the screen's empty state is tested on the list that renders it.
describe('Category list', () => {
  it('with no categories shows the empty state "No categories yet." and no list', async () => {
    const bundle = await cookStore();
    renderWithStore(bundle, <CategoryList categories={[]} labelledBy="none" onDelete={() => {}} />, {
      path: '/categories',
    });
    expect(screen.getByRole('heading', { name: 'No categories yet.' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Global categories are read-only.')).toBeNull();
  });
});

// Texts of the Categories screen. SPEC.md gives the title, the empty state and (in the store and the
// domain) the validation and failure texts; the others are ours.
export const CATEGORIES_TEXT = {
  title: 'Categories',
  add: 'Add Category',
  emptyTitle: 'No categories yet.',
  emptyText: 'Add your own categories, such as a jackpot, to sort your templates.',
  readOnlyNote: 'Global categories are read-only.',
  loading: 'Loading categories',
  deleteTitle: 'Delete category',
  deleteQuestion: (name: string) => `Delete "${name}"? This removes it from this device.`,
  notDeletedTitle: 'Category not deleted',
} as const;

import type { OfflineStore } from './offline-db';

// Texts of the admin diagnostics screen. SPEC.md gives 'No data', 'Failed to load diagnostics' and
// 'Refresh failed' (sections 2 and 8) and what is shown (version, migrated and seeded flags, counts per
// table, sanctioning-body names, duplicates, error text, Refresh); the rest are ours.
export const DIAGNOSTICS_TEXT = {
  title: 'Diagnostics',
  intro: 'The offline database of this device, read without changing it.',
  refresh: 'Refresh',
  loading: 'Reading the offline database',
  loadFailed: 'Failed to load diagnostics',
  refreshFailed: 'Refresh failed',
  noData: 'No data',
  noDataText: 'This device has no offline database yet: the cook-off app has not saved anything here.',
  databaseTitle: 'Offline database',
  database: 'Database',
  version: 'Version',
  versionUnknown: 'unknown',
  versionOf: (stored: number | null, current: number) =>
    `${stored ?? 'unknown'}${stored === current ? '' : ` (the app runs ${current})`}`,
  migrated: 'Migrated',
  seeded: 'Seeded',
  yes: 'Yes',
  no: 'No',
  migratedFrom: (from: number, at: string) => `from version ${from}${at ? ` on ${at}` : ''}`,
  seededOn: (at: string) => `on ${at}`,
  countsTitle: 'Records per table',
  countsCaption: 'Records per table',
  columns: { table: 'Table', records: 'Records' },
  bodiesTitle: 'Sanctioning bodies',
  noBodies: 'No sanctioning bodies stored.',
  duplicateBadge: 'Duplicate',
  duplicatesTitle: 'Duplicates',
  noDuplicates: 'No duplicates.',
  duplicate: (what: string, value: string, count: number) => `${what} "${value}" is stored ${count} times.`,
  duplicateWhat: { name: 'name', id: 'id' },
  stores: {
    sanctioning_bodies: 'Sanctioning bodies',
    categories: 'Categories',
    templates: 'Templates',
    template_steps: 'Template steps',
    contests: 'Cook-offs',
    contest_templates: 'Cook-off templates',
    runs: 'Runs',
    run_steps: 'Run steps',
    step_notes: 'Step notes',
    contest_environment: 'Weather records',
  } satisfies Record<OfflineStore, string>,
} as const;

// Texts of the admin signup-events screen. SPEC.md gives the filters (email, outcome any/success/error,
// IP, platform, from date, to date) and the columns (email, IP, outcome, platform, when). SPEC.md says a
// failed load is only logged (section 8); issue 23 has the screen say it too, above the rows it still
// shows (README, departures). The rest are ours.
export const SIGNUP_EVENTS_TEXT = {
  title: 'Signup Events',
  filtersTitle: 'Filters',
  emailLabel: 'Email',
  emailPlaceholder: 'part of the address',
  outcomeLabel: 'Outcome',
  outcomes: { any: 'Any', success: 'Success', error: 'Error' },
  ipLabel: 'IP',
  platformLabel: 'Platform',
  platformPlaceholder: 'e.g. iOS, Android, Windows',
  fromLabel: 'From',
  toLabel: 'To',
  datesOutOfOrder: 'To must be on or after From.',
  search: 'Search',
  clear: 'Clear',
  refresh: 'Refresh',
  loading: 'Loading signup events',
  tableCaption: 'Signup events',
  columns: { email: 'Email', ip: 'IP', outcome: 'Outcome', platform: 'Platform', when: 'When' },
  empty: 'No signup events found.',
  noMatch: (q: string) =>
    q === '' ? 'No signup events match these filters.' : `No signup events match "${q}".`,
  noun: { one: 'event', other: 'events' },
  pages: 'Pages of signup events',
  searchLabel: 'Search events',
  searchPlaceholder: 'E-mail or IP',
  logFailed: 'Failed to load signup events',
  /** A failed load with no rows to show. */
  loadFailed: 'Failed to load signup events',
  /** Above the rows of an earlier load, when the last load failed. */
  staleRows: 'Failed to load signup events: the rows below are from an earlier load.',
} as const;

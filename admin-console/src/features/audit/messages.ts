// Texts of the admin audit trail screen (issue 23, item 5). SPEC.md has no audit screen: these are ours.
export const AUDIT_TEXT = {
  title: 'Audit Trail',
  refresh: 'Refresh',
  trailsLabel: 'Audit trails',
  trails: { accounts: 'Accounts', licensing: 'Licensing' },
  captions: { accounts: 'Accounts audit trail', licensing: 'Licensing audit trail' },
  searchLabel: 'Search entries',
  searchPlaceholder: 'Action, target or value',
  actionLabel: 'Action',
  anyAction: 'Any action',
  columns: {
    when: 'When',
    action: 'Action',
    by: 'By',
    concerning: 'Concerning',
    target: 'Target',
    change: 'Change',
  },
  /** The line over the list when it shows one user's entries (a link from elsewhere: ?subject=42). */
  subjectLine: 'Showing only the actions concerning',
  subjectUser: (id: number) => `user ${id}`,
  clearSubject: 'Show all users',
  unknownUser: 'Unknown user',
  loadingUser: 'Loading user',
  userById: (id: number) => `User ${id}`,
  none: '—',
  /** SPEC.md section 8's text for auth's users, whom the entries name by id. */
  usersFailed: 'Failed to load users',
  loading: 'Loading the audit trail',
  loadFailed: 'Failed to load the audit trail',
  staleRows: 'Failed to load the audit trail: the rows below are from an earlier load.',
  empty: 'No audit entries yet.',
  noMatch: (q: string) =>
    q === '' ? 'No audit entries match these filters.' : `No audit entries match "${q}".`,
  noun: { one: 'entry', other: 'entries' },
  pages: 'Pages of audit entries',
} as const;

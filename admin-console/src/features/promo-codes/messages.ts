import { LICENSING_CLIENT_TEXTS } from '@pitclock/contracts/schemas';

// Texts of the admin promo-codes screen. SPEC.md gives the empty state, the 401 text, the load, create and
// update failures (sections 2, 6 and 8; shared with the licensing service through LICENSING_CLIENT_TEXTS)
// and 'Code is required' (the contracts' LICENSING_MESSAGES, the server's own validation texts); the
// rest are ours.
export const PROMO_CODES_TEXT = {
  title: 'Promo Codes',
  refresh: 'Refresh',
  loading: 'Loading promo codes',
  // Create form.
  createTitle: 'Create promo code',
  codeLabel: 'Code',
  codeHint: 'Letters, digits, - and _; saved in capitals.',
  maxUsesLabel: 'Max uses',
  maxUsesHint: 'Empty or 0: unlimited.',
  licenseDaysLabel: 'License days',
  licenseDaysHint: "Empty: the service's default.",
  expiresLabel: 'Expires at',
  expiresHint: 'Optional; your local time.',
  create: 'Create',
  created: (code: string) => `Promo code ${code} created.`,
  createFailed: LICENSING_CLIENT_TEXTS.createPromoFailed,
  // List.
  filterLabel: 'Filter by code',
  filterPlaceholder: 'e.g. BETA',
  tableCaption: 'Promo codes',
  empty: LICENSING_CLIENT_TEXTS.emptyPromoList,
  noMatch: (q: string) => `No promo codes match "${q}".`,
  noun: { one: 'promo code', other: 'promo codes' },
  pages: 'Pages of promo codes',
  loadFailed: LICENSING_CLIENT_TEXTS.loadPromoFailed,
  staleRows: `${LICENSING_CLIENT_TEXTS.loadPromoFailed}: the rows below are from an earlier load.`,
  toggleFailed: LICENSING_CLIENT_TEXTS.togglePromoFailed,
  signInRequired: 'Admin sign-in required (Bearer).',
  adminOnly: 'Admin only: this account is not an administrator.',
  // Columns and cells.
  columns: {
    code: 'Code',
    uses: 'Uses',
    remaining: 'Remaining',
    licenseDays: 'License days',
    expires: 'Expires',
    status: 'Status',
    action: 'Action',
  },
  unlimited: 'Unlimited',
  /** A code the server sent in a shape SPEC.md section 3 does not describe: its row keeps its place. */
  unreadable: 'Unreadable promo code',
  unreadableStatus: 'Unreadable',
  unknownValue: '—',
  infinity: '∞',
  defaultDays: 'Default',
  never: 'Never',
  status: { active: 'Active', disabled: 'Disabled', expired: 'Expired', usedUp: 'Used up' },
  enable: 'Enable',
  disable: 'Disable',
  toggleLabel: (action: string, code: string) => `${action} ${code}`,
  copyLabel: (code: string) => `Copy code ${code}`,
} as const;

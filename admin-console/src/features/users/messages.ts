import { AUTH_MESSAGES, LICENSING_CLIENT_TEXTS, LICENSING_MESSAGES } from '@pitclock/contracts/schemas';

// Texts of the Users screen (/admin/users). SPEC.md sections 2, 5, 6 and 8 give the empty state, the
// validation, permission, failure and success texts (kept once in the contracts, shared with the
// services); the others are ours.
export const USERS_TEXT = {
  title: 'Users',
  loading: 'Loading users',
  loadFailed: 'Failed to load users',
  staleRows: 'Failed to load users: the rows below are from an earlier load.',
  empty: 'No users found.',
  noMatch: (q: string) => `No users match "${q}".`,
  noun: { one: 'user', other: 'users' },
  pages: 'Pages of users',
  search: 'Search users',
  searchPlaceholder: 'E-mail, name or ID',

  // Columns
  id: 'ID',
  email: 'Email',
  name: 'Name',
  admin: 'Admin',
  created: 'Created',
  licenseStatus: 'License status',
  actions: 'Actions',
  yes: 'yes',
  no: 'no',
  loadingStatus: 'Loading license status',
  unknownStatus: '—',

  // Admin toggle (SPEC.md section 6)
  adminToggle: (email: string) => `Admin ${email}`,
  cannotChangeOwnRole: AUTH_MESSAGES.cannotChangeOwnRole,
  adminOnly: LICENSING_MESSAGES.adminOnly,
  toggleFailed: 'Failed to toggle admin',

  // Licence status none: inline edit and delete
  edit: 'Edit',
  editUser: (email: string) => `Edit ${email}`,
  displayName: 'Display name',
  save: 'Save',
  cancel: 'Cancel',
  nameTooShort: AUTH_MESSAGES.nameTooShort,
  nameTooLong: AUTH_MESSAGES.nameTooLong,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  emailTooLong: AUTH_MESSAGES.emailTooLong,
  updateFailed: 'Failed to update',
  delete: 'Delete',
  deleteUser: (email: string) => `Delete ${email}`,
  deleteConfirm: 'Delete this user?',
  deleteFailed: 'Failed to delete',
  /** Beside the disabled Delete of the admin's own row: the server refuses it with the same text. */
  cannotDeleteSelf: AUTH_MESSAGES.cannotDeleteSelf,

  // Inactive: restore
  restore: 'Restore',
  restoreUser: (email: string) => `Restore ${email}`,
  restored: LICENSING_CLIENT_TEXTS.restored,
  restoreFailed: LICENSING_CLIENT_TEXTS.restoreFailed,
  noDeviceToRestore: LICENSING_MESSAGES.noDeviceToRestore,

  // Active: details
  details: 'Details',
  detailsOf: (email: string) => `Details ${email}`,
  detailsTitle: (email: string) => `Details: ${email}`,
  closeDetails: 'Close details',
  loadingDetails: 'Loading user details',
  detailsFailed: LICENSING_CLIENT_TEXTS.userDetailsFailed,
  creditBalance: 'Credit balance',
  addCreditsLabel: 'Credits to add',
  addCredits: 'Add credits',
  amountPositive: LICENSING_MESSAGES.amountPositive,
  amountTooLarge: LICENSING_MESSAGES.amountTooLarge,
  creditsAdded: LICENSING_CLIENT_TEXTS.creditsAdded,
  addCreditsFailed: LICENSING_CLIENT_TEXTS.addCreditsFailed,
  devicesCaption: 'Devices',
  revoke: 'Revoke',
  revokeDevice: (device: string) => `Revoke ${device}`,
  revokeConfirm: LICENSING_CLIENT_TEXTS.revokeConfirm,
  revokeFailed: LICENSING_CLIENT_TEXTS.revokeFailed,
  ledgerCaption: 'Recent ledger',
  devicesSearch: 'Search their devices',
  ledgerSearch: 'Search their ledger',
} as const;

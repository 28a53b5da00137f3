import { LICENSING_CLIENT_TEXTS, LICENSING_MESSAGES } from '@pitclock/contracts/schemas';

// Texts of the Licenses screen (/admin/licenses). SPEC.md sections 5 and 8 give the validation, failure
// and success texts (kept once in the contracts, shared with the licensing service); the others are ours.
export const LICENSES_TEXT = {
  title: 'Licenses',

  // User credit management
  creditsTitle: 'User credits',
  userLabel: 'User',
  userPlaceholder: 'Choose a user',
  findUser: 'Find a user',
  chooseUserHint: 'Choose a user to see and adjust their credits.',
  loadingUsers: 'Loading users',
  loadUsersFailed: 'Failed to load users',
  loadingCredits: 'Loading credits',
  loadCreditsFailed: 'Failed to load credits',
  currentCredits: 'Current credits',
  adjustTitle: 'Adjust credits',
  adjustmentLabel: 'Adjustment',
  adjustmentHint: 'A whole number: positive adds credits, negative removes them.',
  adjustmentPlaceholder: 'e.g. 10 or -5',
  apply: 'Apply',
  amountRequired: LICENSING_MESSAGES.amountRequired,
  amountTooLarge: LICENSING_MESSAGES.amountTooLarge,
  adjustFailed: LICENSING_CLIENT_TEXTS.adjustFailed,
  creditsUpdated: LICENSING_CLIENT_TEXTS.creditsUpdated,
  ledgerCaption: 'Recent ledger',

  // Activation code
  codeTitle: 'Generate activation code',
  codeHint: 'A one-time code that activates one device with one of your credits.',
  codeHintFor: (user: string) => `A one-time code that activates one device with one of ${user}'s credits.`,
  codeFor: (user: string) => `Code for ${user}:`,
  /** The chosen user while their e-mail is on its way. */
  userById: (id: number) => `user ${id}`,
  newCode: 'New Code',
  copyCode: 'Copy code',
  expires: 'Expires',
  mintFailed: LICENSING_CLIENT_TEXTS.mintFailed,

  // Manual activation
  activationTitle: 'Manual device activation',
  codeLabel: 'Activation code',
  deviceUidLabel: 'Device UID',
  deviceNameLabel: 'Device name (optional)',
  activate: 'Activate',
  activationRequired: LICENSING_MESSAGES.activationRequired,
  activationFailed: LICENSING_CLIENT_TEXTS.activationFailed,
  activationNoToken: LICENSING_CLIENT_TEXTS.activationNoToken,
  activated: 'Device activated.',
  deviceTokenLabel: 'Device token',
  copyToken: 'Copy token',

  // Registered devices
  devicesTitle: 'Registered devices',
  ownerLabel: 'Owner',
  findOwner: 'Find an owner',
  anyOwner: 'Any owner',
  statusLabel: 'Status',
  statuses: { any: 'Any', active: 'Active', revoked: 'Revoked' },
  loadingDevices: 'Loading devices',
  fetchDevicesFailed: LICENSING_CLIENT_TEXTS.fetchDevicesFailed,
  revoke: 'Revoke',
  restore: 'Restore',
  revokeDevice: (device: string) => `Revoke ${device}`,
  restoreDevice: (device: string) => `Restore ${device}`,
  revokeConfirm: LICENSING_CLIENT_TEXTS.revokeConfirm,
  revokeFailed: LICENSING_CLIENT_TEXTS.revokeFailed,
  restoreFailed: LICENSING_CLIENT_TEXTS.restoreFailed,
  restored: LICENSING_CLIENT_TEXTS.restored,
  revoked: 'Revoked',

  // Footer
  apiBase: 'API base',
  sameOrigin: 'same-origin',
} as const;

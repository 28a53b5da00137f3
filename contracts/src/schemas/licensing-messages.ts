// The texts, limits and code alphabet of the licensing rules, kept apart from the zod schemas of
// licensing.ts (which use them) so that a screen can show a text without loading zod; the forms validate
// with the schemas themselves.

import { PG_INTEGER_MAX } from './stored-values';

/** One clear text per refusal (SPEC.md sections 5 and 8, and the licensing issue). */
export const LICENSING_MESSAGES = {
  // Promo create (SPEC.md section 5).
  codeRequired: 'Code is required',
  codeTooLong: 'Code must be at most 64 characters',
  codeCharacters: 'Code may contain only letters, digits, - and _',
  maxUsesInvalid: 'Max uses must be a whole number of at least 0 (0 or empty means unlimited)',
  licenseDaysInvalid: 'License days must be a whole number of at least 1',
  expiresAtInvalid: 'Expiry must be an ISO date-time',
  expiresAtPast: 'Expiry must be in the future',
  codeTaken: 'A promo code with this code already exists.',
  promoNotFound: 'Promo code not found',
  // Redeem.
  deviceIdRequired: 'Device id is required',
  codeUnknown: 'This promo code does not exist.',
  codeDisabled: 'This promo code is disabled.',
  codeExpired: 'This promo code has expired.',
  codeUsedUp: 'This promo code has been used up.',
  alreadyRedeemedUser: 'You have already redeemed this promo code.',
  alreadyRedeemedDevice: 'This promo code has already been redeemed on this device.',
  deviceRevoked: "This device's licence has been revoked. Contact support.",
  // Activation (SPEC.md section 5: values trimmed, both required).
  activationRequired: 'Code and Device UID are required.',
  activationCodeUnknown: 'Activation code not found.',
  activationCodeUsed: 'This activation code has already been used.',
  activationCodeExpired: 'This activation code has expired.',
  noCredits: 'This account has no credits left. Ask an admin to add credits.',
  // Credits (SPEC.md section 5).
  userRequired: 'Choose a user',
  userNotFound: 'No such user',
  amountRequired: 'Enter a whole number of credits, positive or negative (not 0)',
  amountPositive: 'Enter an amount > 0',
  amountTooLarge: 'Amount must be at most 1000000 in size',
  balanceBelowZero: 'Credits cannot go below 0.',
  balanceTooLarge: `Credits cannot go above ${PG_INTEGER_MAX}.`,
  // Devices.
  noDeviceToRestore: 'No device to restore',
  noDeviceToRevoke: 'No device to revoke',
  deviceNotFound: 'Device not found',
  // Admin rights come from the auth service.
  adminOnly: 'Admin only',
  adminCheckUnavailable:
    'Admin rights cannot be checked right now (the auth service is unavailable). Try again shortly.',
} as const;

/** Client-side defaults and successes of the admin licences and users screens (SPEC.md section 8). */
export const LICENSING_CLIENT_TEXTS = {
  fetchDevicesFailed: 'Failed to fetch devices',
  mintFailed: 'Failed to mint code',
  activationFailed: 'Activation failed',
  activationNoToken: 'Activation succeeded but no token returned.',
  restoreFailed: 'Failed to restore',
  revokeFailed: 'Failed to revoke',
  adjustFailed: 'Failed to adjust credits',
  userDetailsFailed: 'Failed to load user details',
  addCreditsFailed: 'Failed to add credits',
  creditsUpdated: 'Credits updated.',
  creditsAdded: 'Credits added',
  restored: 'Restored',
  revokeConfirm: 'Revoke this device license?',
  loadPromoFailed: 'Failed to load promo codes',
  createPromoFailed: 'Failed to create promo code',
  togglePromoFailed: 'Failed to update promo code',
  redeemFailed: 'Redeem failed',
  noLicenseReturned: 'No license returned from server.',
  emptyPromoList: 'No promo codes found.',
} as const;

export const LICENSING_LIMITS = {
  codeMax: 64,
  deviceIdMax: 128,
  deviceNameMax: 200,
  /** max_uses and credit amounts fit a PostgreSQL integer with room to spare. */
  maxUsesMax: 1_000_000_000,
  licenseDaysMax: 36_500,
  creditAmountMax: 1_000_000,
  /** A balance is a PostgreSQL integer: a change that would pass it is refused (409 balance_too_large). */
  creditBalanceMax: PG_INTEGER_MAX,
  /** How many user ids one GET /licenses/statuses may ask for. */
  statusesUserIds: 1_000,
  /** How many ledger entries the "recent ledger" answers carry (newest first). */
  recentLedger: 50,
  /** Add-credits default on the users screen (SPEC.md section 2). */
  addCreditsDefault: 10,
} as const;

/** Activation codes use no 0/O, 1/I/L: 31 symbols, 8 of them in two groups of 4 (about 8.5e11 codes). */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACTIVATION_CODE_LENGTH = 8;

/**
 * An activation code as typed: spaces and dashes dropped, upper-cased ('abcd-efgh ' -> 'ABCDEFGH').
 * The stored form; shown as two groups by formatActivationCode.
 */
export const normalizeActivationCode = (input: string): string => input.replace(/[\s-]+/g, '').toUpperCase();

/** 'ABCDEFGH' -> 'ABCD-EFGH'. */
export const formatActivationCode = (code: string): string =>
  code.length === ACTIVATION_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

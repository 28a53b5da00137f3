// The texts, limits and e-mail shape of the account rules, kept apart from the zod schemas of auth.ts
// (which use them) so that a screen can show a text without loading zod; the forms validate with the
// schemas themselves.

/** Texts of SPEC.md section 5 (signup) and section 8 (login), shared by forms, services and e2e. */
export const AUTH_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  emailInvalid: 'Enter a valid email address',
  emailRequired: 'Email is required',
  emailTooLong: 'Email must be at most 254 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordHint: 'Password must be at least 8 characters.',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 1024 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  noToken: 'No token returned from server',
  registered: 'Account created. Please sign in.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  cannotChangeOwnRole: 'Cannot change own role',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdmin: 'At least one admin must remain.',
  userNotFound: 'User not found',
  nothingToUpdate: 'Nothing to update: send display_name or email',
} as const;

export const LIMITS = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 1024,
  nameMin: 2,
  nameMax: 100,
  deviceIdMax: 128,
  deviceNameMax: 200,
  tokenMax: 8192,
  /** GET /admin/signup-events page size (SPEC.md section 9). */
  signupEventsPage: 100,
  filterMax: 254,
  /** GET /users?ids=: ids in one lookup. */
  userIdsMax: 200,
} as const;

/**
 * The simple x@y.z shape of SPEC.md section 5: no whitespace, one @, a dot inside the domain (not its first
 * or last character). Written so that it matches in linear time: the domain's first character, then
 * everything up to its first later dot (no dot), then the rest; no two quantifiers can trade characters.
 * Check the length (LIMITS.emailMax) before it all the same.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

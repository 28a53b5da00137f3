import { z } from 'zod';
import { LicenseStatus, UserId } from './auth';
import { LicenseCheckResponse, LicenseJwk, LicensePublicKeyResponse } from './licensing-answers';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  LICENSING_CLIENT_TEXTS,
  LICENSING_LIMITS,
  LICENSING_MESSAGES,
  formatActivationCode,
  normalizeActivationCode,
} from './licensing-messages';
import { LICENSE_ALG, readDeviceLicense } from './licensing-token';
import { verifyDeviceLicense } from './licensing-verify';
import { definePage, pageAnswer, pageQueryShape, toPageRequest } from './pages';
import { PG_INTEGER_MAX, isStorableInstant } from './stored-values';

export {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  LICENSE_ALG,
  LICENSING_CLIENT_TEXTS,
  LICENSING_LIMITS,
  LICENSING_MESSAGES,
  LicenseCheckResponse,
  LicenseJwk,
  LicensePublicKeyResponse,
  formatActivationCode,
  normalizeActivationCode,
  readDeviceLicense,
  verifyDeviceLicense,
};
export type {
  DeviceLicenseClaims,
  LicenseJwkLike,
  LicensePublicKey,
  LicenseVerification,
} from './licensing-token';

const m = LICENSING_MESSAGES;
const L = LICENSING_LIMITS;

/** An empty form field ('' or null) counts as left out. */
const blankAsUnset = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A whole number typed in a form may arrive as a string: ' 12 ' or '-3' become numbers, anything else stays. */
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*[+-]?\d{1,12}\s*$/.test(value) ? Number(value) : value;

/** A path id (/promo-codes/{id}, /licenses/devices/{id}): a positive whole number of at most 10 digits. */
const RecordIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive().max(PG_INTEGER_MAX));
export const PromoCodeIdParam = RecordIdParam;
export const DeviceIdParam = RecordIdParam;

/** A user id in a body: a positive whole number (a numeric string is accepted). */
const UserIdInput = z.preprocess(
  (value) => numericText(blankAsUnset(value)),
  z.number({ error: m.userRequired }).int(m.userRequired).positive(m.userRequired).max(PG_INTEGER_MAX),
);

const isoInstant = z.iso
  .datetime({ offset: true, error: m.expiresAtInvalid })
  .refine(isStorableInstant, m.expiresAtInvalid);

// ---------------------------------------------------------------------------------------------------
// Promo codes

/**
 * POST /promo-codes (admin), SPEC.md section 5: code required and trimmed ('Code is required'), stored
 * upper-case; max_uses a whole number >= 0 where empty or 0 means unlimited (answered as null);
 * license_days optional, >= 1 (empty: the service's default); expires_at optional ISO date-time.
 */
export const CreatePromoCodeRequest = z.object({
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .max(L.codeMax, m.codeTooLong)
    .toUpperCase()
    .regex(/^[A-Z0-9_-]+$/, m.codeCharacters),
  max_uses: z
    .preprocess(
      (value) => numericText(blankAsUnset(value)),
      z
        .number({ error: m.maxUsesInvalid })
        .int(m.maxUsesInvalid)
        .min(0, m.maxUsesInvalid)
        .max(L.maxUsesMax, m.maxUsesInvalid)
        .optional(),
    )
    .transform((value) => (value === undefined || value === 0 ? null : value)),
  license_days: z
    .preprocess(
      (value) => numericText(blankAsUnset(value)),
      z
        .number({ error: m.licenseDaysInvalid })
        .int(m.licenseDaysInvalid)
        .min(1, m.licenseDaysInvalid)
        .max(L.licenseDaysMax, m.licenseDaysInvalid)
        .optional(),
    )
    .transform((value) => value ?? null),
  expires_at: z
    .preprocess(blankAsUnset, isoInstant.optional())
    .transform((value) => (value === undefined ? null : new Date(value).toISOString())),
});
export type CreatePromoCodeRequest = z.input<typeof CreatePromoCodeRequest>;
export type CreatePromoCode = z.output<typeof CreatePromoCodeRequest>;

/** A promo code as the admin list shows it. max_uses and remaining_uses are null when unlimited. */
export const PromoCode = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  max_uses: z.number().int().positive().nullable(),
  used_count: z.number().int().nonnegative(),
  remaining_uses: z.number().int().nonnegative().nullable(),
  /** null: the service's default licence length applies. */
  license_days: z.number().int().positive().nullable(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof PromoCode>;

/** GET /promo-codes: newest first. */
export const PromoCodesResponse = z.array(PromoCode);
export type PromoCodesResponse = z.infer<typeof PromoCodesResponse>;

/** POST /promo-codes/redeem: code trimmed and upper-cased; device_id is the client's stored device id. */
export const RedeemRequest = z.object({
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .max(L.codeMax, m.codeTooLong)
    .toUpperCase(),
  device_id: z
    .string({ error: m.deviceIdRequired })
    .trim()
    .min(1, m.deviceIdRequired)
    .max(L.deviceIdMax, `Device id must be at most ${L.deviceIdMax} characters`),
});
export type RedeemRequest = z.infer<typeof RedeemRequest>;

/** The device licence (a compact JWS, see licensing-token.ts) and its expiry. */
export const RedeemResponse = z.object({
  license: z.string().min(1),
  expires_at: z.string(),
  device_id: z.string(),
  user_id: UserId,
});
export type RedeemResponse = z.infer<typeof RedeemResponse>;

// ---------------------------------------------------------------------------------------------------
// Device licences (the public key and the check's answers, which the browser reads: licensing-answers.ts)

/** POST /licenses/check (signed in): the app's online check of its device. */
export const LicenseCheckRequest = z.object({ device_id: RedeemRequest.shape.device_id });
export type LicenseCheckRequest = z.infer<typeof LicenseCheckRequest>;

// ---------------------------------------------------------------------------------------------------
// Credits

export const LedgerEntry = z.object({
  id: z.number().int().positive(),
  delta: z.number().int(),
  /** admin_adjust, admin_grant or activation. */
  reason: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** GET /licenses/credits?user_id= (admin). */
export const CreditsQuery = z.object({ user_id: UserIdInput });
export type CreditsQuery = z.infer<typeof CreditsQuery>;

/** The balance (always the sum of the ledger) and the recent ledger, newest first. */
export const CreditsResponse = z.object({
  user_id: UserId,
  balance: z.number().int().nonnegative(),
  ledger: z.array(LedgerEntry),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

/** POST /licenses/credits/admin-adjust (admin): a signed whole number, not 0. */
export const AdminAdjustRequest = z.object({
  user_id: UserIdInput,
  amount: z.preprocess(
    (value) => numericText(blankAsUnset(value)),
    z
      .number({ error: m.amountRequired })
      .int(m.amountRequired)
      .refine((value) => value !== 0, m.amountRequired)
      .refine((value) => Math.abs(value) <= L.creditAmountMax, m.amountTooLarge),
  ),
});
export type AdminAdjustRequest = z.infer<typeof AdminAdjustRequest>;

/** POST /users/{id}/credits (admin): amount > 0 ('Enter an amount > 0'). */
export const AddCreditsRequest = z.object({
  amount: z.preprocess(
    (value) => numericText(blankAsUnset(value)),
    z
      .number({ error: m.amountPositive })
      .int(m.amountPositive)
      .positive(m.amountPositive)
      .max(L.creditAmountMax, m.amountTooLarge),
  ),
});
export type AddCreditsRequest = z.infer<typeof AddCreditsRequest>;

/** The answer of both credit changes: the new balance and the entry just appended. */
export const CreditChangeResponse = z.object({
  user_id: UserId,
  balance: z.number().int().nonnegative(),
  entry: LedgerEntry,
});
export type CreditChangeResponse = z.infer<typeof CreditChangeResponse>;

// ---------------------------------------------------------------------------------------------------
// Activation codes

/** POST /licenses/codes (admin): for user_id, or for the calling admin when the body is empty. */
export const MintActivationCodeRequest = z.preprocess(
  (body) => body ?? {},
  z.object({ user_id: UserIdInput.optional() }),
);
export type MintActivationCodeRequest = z.infer<typeof MintActivationCodeRequest>;

export const ActivationCodeResponse = z.object({
  /** 8 symbols of ACTIVATION_CODE_ALPHABET in two groups: 'ABCD-EFGH'. */
  code: z.string(),
  expires_at: z.string(),
  user_id: UserId,
});
export type ActivationCodeResponse = z.infer<typeof ActivationCodeResponse>;

const activationField = z.string({ error: m.activationRequired }).trim().min(1, m.activationRequired);

/** POST /license/activate: code and device UID required after trimming; device name omitted when empty. */
export const ActivateRequest = z.object({
  code: activationField.max(L.codeMax, m.codeTooLong).transform(normalizeActivationCode),
  device_uid: activationField.max(L.deviceIdMax, `Device UID must be at most ${L.deviceIdMax} characters`),
  device_name: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : blankAsUnset(value)),
    z
      .string()
      .trim()
      .max(L.deviceNameMax, `Device name must be at most ${L.deviceNameMax} characters`)
      .optional(),
  ),
});
export type ActivateRequest = z.infer<typeof ActivateRequest>;

/** device_token is a device licence (the same signed format as a redeemed licence). */
export const ActivateResponse = z.object({
  device_token: z.string().min(1),
  device_id: z.number().int().positive(),
  user_id: UserId,
  expires_at: z.string(),
  balance: z.number().int().nonnegative(),
});
export type ActivateResponse = z.infer<typeof ActivateResponse>;

// ---------------------------------------------------------------------------------------------------
// Devices

/** A registered device: device_id is the server's id, device_uid the client's device id. */
export const Device = z.object({
  device_id: z.number().int().positive(),
  user_id: UserId,
  device_uid: z.string(),
  device_name: z.string().nullable(),
  last_seen: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  license_expires_at: z.string(),
  created_at: z.string(),
});
export type Device = z.infer<typeof Device>;

/** GET /licenses/devices?user_id= (admin): every device (of one user when user_id is given). */
export const DevicesQuery = z.object({ user_id: z.preprocess(blankAsUnset, UserIdInput.optional()) });
export type DevicesQuery = z.infer<typeof DevicesQuery>;

export const DevicesResponse = z.array(Device);
export type DevicesResponse = z.infer<typeof DevicesResponse>;

/** GET /users/{id}/licenses (admin). */
export const UserLicensesResponse = z.object({
  user_id: UserId,
  license_status: LicenseStatus,
  balance: z.number().int().nonnegative(),
  devices: z.array(Device),
  ledger: z.array(LedgerEntry),
});
export type UserLicensesResponse = z.infer<typeof UserLicensesResponse>;

const userIdsText = 'must be a comma-separated list of user ids';

/**
 * GET /licenses/statuses?user_ids=1,2,3 (admin): the licence status the admin users list merges in. At
 * most LICENSING_LIMITS.statusesUserIds ids, each a PostgreSQL integer; the length is checked first.
 */
export const LicenseStatusesQuery = z.object({
  user_ids: z.preprocess(
    blankAsUnset,
    z
      .string()
      .max(L.statusesUserIds * 11, { error: userIdsText, abort: true })
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: userIdsText, abort: true })
      .transform((value) => value.split(',').map(Number))
      .pipe(z.array(z.number().max(PG_INTEGER_MAX, userIdsText)).max(L.statusesUserIds, userIdsText))
      .transform((ids) => [...new Set(ids)])
      .optional(),
  ),
});
export type LicenseStatusesQuery = z.infer<typeof LicenseStatusesQuery>;

/** Users without a device are 'none' (and listed only when asked for by user_ids). */
export const LicenseStatusesResponse = z.array(z.object({ user_id: UserId, license_status: LicenseStatus }));
export type LicenseStatusesResponse = z.infer<typeof LicenseStatusesResponse>;

const half = ACTIVATION_CODE_LENGTH / 2;
/** A whole activation code as shown ('ABCD-EFGH'; the dash optional), for forms. */
export const ACTIVATION_CODE_PATTERN = new RegExp(
  `^[${ACTIVATION_CODE_ALPHABET}]{${half}}-?[${ACTIVATION_CODE_ALPHABET}]{${half}}$`,
);

// ---------------------------------------------------------------------------------------------------
// Pages of the admin lists (pages.ts): asked for with q, sort, limit or cursor

/** The sorts of GET /licenses/devices pages (device_name sorts a missing name as empty). */
export const DEVICES_PAGE = definePage({
  columns: {
    device_id: 'int',
    device_uid: 'text',
    device_name: 'text',
    last_seen: 'instant',
    created_at: 'instant',
    license_expires_at: 'instant',
  },
  defaultSort: 'device_id',
});

/**
 * GET /licenses/devices as a page: user_id (one user's devices), status (active or revoked), q (part of
 * the device UID or name, any case), sort, limit, cursor.
 */
export const DevicesPageQuery = z
  .object({
    user_id: DevicesQuery.shape.user_id,
    status: z.preprocess(blankAsUnset, z.enum(['active', 'revoked']).optional()),
    ...pageQueryShape(DEVICES_PAGE),
  })
  .transform(({ user_id, status, ...fields }, ctx) => ({
    user_id,
    status,
    page: toPageRequest(DEVICES_PAGE, fields, ctx),
  }));
export type DevicesPageQuery = z.infer<typeof DevicesPageQuery>;
/** The query keys of GET /licenses/devices that ask for a page besides the page keys themselves. */
export const DEVICES_PAGE_FILTER_KEYS = ['status'] as const;

export const DevicesPageResponse = pageAnswer(Device);
export type DevicesPageResponse = z.infer<typeof DevicesPageResponse>;

/** The sorts of GET /promo-codes pages. */
export const PROMO_CODES_PAGE = definePage({
  columns: { id: 'int', code: 'text', created_at: 'instant', used_count: 'int' },
  defaultSort: '-id',
});

/** GET /promo-codes as a page: q (part of the code, any case), sort, limit, cursor. */
export const PromoCodesPageQuery = z
  .object(pageQueryShape(PROMO_CODES_PAGE))
  .transform((fields, ctx) => ({ page: toPageRequest(PROMO_CODES_PAGE, fields, ctx) }));
export type PromoCodesPageQuery = z.infer<typeof PromoCodesPageQuery>;

export const PromoCodesPageResponse = pageAnswer(PromoCode);
export type PromoCodesPageResponse = z.infer<typeof PromoCodesPageResponse>;

/** The sorts of a credit ledger's pages (GET /licenses/credits). */
export const LEDGER_PAGE = definePage({
  columns: { id: 'int', created_at: 'instant', delta: 'int' },
  defaultSort: '-id',
});

/** GET /licenses/credits?user_id= as a page of the ledger: q (part of the reason), sort, limit, cursor. */
export const CreditsPageQuery = z
  .object({ user_id: CreditsQuery.shape.user_id, ...pageQueryShape(LEDGER_PAGE) })
  .transform(({ user_id, ...fields }, ctx) => ({ user_id, page: toPageRequest(LEDGER_PAGE, fields, ctx) }));
export type CreditsPageQuery = z.infer<typeof CreditsPageQuery>;

/** The balance with a page of the ledger. */
export const CreditsPageResponse = z.object({
  user_id: UserId,
  balance: z.number().int().nonnegative(),
  ...pageAnswer(LedgerEntry).shape,
});
export type CreditsPageResponse = z.infer<typeof CreditsPageResponse>;

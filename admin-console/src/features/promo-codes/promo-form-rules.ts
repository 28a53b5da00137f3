import { API_ERROR_CODES } from '@pitclock/contracts';
import { CreatePromoCodeRequest } from '@pitclock/contracts/schemas';
import type { AdminError } from '../../store';

export type PromoField = 'code' | 'max_uses' | 'license_days' | 'expires_at';
export type PromoFieldErrors = Partial<Record<PromoField, string>>;

/** What the create form holds: the code as typed, numbers (null when empty), a datetime-local value. */
export type PromoDraft = {
  code: string;
  maxUses: number | null;
  licenseDays: number | null;
  /** 'YYYY-MM-DDTHH:MM' in the device's time zone, or ''. */
  expiresAt: string;
};

export const EMPTY_DRAFT: PromoDraft = { code: '', maxUses: null, licenseDays: null, expiresAt: '' };

const FIELDS: readonly PromoField[] = ['code', 'max_uses', 'license_days', 'expires_at'];

/** A datetime-local value (local wall-clock time) as an ISO instant; an unreadable value is kept as is. */
export function localDateTimeToIso(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/**
 * The body of POST /promo-codes (SPEC.md section 5): code trimmed and upper-cased, max_uses and
 * license_days omitted when empty, expiry sent as an ISO timestamp. Checked with the contracts' schema
 * (the server's own rules and texts): either the body or the first text per field.
 */
export function toCreateBody(
  draft: PromoDraft,
): { ok: true; body: CreatePromoCodeRequest } | { ok: false; errors: PromoFieldErrors } {
  const input: CreatePromoCodeRequest = {
    code: draft.code,
    ...(draft.maxUses === null ? {} : { max_uses: draft.maxUses }),
    ...(draft.licenseDays === null ? {} : { license_days: draft.licenseDays }),
    ...(draft.expiresAt.trim() === '' ? {} : { expires_at: localDateTimeToIso(draft.expiresAt) }),
  };
  const parsed = CreatePromoCodeRequest.safeParse(input);
  if (!parsed.success) {
    const errors: PromoFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, body: { ...input, code: parsed.data.code } };
}

/** The field a refused create belongs beside (a 400 about one input, or 409 code_taken), if any. */
export function fieldOfError(error: AdminError): PromoField | undefined {
  if (error.code === API_ERROR_CODES.codeTaken) return 'code';
  if (error.code !== API_ERROR_CODES.validationFailed) return undefined;
  return FIELDS.find((field) => field === error.field);
}

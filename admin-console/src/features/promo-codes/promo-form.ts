import { API_ERROR_CODES } from '@pitclock/contracts';
import type { CreatePromoCode, CreatePromoCodeRequest } from '@pitclock/contracts/schemas';
import type { AdminError } from '../../store';

export type PromoField = keyof CreatePromoCodeRequest;

const FIELDS: readonly PromoField[] = ['code', 'max_uses', 'license_days', 'expires_at'];

/** An empty create form: numbers are null while empty, the expiry a datetime-local value or ''. */
export const EMPTY_PROMO_FORM = { code: '', max_uses: null, license_days: null, expires_at: '' };

/** A datetime-local value (local wall-clock time) as an ISO instant; an unreadable value is kept as is. */
export function localDateTimeToIso(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/**
 * The body of POST /promo-codes (SPEC.md section 5) from what the server's rules made of the form: code
 * trimmed and upper-cased, expiry an ISO timestamp; what is left empty (unlimited uses, the default
 * days, no expiry) is left out.
 */
export function toCreateBody({
  code,
  max_uses,
  license_days,
  expires_at,
}: CreatePromoCode): CreatePromoCodeRequest {
  return {
    code,
    ...(max_uses === null ? {} : { max_uses }),
    ...(license_days === null ? {} : { license_days }),
    ...(expires_at === null ? {} : { expires_at }),
  };
}

/** The field a refused create belongs beside (a 400 about one input, or 409 code_taken), if any. */
export function fieldOfError(error: AdminError): PromoField | undefined {
  if (error.code === API_ERROR_CODES.codeTaken) return 'code';
  if (error.code !== API_ERROR_CODES.validationFailed) return undefined;
  return FIELDS.find((field) => field === error.field);
}

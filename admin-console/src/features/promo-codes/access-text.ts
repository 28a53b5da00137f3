import type { AdminError } from '../../store';
import { PROMO_CODES_TEXT } from './messages';

/**
 * SPEC.md section 6: the promo list says 'Admin sign-in required (Bearer).' on 401 (no valid token even
 * after the client's refresh); a signed-in user who is not an admin gets 403. Other failures: undefined.
 */
export function accessText(error: AdminError): string | undefined {
  if (error.status === 401) return PROMO_CODES_TEXT.signInRequired;
  if (error.status === 403) return PROMO_CODES_TEXT.adminOnly;
  return undefined;
}

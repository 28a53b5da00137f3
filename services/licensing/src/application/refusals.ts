import { LICENSING_MESSAGES } from '@pitclock/contracts/schemas';
import { HttpError } from '@pitclock/kit';
import type { ActivationRefusal } from '../domain/activation';
import type { RedeemRefusal } from '../domain/promo-codes';

const m = LICENSING_MESSAGES;

/** One status and one clear text per refusal; the error code is the reason itself. */
const refusals: Record<RedeemRefusal | ActivationRefusal, [number, string]> = {
  code_unknown: [404, m.codeUnknown],
  code_disabled: [409, m.codeDisabled],
  code_expired: [409, m.codeExpired],
  code_used_up: [409, m.codeUsedUp],
  already_redeemed_user: [409, m.alreadyRedeemedUser],
  already_redeemed_device: [409, m.alreadyRedeemedDevice],
  device_revoked: [403, m.deviceRevoked],
  activation_code_unknown: [404, m.activationCodeUnknown],
  activation_code_used: [409, m.activationCodeUsed],
  activation_code_expired: [409, m.activationCodeExpired],
  no_credits: [409, m.noCredits],
};

export const refusal = (reason: RedeemRefusal | ActivationRefusal): HttpError => {
  const [status, message] = refusals[reason];
  return new HttpError(status, reason, message);
};

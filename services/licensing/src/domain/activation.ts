import { randomBytes } from 'node:crypto';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH } from '@pitclock/contracts/schemas';
import { isExpired } from './promo-codes';

export type ActivationRefusal =
  | 'activation_code_unknown'
  | 'activation_code_used'
  | 'activation_code_expired'
  | 'device_revoked'
  | 'no_credits';

/**
 * A new activation code: ACTIVATION_CODE_LENGTH symbols of the unambiguous alphabet, uniformly drawn
 * (bytes at or above the largest multiple of the alphabet size are drawn again, so no symbol is favoured).
 */
export const newActivationCode = (random: (size: number) => Buffer = randomBytes): string => {
  const size = ACTIVATION_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < ACTIVATION_CODE_LENGTH) {
    for (const byte of random(ACTIVATION_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += ACTIVATION_CODE_ALPHABET[byte % size];
      if (code.length === ACTIVATION_CODE_LENGTH) break;
    }
  }
  return code;
};

/** A code may be used once, before it expires. */
export const decideActivationCode = (
  code: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): ActivationRefusal | null => {
  if (!code) return 'activation_code_unknown';
  if (code.usedAt !== null) return 'activation_code_used';
  if (isExpired(code.expiresAt, now)) return 'activation_code_expired';
  return null;
};

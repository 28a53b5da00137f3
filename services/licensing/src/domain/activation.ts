import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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

/** Separates this key from every other use of the secret it is derived from (JWT_SECRET). */
const HASH_KEY_CONTEXT = 'pitclock/licensing/activation-code/v1';

/**
 * What is stored of an activation code instead of the code, and what an activation looks it up by (the
 * normalised code: 'ABCDEFGH'). Not a bare SHA-256 as for refresh tokens: a code has about 40 bits, which
 * a GPU tries in about a minute, so a copy of the database would give up every live code. An HMAC with a
 * key derived from a secret that is not in the database does not.
 */
export type ActivationCodeHashes = {
  /** The hash a new code is stored under. */
  of: (code: string) => string;
  /**
   * The hashes a typed code may be stored under: its keyed hash, and the bare SHA-256 that migration 0002
   * gave the codes minted before it (they expire within ACTIVATION_CODE_TTL_MINUTES of the upgrade).
   */
  candidates: (code: string) => string[];
};

export const createActivationCodeHashes = (secret: string): ActivationCodeHashes => {
  const key = Buffer.from(hkdfSync('sha256', secret, '', HASH_KEY_CONTEXT, 32));
  const of = (code: string) => createHmac('sha256', key).update(code, 'utf8').digest('hex');
  const legacy = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
  return { of, candidates: (code) => [of(code), legacy(code)] };
};

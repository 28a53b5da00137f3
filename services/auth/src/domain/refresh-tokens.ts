import { createHash, randomBytes } from 'node:crypto';

/** A new opaque refresh token: 256 random bits, base64url. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token: its SHA-256 in hex. */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const dayMs = 86_400_000;

/** The absolute end of a family started at `now`. */
export const familyExpiry = (now: Date, ttlDays: number): Date => new Date(now.getTime() + ttlDays * dayMs);

export type RefreshTokenState = {
  usedAt: Date | null;
  revokedAt: Date | null;
  familyExpiresAt: Date;
};

/**
 * rotate: unused and valid, so it is marked used and a successor minted.
 * grace: already used less than graceMs ago (two tabs refreshing at once): a second successor is minted.
 * reuse: already used earlier: a stolen or replayed token, so the whole family is revoked.
 * revoked: the family was revoked (logout, reuse); expired: the family is past its absolute expiry.
 */
export type RefreshDecision = 'rotate' | 'grace' | 'reuse' | 'revoked' | 'expired';

export const decideRefresh = ({
  token,
  familyRevoked,
  now,
  graceMs,
}: {
  token: RefreshTokenState;
  familyRevoked: boolean;
  now: Date;
  graceMs: number;
}): RefreshDecision => {
  if (familyRevoked || token.revokedAt !== null) return 'revoked';
  if (now.getTime() >= token.familyExpiresAt.getTime()) return 'expired';
  if (token.usedAt === null) return 'rotate';
  // A request that read the clock before the one that used the token counts as simultaneous.
  const sinceUse = Math.max(0, now.getTime() - token.usedAt.getTime());
  return sinceUse < graceMs ? 'grace' : 'reuse';
};

/** Decisions that hand out a new token pair. */
export const mints = (decision: RefreshDecision): boolean => decision === 'rotate' || decision === 'grace';

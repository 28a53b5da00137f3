import { createHash } from 'node:crypto';

export const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const INVITE_CODE_LENGTH = 8;

/**
 * An invite code of 8 characters [A-Z0-9]; `randomIndex(n)` answers a uniform whole number below n (the
 * caller passes crypto.randomInt: no modulo bias, no Math.random).
 */
export const inviteCode = (randomIndex: (below: number) => number): string =>
  Array.from(
    { length: INVITE_CODE_LENGTH },
    () => INVITE_CODE_ALPHABET[randomIndex(INVITE_CODE_ALPHABET.length)]!,
  ).join('');

/** Codes are stored only as this (hex SHA-256 of the upper-case code). */
export const hashInviteCode = (code: string): string =>
  createHash('sha256').update(code.trim().toUpperCase()).digest('hex');

export const inviteExpiry = (now: Date, ttlHours: number): Date =>
  new Date(now.getTime() + ttlHours * 3_600_000);

/** Whether an invite can still be used at `now`. */
export const inviteUsable = (invite: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean =>
  invite.usedAt === null && invite.expiresAt.getTime() > now.getTime();

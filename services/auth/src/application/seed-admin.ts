import { randomBytes } from 'node:crypto';
import type { Logger } from '@pitclock/kit';
import type { UsersRepository } from '../data-access';
import type { PasswordHasher } from '../domain/passwords';

export type SeedAdminResult =
  | { outcome: 'skipped' }
  | { outcome: 'exists'; email: string }
  | { outcome: 'promoted'; email: string }
  | { outcome: 'refused'; email: string }
  | { outcome: 'created'; email: string; generatedPassword?: string };

/** A password for the first admin when ADMIN_PASSWORD is not given: 144 random bits. */
const generatePassword = () => randomBytes(18).toString('base64url');

export type SeedAdminDeps = {
  users: UsersRepository;
  passwords: PasswordHasher;
  logger: Logger;
  clock: () => Date;
};

/**
 * The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, idempotent: an existing admin is left as it is
 * (its password is never reset). An existing non-admin account with that e-mail is promoted only when
 * ADMIN_PASSWORD is its password; otherwise whoever registered the address first would become admin.
 * Concurrent starts are safe: the insert does nothing when the e-mail already exists.
 */
export const seedAdmin = async (
  deps: SeedAdminDeps,
  { email, password }: { email: string | undefined; password: string | undefined },
): Promise<SeedAdminResult> => {
  const { users, passwords, logger, clock } = deps;
  if (!email) return { outcome: 'skipped' };
  const existing = await users.findByEmail(email);
  if (existing?.isAdmin) return { outcome: 'exists', email: existing.email };
  if (existing) {
    if (password !== undefined && (await passwords.verify(existing.passwordHash, password))) {
      await users.setAdmin(existing.id, true);
      logger.info({ userId: existing.id }, 'ADMIN_EMAIL account promoted to admin');
      return { outcome: 'promoted', email: existing.email };
    }
    logger.error(
      { userId: existing.id },
      'ADMIN_EMAIL belongs to an account that is not an admin and ADMIN_PASSWORD is not its password: not promoted',
    );
    return { outcome: 'refused', email: existing.email };
  }
  const chosen = password ?? generatePassword();
  const created = await users.create({
    email,
    name: 'Admin',
    passwordHash: await passwords.hash(chosen),
    isAdmin: true,
    createdAt: clock(),
  });
  if (created === 'email_taken') {
    // Another instance created it at the same moment: its outcome is the one that counts.
    return seedAdmin(deps, { email, password });
  }
  logger.info({ userId: created.id }, 'first admin account created from ADMIN_EMAIL');
  return password === undefined
    ? { outcome: 'created', email: created.email, generatedPassword: chosen }
    : { outcome: 'created', email: created.email };
};

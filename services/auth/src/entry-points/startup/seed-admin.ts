import type { Logger } from '@pitclock/kit';
import { seedAdmin, type SeedAdminDeps, type SeedAdminResult } from '../../application/seed-admin';

/** What `npm start` shows when the admin's password was generated (printed once, at creation). */
export const adminSignInNotice = (email: string, password: string): string =>
  [
    '',
    '  PitClock admin account created.',
    `  Sign in at /login with e-mail ${email} and password ${password}`,
    '  This password is shown only now. Set ADMIN_PASSWORD to choose it yourself.',
    '',
  ].join('\n');

/**
 * At start (main.ts): seeds the first admin from ADMIN_EMAIL / ADMIN_PASSWORD and, when the password
 * was generated, prints how to sign in (once: on later starts the admin exists and nothing is printed).
 */
export const seedFirstAdmin = async ({
  config,
  users,
  passwords,
  logger,
  clock = () => new Date(),
  print = (text: string) => process.stdout.write(text),
}: {
  config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string };
  users: SeedAdminDeps['users'];
  passwords: SeedAdminDeps['passwords'];
  logger: Logger;
  clock?: () => Date;
  print?: (text: string) => void;
}): Promise<SeedAdminResult> => {
  const result = await seedAdmin(
    { users, passwords, logger, clock },
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
  );
  if (result.outcome === 'created' && result.generatedPassword) {
    print(`${adminSignInNotice(result.email, result.generatedPassword)}\n`);
  }
  return result;
};

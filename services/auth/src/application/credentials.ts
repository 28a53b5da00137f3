import type { Logger } from '@pitclock/kit';
import type { UserRow, UsersRepository } from '../data-access';
import type { PasswordHasher } from '../domain/passwords';

export type CredentialsDeps = { users: UsersRepository; passwords: PasswordHasher; logger: Logger };

/**
 * The account of an e-mail and password, or false. An unknown e-mail costs the same argon2 verification
 * as a wrong password (against a fixed dummy hash), so the answer time does not reveal which accounts
 * exist; a hash stored with older parameters is upgraded now that the password is known.
 */
export const verifyCredentials = async (
  { users, passwords, logger }: CredentialsDeps,
  email: string,
  password: string,
): Promise<UserRow | false> => {
  const user = await users.findByEmail(email);
  if (!user) return passwords.verifyUnknown(password);
  if (!(await passwords.verify(user.passwordHash, password))) return false;
  if (passwords.needsRehash(user.passwordHash)) {
    await users.setPasswordHash(user.id, await passwords.hash(password));
    logger.info({ userId: user.id }, 'password re-hashed with the current argon2id parameters');
  }
  return user;
};

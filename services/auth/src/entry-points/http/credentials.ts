import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { UserRow, UsersRepository } from '../../data-access';
import type { PasswordHasher } from '../../domain/passwords';
import type { Logger } from '@pitclock/kit';

/** Checks e-mail and password of req.body (already parsed); resolves the user or false. */
export type CheckCredentials = (req: Request, res: Response) => Promise<UserRow | false>;

/**
 * passport-local with usernameField 'email'. An unknown e-mail costs the same argon2 verification as a
 * wrong password (against a fixed dummy hash), so the answer time does not reveal which accounts exist.
 */
export const createCredentialsCheck = ({
  users,
  passwords,
  logger,
}: {
  users: UsersRepository;
  passwords: PasswordHasher;
  logger: Logger;
}): CheckCredentials => {
  const verify = async (email: string, password: string): Promise<UserRow | false> => {
    const user = await users.findByEmail(email);
    if (!user) return passwords.verifyUnknown(password);
    if (!(await passwords.verify(user.passwordHash, password))) return false;
    if (passwords.needsRehash(user.passwordHash)) {
      // Stored with older parameters: upgrade now that the password is known.
      await users.setPasswordHash(user.id, await passwords.hash(password));
      logger.info({ userId: user.id }, 'password re-hashed with the current argon2id parameters');
    }
    return user;
  };

  const passport = new Passport();
  passport.use(
    'local',
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false },
      (email, password, done) => {
        verify(email, password).then(
          (user) => done(null, user),
          (err: unknown) => done(err),
        );
      },
    ),
  );

  return (req, res) =>
    new Promise((resolve, reject) => {
      passport.authenticate(
        'local',
        { session: false },
        (err: unknown, user: UserRow | false | undefined) => {
          if (err) reject(err);
          else resolve(user ?? false);
        },
      )(req, res, reject);
    });
};

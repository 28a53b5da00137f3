import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { verifyCredentials, type CredentialsDeps } from '../../application/credentials';
import type { UserRow } from '../../application/records';

/** Checks e-mail and password of req.body (already parsed); resolves the user or false. */
export type CheckCredentials = (req: Request, res: Response) => Promise<UserRow | false>;

/** passport-local with usernameField 'email', verifying with the application's verifyCredentials. */
export const createCredentialsCheck = (deps: CredentialsDeps): CheckCredentials => {
  const passport = new Passport();
  passport.use(
    'local',
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false },
      (email, password, done) => {
        verifyCredentials(deps, email, password).then(
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

import type { Db } from '@pitclock/kit';
import { signupEvents, users, type UserRow } from './schema';
import type { NewSignupEvent } from './signup-events-repository';
import { newUserRow, type NewUser } from './users-repository';

export type RegistrationsRepository = {
  /**
   * Creates the user and its signup event (success) in one transaction; when an account has the same
   * emailKey, stores only a signup event (error, email_taken) and answers 'email_taken'.
   */
  register: (
    user: NewUser,
    event: Omit<NewSignupEvent, 'outcome' | 'reason'>,
  ) => Promise<UserRow | 'email_taken'>;
};

export const createRegistrationsRepository = (db: Db): RegistrationsRepository => ({
  register: (user, event) =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values(newUserRow(user)).onConflictDoNothing().returning();
      await tx
        .insert(signupEvents)
        .values({ ...event, outcome: created ? 'success' : 'error', reason: created ? null : 'email_taken' });
      return created ?? 'email_taken';
    }),
});

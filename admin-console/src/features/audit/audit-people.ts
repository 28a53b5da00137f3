import type { AdminUser, AuditEntry } from '@pitclock/contracts/schemas';

/**
 * A user an entry names (who acted, whom it concerned), as its row shows them: nobody, not looked up
 * yet, found, not found (deleted since), or the lookup failed (then only the id is known).
 */
export type AuditPerson =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'found'; id: number; email: string }
  | { state: 'unknown'; id: number }
  | { state: 'failed'; id: number };

/** A row of an audit table: the entry with the users it names. */
export type AuditRow = AuditEntry & { actor: AuditPerson; subject: AuditPerson };

/** What a page's lookup of users says: the users by id (undefined before the answer), and whether it failed. */
export type UserLookup = {
  byId: ReadonlyMap<number, Pick<AdminUser, 'email'>> | undefined;
  failed: boolean;
};

export function personOf(id: number | null, { byId, failed }: UserLookup): AuditPerson {
  if (id === null) return { state: 'none' };
  if (failed) return { state: 'failed', id };
  if (byId === undefined) return { state: 'loading' };
  const user = byId.get(id);
  return user ? { state: 'found', id, email: user.email } : { state: 'unknown', id };
}

/** The entries of a page with the users they name, from one lookup for the page. */
export const withPeople = (entries: readonly AuditEntry[], lookup: UserLookup): AuditRow[] =>
  entries.map((entry) => ({
    ...entry,
    actor: personOf(entry.actor_id, lookup),
    subject: personOf(entry.subject_user_id, lookup),
  }));

import type { Db } from '@pitclock/kit';
import { asc, eq, or, sql } from 'drizzle-orm';
import { emailKey } from '../domain/emails';
import type { AdminDecision, AdminTarget } from '../domain/user-admin';
import { isUniqueViolation } from '@pitclock/kit';
import { users, type UserRow } from './schema';

export type NewUser = {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin?: boolean;
  createdAt?: Date;
};

/** The outcome of an admin action that is decided under a lock on the admin rows. */
export type GuardedResult<T> =
  | { kind: 'done'; value: T }
  | { kind: 'not_found' }
  | { kind: 'refused'; reason: 'own_account' | 'last_admin' | 'not_admin' };

export type GuardedDecision = (input: { target: AdminTarget; adminCount: number }) => AdminDecision;

/** Runs inside the transaction once the change is made and before it commits; throwing undoes the change. */
export type BeforeCommit = () => Promise<unknown>;

export type UsersRepository = {
  findById: (id: number) => Promise<UserRow | undefined>;
  /** By emailKey(email): any case, any Unicode normal form. */
  findByEmail: (email: string) => Promise<UserRow | undefined>;
  /** The admin flag as stored: what requireAdmin trusts (never a token claim). */
  isAdmin: (id: number) => Promise<boolean>;
  /** Inserts a user; 'email_taken' when an account has the same emailKey. */
  create: (user: NewUser) => Promise<UserRow | 'email_taken'>;
  /** Every user, oldest first. */
  list: () => Promise<UserRow[]>;
  update: (
    id: number,
    changes: { name?: string; email?: string },
  ) => Promise<UserRow | 'not_found' | 'email_taken'>;
  setPasswordHash: (id: number, passwordHash: string) => Promise<void>;
  setAdmin: (id: number, isAdmin: boolean) => Promise<void>;
  /**
   * Flips is_admin when decide allows it, with every admin row locked (so one admin always remains)
   * and the acting user still an admin at that moment.
   */
  toggleAdmin: (
    actorId: number,
    targetId: number,
    decide: GuardedDecision,
    beforeCommit?: BeforeCommit,
  ) => Promise<GuardedResult<UserRow>>;
  /** Deletes the user (refresh tokens cascade) under the same locks and checks as toggleAdmin. */
  remove: (
    actorId: number,
    targetId: number,
    decide: GuardedDecision,
    beforeCommit?: BeforeCommit,
  ) => Promise<GuardedResult<UserRow>>;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The row of a new user: the address as typed and its key. */
export const newUserRow = (user: NewUser) => ({ ...user, emailKey: emailKey(user.email) });

export const createUsersRepository = (db: Db): UsersRepository => {
  // The hot paths (GET /me, requireAdmin) as named prepared statements.
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id');
  const adminFlag = db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_is_admin');

  /** Locks the target and every admin, in id order, and counts the admins among them. */
  const guarded = async (
    actorId: number,
    targetId: number,
    decide: GuardedDecision,
    act: (tx: Tx, target: UserRow) => Promise<UserRow>,
    beforeCommit: BeforeCommit = async () => undefined,
  ): Promise<GuardedResult<UserRow>> =>
    db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(users)
        .where(or(eq(users.isAdmin, true), eq(users.id, targetId)))
        .orderBy(asc(users.id))
        .for('update');
      // The actor may have lost the role since the request's admin check (a concurrent demotion).
      if (!locked.some((row) => row.id === actorId && row.isAdmin)) {
        return { kind: 'refused', reason: 'not_admin' } as const;
      }
      const target = locked.find((row) => row.id === targetId);
      if (!target) return { kind: 'not_found' } as const;
      const adminCount = locked.filter((row) => row.isAdmin).length;
      const decision = decide({ target: { id: target.id, isAdmin: target.isAdmin }, adminCount });
      if (!decision.allowed) return { kind: 'refused', reason: decision.reason } as const;
      const value = await act(tx, target);
      await beforeCommit();
      return { kind: 'done', value } as const;
    });

  return {
    findById: async (id) => (await byId.execute({ id }))[0],
    findByEmail: async (email) =>
      (
        await db
          .select()
          .from(users)
          .where(eq(users.emailKey, emailKey(email)))
          .limit(1)
      )[0],
    isAdmin: async (id) => (await adminFlag.execute({ id }))[0]?.isAdmin === true,
    create: async (user) => {
      const [row] = await db.insert(users).values(newUserRow(user)).onConflictDoNothing().returning();
      return row ?? 'email_taken';
    },
    list: () => db.select().from(users).orderBy(asc(users.id)),
    update: async (id, changes) => {
      if (changes.name === undefined && changes.email === undefined) {
        return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? 'not_found';
      }
      const keyed = changes.email === undefined ? changes : { ...changes, emailKey: emailKey(changes.email) };
      try {
        const [row] = await db.update(users).set(keyed).where(eq(users.id, id)).returning();
        return row ?? 'not_found';
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_key_unique')) return 'email_taken';
        throw err;
      }
    },
    setPasswordHash: async (id, passwordHash) => {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    setAdmin: async (id, isAdmin) => {
      await db.update(users).set({ isAdmin }).where(eq(users.id, id));
    },
    toggleAdmin: (actorId, targetId, decide, beforeCommit) =>
      guarded(
        actorId,
        targetId,
        decide,
        async (tx, target) => {
          const [row] = await tx
            .update(users)
            .set({ isAdmin: !target.isAdmin })
            .where(eq(users.id, target.id))
            .returning();
          return row!;
        },
        beforeCommit,
      ),
    remove: (actorId, targetId, decide, beforeCommit) =>
      guarded(
        actorId,
        targetId,
        decide,
        async (tx, target) => {
          await tx.delete(users).where(eq(users.id, target.id));
          return target;
        },
        beforeCommit,
      ),
  };
};

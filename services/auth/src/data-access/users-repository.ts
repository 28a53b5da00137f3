import type { PageAnswer, PageRequest, USERS_PAGE } from '@pitclock/contracts/schemas';
import {
  containsPattern,
  isUniqueViolation,
  type Db,
  type SortColumns,
  readTablePage,
  type Tx,
} from '@pitclock/kit';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AccountAuditEntry } from '../domain/account-audit';
import { emailKey } from '../domain/emails';
import { userIdOfSearch, type AdminDecision, type AdminTarget } from '../domain/user-admin';
import { recordAccountAudit } from './account-audit-repository';
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

/**
 * An admin action decided under the locks of the admin rows: who acts on whom, whether it is allowed, the
 * audit entry it writes in its transaction, and what else must happen before it commits.
 */
export type GuardedAction<Audit> = {
  actorId: number;
  targetId: number;
  decide: GuardedDecision;
  audit: Audit;
  beforeCommit?: BeforeCommit;
};

/** A user as the admin lists show it (never the password hash). */
export type ListedUser = Pick<UserRow, 'id' | 'email' | 'name' | 'isAdmin' | 'createdAt'>;

export type UsersColumn = keyof typeof USERS_PAGE.columns;

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
  /**
   * The users (only `ids` when given) that match request.q: part of the e-mail or the name, any case, or
   * the id when q is a whole number.
   */
  page: (filter: { ids?: number[] }, request: PageRequest<UsersColumn>) => Promise<PageAnswer<ListedUser>>;
  /** Changes name or e-mail, and records audit(before, after) in the same transaction (none when undefined). */
  update: (
    id: number,
    changes: { name?: string; email?: string },
    audit: (before: UserRow, after: UserRow) => AccountAuditEntry | undefined,
  ) => Promise<UserRow | 'not_found' | 'email_taken'>;
  setPasswordHash: (id: number, passwordHash: string) => Promise<void>;
  setAdmin: (id: number, isAdmin: boolean) => Promise<void>;
  /**
   * Flips is_admin when decide allows it, with every admin row locked (so one admin always remains)
   * and the acting user still an admin at that moment.
   */
  toggleAdmin: (
    action: GuardedAction<(before: UserRow, after: UserRow) => AccountAuditEntry>,
  ) => Promise<GuardedResult<UserRow>>;
  /** Deletes the user (refresh tokens cascade) under the same locks and checks as toggleAdmin. */
  remove: (action: GuardedAction<(removed: UserRow) => AccountAuditEntry>) => Promise<GuardedResult<UserRow>>;
};

const listedColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

const sortColumns: SortColumns<UsersColumn> = {
  id: { expression: users.id, kind: 'int' },
  email: { expression: sql`lower(${users.email})`, kind: 'text' },
  name: { expression: sql`lower(${users.name})`, kind: 'text' },
  created_at: { expression: users.createdAt, kind: 'instant' },
  is_admin: { expression: users.isAdmin, kind: 'bool' },
};

const searchOf = (q: string | undefined): SQL | undefined => {
  if (q === undefined) return undefined;
  const pattern = containsPattern(q);
  const id = userIdOfSearch(q);
  return or(
    ilike(users.email, pattern),
    ilike(users.name, pattern),
    id === undefined ? undefined : eq(users.id, id),
  );
};

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

  /**
   * Locks the target and every admin, in id order, and counts the admins among them; when decide allows
   * it, acts and records the audit entry of the change.
   */
  const guarded = async (
    { actorId, targetId, decide, beforeCommit = async () => undefined }: GuardedAction<unknown>,
    act: (tx: Tx, target: UserRow) => Promise<UserRow>,
    auditOf: (target: UserRow, changed: UserRow) => AccountAuditEntry,
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
      await recordAccountAudit(tx, auditOf(target, value));
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
    page: ({ ids }, request) => {
      const matching = and(ids === undefined ? undefined : inArray(users.id, ids), searchOf(request.q));
      return readTablePage<typeof users, UsersColumn, ListedUser>(db, users, {
        request,
        columns: sortColumns,
        where: matching,
        fields: listedColumns,
      });
    },
    update: async (id, changes, audit) => {
      const keyed = changes.email === undefined ? changes : { ...changes, emailKey: emailKey(changes.email) };
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
          if (!before) return 'not_found' as const;
          if (changes.name === undefined && changes.email === undefined) return before;
          const [after] = await tx.update(users).set(keyed).where(eq(users.id, id)).returning();
          const entry = audit(before, after!);
          if (entry) await recordAccountAudit(tx, entry);
          return after!;
        });
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
    toggleAdmin: (action) =>
      guarded(
        action,
        async (tx, target) => {
          const [row] = await tx
            .update(users)
            .set({ isAdmin: !target.isAdmin })
            .where(eq(users.id, target.id))
            .returning();
          return row!;
        },
        action.audit,
      ),
    remove: (action) =>
      guarded(
        action,
        async (tx, target) => {
          await tx.delete(users).where(eq(users.id, target.id));
          return target;
        },
        (removed) => action.audit(removed),
      ),
  };
};

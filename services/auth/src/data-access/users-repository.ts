import type { Db } from '@pitclock/kit';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from './schema';

export type UsersRepository = {
  findById: (id: number) => Promise<UserRow | undefined>;
  findByEmail: (email: string) => Promise<UserRow | undefined>;
  /** The admin flag as stored: what requireAdmin trusts (never a token claim). */
  isAdmin: (id: number) => Promise<boolean>;
};

export const createUsersRepository = (db: Db): UsersRepository => ({
  findById: async (id) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
  findByEmail: async (email) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],
  isAdmin: async (id) => {
    const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)).limit(1);
    return row?.isAdmin === true;
  },
});

import type { Db } from '@pitclock/kit';
import { and, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SignupEventFilter } from '../domain/signup-events';
import { signupEvents, type SignupEventRow } from './schema';

export type NewSignupEvent = typeof signupEvents.$inferInsert;

export type SignupEventsRepository = {
  record: (event: NewSignupEvent) => Promise<void>;
  /** Newest first (by id), at most filter.limit rows. */
  list: (filter: SignupEventFilter) => Promise<SignupEventRow[]>;
};

/** LIKE wildcards in user input match themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export const createSignupEventsRepository = (db: Db): SignupEventsRepository => ({
  record: async (event) => {
    await db.insert(signupEvents).values(event);
  },
  list: (filter) => {
    const conditions: SQL[] = [];
    if (filter.emailContains)
      conditions.push(ilike(signupEvents.email, `%${escapeLike(filter.emailContains)}%`));
    if (filter.outcome) conditions.push(eq(signupEvents.outcome, filter.outcome));
    if (filter.ip) conditions.push(eq(signupEvents.ip, filter.ip));
    if (filter.platform) conditions.push(sql`lower(${signupEvents.platform}) = ${filter.platform}`);
    if (filter.from) conditions.push(gte(signupEvents.createdAt, filter.from));
    if (filter.to) {
      conditions.push(
        filter.to.inclusive
          ? lte(signupEvents.createdAt, filter.to.at)
          : lt(signupEvents.createdAt, filter.to.at),
      );
    }
    if (filter.beforeId !== undefined) conditions.push(lt(signupEvents.id, filter.beforeId));
    return db
      .select()
      .from(signupEvents)
      .where(and(...conditions))
      .orderBy(desc(signupEvents.id))
      .limit(filter.limit);
  },
});

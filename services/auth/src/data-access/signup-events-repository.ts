import type { PageAnswer, PageRequest, SIGNUP_EVENTS_PAGE } from '@pitclock/contracts/schemas';
import { containsPattern, type Db, type SortColumns, readTablePage } from '@pitclock/kit';
import { and, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SignupEventConditions, SignupEventFilter } from '../domain/signup-events';
import { signupEvents, type SignupEventRow } from './schema';

export type NewSignupEvent = typeof signupEvents.$inferInsert;

export type SignupEventsColumn = keyof typeof SIGNUP_EVENTS_PAGE.columns;

export type SignupEventsRepository = {
  record: (event: NewSignupEvent) => Promise<void>;
  /** Newest first (by id), at most filter.limit rows. */
  list: (filter: SignupEventFilter) => Promise<SignupEventRow[]>;
  /** The events of the conditions that match request.q (part of the e-mail or the IP, any case). */
  page: (
    conditions: SignupEventConditions,
    request: PageRequest<SignupEventsColumn>,
  ) => Promise<PageAnswer<SignupEventRow>>;
};

const sortColumns: SortColumns<SignupEventsColumn> = {
  created_at: { expression: signupEvents.createdAt, kind: 'instant' },
  email: { expression: sql`lower(${signupEvents.email})`, kind: 'text' },
  ip: { expression: sql`lower(${signupEvents.ip})`, kind: 'text' },
  platform: { expression: sql`lower(${signupEvents.platform})`, kind: 'text' },
  // Checked to be 'success' or 'error': lower() would change nothing.
  outcome: { expression: signupEvents.outcome, kind: 'text' },
};

const whereOf = (conditions: SignupEventConditions): SQL[] => {
  const where: SQL[] = [];
  if (conditions.emailContains)
    where.push(ilike(signupEvents.email, containsPattern(conditions.emailContains)));
  if (conditions.outcome) where.push(eq(signupEvents.outcome, conditions.outcome));
  if (conditions.ip) where.push(eq(signupEvents.ip, conditions.ip));
  if (conditions.platform) where.push(sql`lower(${signupEvents.platform}) = ${conditions.platform}`);
  if (conditions.from) where.push(gte(signupEvents.createdAt, conditions.from));
  if (conditions.to) {
    where.push(
      conditions.to.inclusive
        ? lte(signupEvents.createdAt, conditions.to.at)
        : lt(signupEvents.createdAt, conditions.to.at),
    );
  }
  return where;
};

const searchOf = (q: string | undefined): SQL | undefined => {
  if (q === undefined) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(signupEvents.email, pattern), ilike(signupEvents.ip, pattern));
};

export const createSignupEventsRepository = (db: Db): SignupEventsRepository => ({
  record: async (event) => {
    await db.insert(signupEvents).values(event);
  },
  list: (filter) => {
    const where = whereOf(filter);
    if (filter.beforeId !== undefined) where.push(lt(signupEvents.id, filter.beforeId));
    return db
      .select()
      .from(signupEvents)
      .where(and(...where))
      .orderBy(desc(signupEvents.id))
      .limit(filter.limit);
  },
  page: (conditions, request) => {
    const matching = and(...whereOf(conditions), searchOf(request.q));
    return readTablePage(db, signupEvents, { request, columns: sortColumns, where: matching });
  },
});

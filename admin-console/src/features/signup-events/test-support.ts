// Test-only: a local auth service answering GET /api/admin/signup-events as services/auth does: the
// query parsed with the contracts' schemas (a bad one is a 400), filters applied to events kept in
// memory. A request with q, sort or cursor asks for a keyset page (SignupEventsPageQuery, answered as
// SignupEventsPageResponse, page-backend.test-support.ts); without, the old list: newest first, `limit`
// per page, `before=<id>` for the next page (SignupEventsResponse).
import {
  SIGNUP_EVENTS_LEGACY_PAGE_KEYS,
  SIGNUP_EVENTS_PAGE,
  SignupEvent,
  SignupEventsPageQuery,
  SignupEventsPageResponse,
  SignupEventsQuery,
  SignupEventsResponse,
  asksForPage,
} from '@pitclock/contracts/schemas';
import { contains, pageOf } from '../../lib/page-backend.test-support';
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';

export const EVENTS_PATH = '/api/admin/signup-events';

export type SignupServer = TestServer & {
  events: SignupEvent[];
  /** Answers first when it returns a reply (a failure, a delay), else the service answers. */
  override: ((req: ReceivedRequest) => Reply | undefined) | null;
  /** The query strings of the event calls received, as objects. */
  queries: () => Record<string, string>[];
};

const PLATFORMS = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'];

/** Events 1..count, id n created n minutes after 2026-05-01T00:00Z (so a higher id is newer). */
export function signupEvents(count: number, over: (id: number) => Partial<SignupEvent> = () => ({})) {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const failed = id % 3 === 0;
    return SignupEvent.parse({
      id,
      email: `user${id}@example.com`,
      ip: `10.0.0.${id % 250}`,
      outcome: failed ? 'error' : 'success',
      platform: PLATFORMS[id % PLATFORMS.length],
      reason: failed ? 'email_taken' : null,
      created_at: new Date(Date.UTC(2026, 4, 1) + id * 60_000).toISOString(),
      ...over(id),
    });
  });
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

type Filters = Pick<SignupEventsQuery, 'email' | 'outcome' | 'ip' | 'platform' | 'from' | 'to'>;

function matching(events: SignupEvent[], query: Filters): SignupEvent[] {
  const from = query.from
    ? Date.parse(dateOnly.test(query.from) ? `${query.from}T00:00:00Z` : query.from)
    : null;
  const to = query.to
    ? dateOnly.test(query.to)
      ? Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 - 1
      : Date.parse(query.to)
    : null;
  return events.filter(
    (event) =>
      (!query.email || event.email.toLowerCase().includes(query.email.toLowerCase())) &&
      (query.outcome === 'any' || event.outcome === query.outcome) &&
      (!query.ip || event.ip === query.ip) &&
      (!query.platform || event.platform.toLowerCase() === query.platform.toLowerCase()) &&
      (from === null || Date.parse(event.created_at) >= from) &&
      (to === null || Date.parse(event.created_at) <= to),
  );
}

function list(events: SignupEvent[], query: SignupEventsQuery): SignupEvent[] {
  return matching(events, query)
    .filter((event) => query.before === undefined || event.id < query.before)
    .sort((a, b) => b.id - a.id)
    .slice(0, query.limit);
}

const invalidQuery = { status: 400, json: { error: 'validation_failed', message: 'Query is invalid' } };

function answer(events: SignupEvent[], query: Record<string, string>): Reply {
  if (!asksForPage(query, SIGNUP_EVENTS_LEGACY_PAGE_KEYS)) {
    const parsed = SignupEventsQuery.safeParse(query);
    return parsed.success ? { json: SignupEventsResponse.parse(list(events, parsed.data)) } : invalidQuery;
  }
  const parsed = SignupEventsPageQuery.safeParse(query);
  if (!parsed.success) return invalidQuery;
  const { page, ...filters } = parsed.data;
  const rows = matching(events, filters).filter(
    (event) => contains(event.email, page.q) || contains(event.ip, page.q),
  );
  return {
    json: SignupEventsPageResponse.parse(
      pageOf({
        rows,
        request: page,
        spec: SIGNUP_EVENTS_PAGE,
        valueOf: (event, column) => event[column],
        idOf: (event) => event.id,
      }),
    ),
  };
}

export async function startSignupServer(events: SignupEvent[] = []): Promise<SignupServer> {
  const handle = (req: ReceivedRequest): Reply => {
    const overridden = server.override?.(req);
    if (overridden) return overridden;
    if (req.headers.authorization !== 'Bearer admin-token') {
      return { status: 401, json: { error: 'unauthorized', message: 'Missing or invalid bearer token' } };
    }
    if (req.method !== 'GET' || req.path !== EVENTS_PATH) {
      return { status: 404, json: { error: 'not_found', message: 'Not found' } };
    }
    return answer(server.events, queryOf(req));
  };
  const base = await startTestServer(handle);
  const server: SignupServer = Object.assign(base, {
    events: [...events],
    override: null,
    queries: () => base.on(EVENTS_PATH).map(queryOf),
  });
  return server;
}

function queryOf(req: ReceivedRequest): Record<string, string> {
  return Object.fromEntries(new URL(req.url, 'http://test').searchParams);
}

// Test-only: a local stand-in of the two services the audit screen reads, on a real HTTP server
// (contracts' startTestServer): GET /api/admin/audit/accounts (auth) and /api/admin/audit/licensing
// (licensing) parse the query with the contracts' AuditQuery (a bad one is a 400) and answer keyset pages
// (page-backend.test-support.ts) of entries kept in memory; GET /api/users?ids= looks users up by id as
// auth does (UsersQuery, UsersPageResponse).
import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  AUDIT_PAGE,
  AuditEntry,
  AuditPageResponse,
  AuditQuery,
  USERS_PAGE,
  UsersPageResponse,
  UsersQuery,
  type AdminUser,
  type AuditAction,
} from '@pitclock/contracts/schemas';
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import { contains, pageOf } from '../../lib/page-backend.test-support';
import { AREA_ACTIONS, type AuditArea } from './audit-rows';

export const TRAIL_PATHS: Record<AuditArea, string> = {
  accounts: API_PATHS.auditAccounts,
  licensing: API_PATHS.auditLicensing,
};

export type AuditServer = TestServer & {
  entries: Record<AuditArea, AuditEntry[]>;
  users: AdminUser[];
  /** Answers first when it returns a reply (a failure, a delay), else the services answer. */
  override: ((req: ReceivedRequest) => Reply | undefined) | null;
  /** The query strings of a trail's calls, as objects. */
  queries: (trail: AuditArea) => Record<string, string>[];
  /** The query strings of the users lookups (GET /api/users?ids=), as objects. */
  lookups: () => Record<string, string>[];
};

export const auditUser = (id: number, email = `user${id}@example.com`): AdminUser => ({
  id,
  email,
  name: `User ${id}`,
  is_admin: id === 1,
  created_at: '2026-01-01T00:00:00.000Z',
  license_status: 'none',
});

/**
 * Entries 1..count of a trail, entry n made n minutes after 2026-11-29T00:00Z (a higher id is newer), by
 * admin 1, about user 100 + n % 3, cycling through the trail's actions.
 */
export function auditEntries(
  trail: AuditArea,
  count: number,
  over: (id: number) => Partial<AuditEntry> = () => ({}),
): AuditEntry[] {
  const actions = AREA_ACTIONS[trail];
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const subject = 100 + (id % 3);
    return AuditEntry.parse({
      id,
      created_at: new Date(Date.UTC(2026, 10, 29) + id * 60_000).toISOString(),
      actor_id: 1,
      action: actions[index % actions.length] as AuditAction,
      target_id: String(subject),
      subject_user_id: subject,
      before: { note: `before ${id}` },
      after: { note: `after ${id}` },
      ...over(id),
    });
  });
}

const json = (body: unknown, status = 200): Reply => ({ status, json: body });
const invalidQuery = json({ error: 'validation_failed', message: 'Query is invalid' }, 400);

/** What the services' audit search looks in: the action, the target id and the before/after values. */
const searchText = (entry: AuditEntry) =>
  [entry.action, entry.target_id, JSON.stringify(entry.before), JSON.stringify(entry.after)].join(' ');

function auditAnswer(entries: readonly AuditEntry[], query: Record<string, string>): Reply {
  const parsed = AuditQuery.safeParse(query);
  if (!parsed.success) return invalidQuery;
  const { page, actor_id, subject_user_id, action } = parsed.data;
  const rows = entries.filter(
    (entry) =>
      (actor_id === undefined || entry.actor_id === actor_id) &&
      (subject_user_id === undefined || entry.subject_user_id === subject_user_id) &&
      (action === undefined || entry.action === action) &&
      contains(searchText(entry), page.q),
  );
  return json(
    AuditPageResponse.parse(
      pageOf({
        rows,
        request: page,
        spec: AUDIT_PAGE,
        valueOf: (entry, column) => entry[column],
        idOf: (entry) => entry.id,
      }),
    ),
  );
}

function usersAnswer(users: readonly AdminUser[], query: Record<string, string>): Reply {
  const parsed = UsersQuery.safeParse(query);
  if (!parsed.success) return invalidQuery;
  const { page, ids } = parsed.data;
  const rows = users.filter((user) => ids === undefined || ids.includes(user.id));
  return json(
    UsersPageResponse.parse(
      pageOf({
        rows,
        request: page,
        spec: USERS_PAGE,
        valueOf: (user, column) => user[column],
        idOf: (user) => user.id,
      }),
    ),
  );
}

const queryOf = (req: ReceivedRequest): Record<string, string> =>
  Object.fromEntries(new URL(req.url, 'http://test').searchParams);

export async function startAuditServer(
  seed: { entries?: Partial<Record<AuditArea, AuditEntry[]>>; users?: AdminUser[] } = {},
): Promise<AuditServer> {
  const handle = (req: ReceivedRequest): Reply => {
    const overridden = server.override?.(req);
    if (overridden) return overridden;
    if (req.headers.authorization !== 'Bearer admin-token') {
      return json({ error: 'unauthorized', message: 'Missing or invalid bearer token' }, 401);
    }
    const trail = (Object.keys(TRAIL_PATHS) as AuditArea[]).find((name) => TRAIL_PATHS[name] === req.path);
    if (req.method === 'GET' && trail) return auditAnswer(server.entries[trail], queryOf(req));
    if (req.method === 'GET' && req.path === API_PATHS.users) return usersAnswer(server.users, queryOf(req));
    return json({ error: 'not_found', message: 'Not found' }, 404);
  };
  const base = await startTestServer(handle);
  const server: AuditServer = Object.assign(base, {
    entries: {
      accounts: [...(seed.entries?.accounts ?? [])],
      licensing: [...(seed.entries?.licensing ?? [])],
    },
    users: [...(seed.users ?? [])],
    override: null,
    queries: (trail: AuditArea) => base.on(TRAIL_PATHS[trail]).map(queryOf),
    lookups: () => base.on(API_PATHS.users).map(queryOf),
  });
  return server;
}

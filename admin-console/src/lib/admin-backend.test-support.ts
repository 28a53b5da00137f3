// Test-only: a small stand-in of the auth and licensing admin APIs on a real local HTTP server
// (contracts' startTestServer). It parses what the screens send with the contracts' zod schemas, answers
// in the contracts' shapes and keeps its data in memory, so that a change shows only when the screen
// refetches (which proves the RTK Query tags invalidate what they should). The lists answer pages as the
// services do (issue 23): a request with q, sort, limit or cursor (or a page filter) is parsed with the
// list's page query schema and answered with a keyset page (page-backend.test-support.ts).
import { type Device, type LedgerEntry, type LicenseStatus } from '@pitclock/contracts';
import {
  ActivateRequest,
  AddCreditsRequest,
  AdminAdjustRequest,
  AdminUsersResponse,
  AUTH_MESSAGES,
  CreditsPageQuery,
  CreditsPageResponse,
  CreditsQuery,
  DEVICES_PAGE,
  DEVICES_PAGE_FILTER_KEYS,
  DeviceIdParam,
  DevicesPageQuery,
  DevicesPageResponse,
  DevicesQuery,
  LEDGER_PAGE,
  LICENSING_MESSAGES,
  LicenseStatusesQuery,
  MintActivationCodeRequest,
  USERS_PAGE,
  USERS_PAGE_FILTER_KEYS,
  UpdateUserRequest,
  UserIdParam,
  UsersPageResponse,
  UsersQuery,
  asksForPage,
  formatActivationCode,
  normalizeActivationCode,
  type AdminUser,
} from '@pitclock/contracts/schemas';
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import type { z } from 'zod';
import { contains, pageOf } from './page-backend.test-support';

export type FakeUser = { id: number; email: string; name: string; is_admin: boolean; created_at: string };
type StoredEntry = LedgerEntry & { user_id: number };
type StoredCode = { code: string; user_id: number; expires_at: string; used: boolean };

export type AdminBackendState = {
  users: FakeUser[];
  devices: Device[];
  ledger: StoredEntry[];
  codes: StoredCode[];
  /** Bearer token -> the signed-in user's id. */
  tokens: Record<string, number>;
};

export type AdminBackend = {
  server: TestServer;
  state: AdminBackendState;
  /** Balance of a user: the sum of the ledger, as the licensing service keeps it. */
  balance: (userId: number) => number;
  /** Answer `method path` (path without query) with `reply` instead, `times` times (default once). */
  override: (method: string, path: string, reply: Reply, times?: number) => void;
  /** Requests received on `method path`. */
  calls: (method: string, path: string) => ReceivedRequest[];
  close: () => Promise<void>;
};

/** The fixed clock of the fake: every stored time is this instant plus a few seconds. */
export const FAKE_NOW = Date.parse('2025-06-01T12:00:00.000Z');
let tick = 0;
const nextTime = () => new Date(FAKE_NOW + ++tick * 1000).toISOString();

/** The codes POST /licenses/codes mints, in order (shown as 'ABCD-2345'). */
export const MINTED_CODES = ['ABCD2345', 'EFGH6789', 'JKMN2345', 'PQRS6789'];

export const ADMIN_TOKEN = 'admin-token';
export const USER_TOKEN = 'user-token';

export function fakeUser(id: number, patch: Partial<FakeUser> = {}): FakeUser {
  return {
    id,
    email: `user${id}@example.com`,
    name: `User ${id}`,
    is_admin: false,
    created_at: new Date(FAKE_NOW - id * 86_400_000).toISOString(),
    ...patch,
  };
}

export function fakeDevice(deviceId: number, userId: number, patch: Partial<Device> = {}): Device {
  return {
    device_id: deviceId,
    user_id: userId,
    device_uid: `device-uid-${deviceId}`,
    device_name: `Phone ${deviceId}`,
    last_seen: new Date(FAKE_NOW - deviceId * 3_600_000).toISOString(),
    revoked: false,
    revoked_at: null,
    license_expires_at: new Date(FAKE_NOW + 365 * 86_400_000).toISOString(),
    created_at: new Date(FAKE_NOW - 30 * 86_400_000).toISOString(),
    ...patch,
  };
}

export type AdminBackendSeed = {
  users?: FakeUser[];
  devices?: Device[];
  /** Ledger entries appended in order: [userId, delta, reason]. */
  ledger?: Array<[number, number, string]>;
  /** Extra bearer tokens -> user ids (ADMIN_TOKEN is user 1, USER_TOKEN user 2 by default). */
  tokens?: Record<string, number>;
  /** Where page totals stop counting (PAGE_LIMITS.totalCap unless a test wants '10,000+' sooner). */
  totalCap?: number;
};

/** Whether a list request asks for a page (then it is answered as one), as the services decide it. */
const asksForPageOf = (query: Record<string, string>, filterKeys: readonly string[] = []) =>
  asksForPage(query) || filterKeys.some((key) => query[key] !== undefined);

const json = (body: unknown, status = 200): Reply => ({ status, json: body });
const refuse = (status: number, error: string, message: string): Reply => json({ error, message }, status);

function invalid(error: z.ZodError): Reply {
  return json(
    {
      error: 'validation_failed',
      message: error.issues[0]?.message ?? 'Invalid input',
      details: { issues: error.issues },
    },
    400,
  );
}

/** Parses `value` with `schema`: the parsed value, or the 400 the services answer. */
function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; reply: Reply } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, reply: invalid(result.error) };
}

export async function startAdminBackend(seed: AdminBackendSeed = {}): Promise<AdminBackend> {
  // Copies: the server changes its records in place, and a test's seed must stay as the test wrote it.
  const state: AdminBackendState = {
    users: structuredClone(
      seed.users ?? [fakeUser(1, { email: 'admin@example.com', name: 'Ada Admin', is_admin: true })],
    ),
    devices: structuredClone(seed.devices ?? []),
    ledger: [],
    codes: [],
    tokens: { [ADMIN_TOKEN]: 1, [USER_TOKEN]: 2, ...seed.tokens },
  };
  let nextEntryId = 1;
  const append = (userId: number, delta: number, reason: string): StoredEntry => {
    const entry = { id: nextEntryId++, user_id: userId, delta, reason, created_at: nextTime() };
    state.ledger.push(entry);
    return entry;
  };
  for (const [userId, delta, reason] of seed.ledger ?? []) append(userId, delta, reason);

  const balance = (userId: number) =>
    state.ledger.filter((entry) => entry.user_id === userId).reduce((sum, entry) => sum + entry.delta, 0);
  const recentLedger = (userId: number): LedgerEntry[] =>
    state.ledger
      .filter((entry) => entry.user_id === userId)
      .reverse()
      .slice(0, 50)
      .map(({ id, delta, reason, created_at }) => ({ id, delta, reason, created_at }));
  const statusOf = (userId: number): LicenseStatus => {
    const devices = state.devices.filter((device) => device.user_id === userId);
    if (devices.length === 0) return 'none';
    const now = FAKE_NOW;
    return devices.some((d) => !d.revoked && Date.parse(d.license_expires_at) > now) ? 'active' : 'inactive';
  };
  const setRevoked = (device: Device, revoked: boolean) => {
    device.revoked = revoked;
    device.revoked_at = revoked ? nextTime() : null;
    return device;
  };

  const overrides: Array<{ key: string; reply: Reply; times: number }> = [];

  const route = (req: ReceivedRequest): Reply => {
    const viewerId = state.tokens[(req.headers.authorization ?? '').replace(/^Bearer /, '')];
    if (viewerId === undefined) return refuse(401, 'unauthorized', 'Sign in first');
    const viewer = state.users.find((user) => user.id === viewerId);
    const query = Object.fromEntries(new URL(req.url, 'http://fake').searchParams);
    const { method, path } = req;
    let match: RegExpExecArray | null;

    // ---- auth
    if (method === 'GET' && path === '/api/me') {
      if (!viewer) return refuse(401, 'unauthorized', 'Sign in first');
      return json({ ...viewer, roles: viewer.is_admin ? ['admin'] : [] });
    }
    if (method === 'GET' && path === '/api/users') {
      const listed: AdminUser[] = state.users.map((user) => ({ ...user, license_status: 'none' }));
      if (!asksForPageOf(query, USERS_PAGE_FILTER_KEYS)) return json(AdminUsersResponse.parse(listed));
      const q = parse(UsersQuery, query);
      if (!q.ok) return q.reply;
      const { page, ids } = q.data;
      const rows = listed.filter(
        (user) =>
          (ids === undefined || ids.includes(user.id)) &&
          (page.q === undefined ||
            contains(user.email, page.q) ||
            contains(user.name, page.q) ||
            String(user.id) === page.q),
      );
      return json(
        UsersPageResponse.parse(
          pageOf({
            rows,
            request: page,
            spec: USERS_PAGE,
            valueOf: (user, column) => user[column],
            idOf: (user) => user.id,
            cap: seed.totalCap,
          }),
        ),
      );
    }
    if ((match = /^\/api\/users\/([^/]+)$/.exec(path))) {
      const id = parse(UserIdParam, match[1]);
      if (!id.ok) return id.reply;
      const user = state.users.find((candidate) => candidate.id === id.data);
      if (!user) return refuse(404, 'not_found', AUTH_MESSAGES.userNotFound);
      if (method === 'PATCH') {
        const body = parse(UpdateUserRequest, req.json);
        if (!body.ok) return body.reply;
        const { email, display_name } = body.data;
        if (email !== undefined) {
          const taken = state.users.some(
            (u) => u.id !== user.id && u.email.toLowerCase() === email.toLowerCase(),
          );
          if (taken) return refuse(409, 'email_taken', AUTH_MESSAGES.emailTaken);
          user.email = email;
        }
        if (display_name !== undefined) user.name = display_name;
        return json({ ...user, license_status: 'none' });
      }
      if (method === 'DELETE') {
        if (user.id === viewerId) return refuse(409, 'cannot_delete_self', AUTH_MESSAGES.cannotDeleteSelf);
        state.users = state.users.filter((candidate) => candidate !== user);
        return { status: 204 };
      }
    }
    if (method === 'POST' && (match = /^\/api\/users\/([^/]+)\/toggle-admin$/.exec(path))) {
      const id = parse(UserIdParam, match[1]);
      if (!id.ok) return id.reply;
      if (!viewer?.is_admin) return refuse(403, 'forbidden', LICENSING_MESSAGES.adminOnly);
      if (id.data === viewerId)
        return refuse(403, 'cannot_change_own_role', AUTH_MESSAGES.cannotChangeOwnRole);
      const user = state.users.find((candidate) => candidate.id === id.data);
      if (!user) return refuse(404, 'not_found', AUTH_MESSAGES.userNotFound);
      if (user.is_admin && state.users.filter((u) => u.is_admin).length === 1) {
        return refuse(409, 'last_admin', AUTH_MESSAGES.lastAdmin);
      }
      user.is_admin = !user.is_admin;
      return json({ ...user, license_status: 'none' });
    }

    // ---- licensing: statuses, credits
    if (method === 'GET' && path === '/api/licenses/statuses') {
      const q = parse(LicenseStatusesQuery, query);
      if (!q.ok) return q.reply;
      const ids = q.data.user_ids ?? [...new Set(state.devices.map((device) => device.user_id))];
      return json(ids.map((user_id) => ({ user_id, license_status: statusOf(user_id) })));
    }
    if (method === 'GET' && path === '/api/licenses/credits' && asksForPageOf(query)) {
      const q = parse(CreditsPageQuery, query);
      if (!q.ok) return q.reply;
      const { user_id, page } = q.data;
      const rows = state.ledger.filter(
        (entry) => entry.user_id === user_id && contains(entry.reason, page.q),
      );
      const answer = pageOf({
        rows,
        request: page,
        spec: LEDGER_PAGE,
        valueOf: (entry, column) => entry[column],
        idOf: (entry) => entry.id,
        cap: seed.totalCap,
      });
      return json(
        CreditsPageResponse.parse({
          user_id,
          balance: balance(user_id),
          ...answer,
          data: answer.data.map(({ id, delta, reason, created_at }) => ({ id, delta, reason, created_at })),
        }),
      );
    }
    if (method === 'GET' && path === '/api/licenses/credits') {
      const q = parse(CreditsQuery, query);
      if (!q.ok) return q.reply;
      return json({
        user_id: q.data.user_id,
        balance: balance(q.data.user_id),
        ledger: recentLedger(q.data.user_id),
      });
    }
    if (method === 'POST' && path === '/api/licenses/credits/admin-adjust') {
      const body = parse(AdminAdjustRequest, req.json);
      if (!body.ok) return body.reply;
      const { user_id, amount } = body.data;
      if (balance(user_id) + amount < 0) {
        return refuse(409, 'balance_below_zero', LICENSING_MESSAGES.balanceBelowZero);
      }
      const entry = append(user_id, amount, 'admin_adjust');
      return json({ user_id, balance: balance(user_id), entry: recentLedger(user_id)[0] ?? entry });
    }
    if (method === 'POST' && (match = /^\/api\/users\/([^/]+)\/credits$/.exec(path))) {
      const id = parse(UserIdParam, match[1]);
      if (!id.ok) return id.reply;
      const body = parse(AddCreditsRequest, req.json);
      if (!body.ok) return body.reply;
      append(id.data, body.data.amount, 'admin_grant');
      return json({ user_id: id.data, balance: balance(id.data), entry: recentLedger(id.data)[0] });
    }

    // ---- activation codes
    if (method === 'POST' && path === '/api/licenses/codes') {
      const body = parse(MintActivationCodeRequest, req.json);
      if (!body.ok) return body.reply;
      const user_id = body.data.user_id ?? viewerId;
      const code = MINTED_CODES[state.codes.length % MINTED_CODES.length] ?? 'ABCD2345';
      const stored = { code, user_id, expires_at: new Date(FAKE_NOW + 3_600_000).toISOString(), used: false };
      state.codes.push(stored);
      return json({ code: formatActivationCode(code), expires_at: stored.expires_at, user_id }, 201);
    }
    if (method === 'POST' && path === '/api/license/activate') {
      const body = parse(ActivateRequest, req.json);
      if (!body.ok) return body.reply;
      const stored = state.codes.find((c) => c.code === normalizeActivationCode(body.data.code));
      if (!stored) return refuse(404, 'activation_code_unknown', LICENSING_MESSAGES.activationCodeUnknown);
      if (stored.used) return refuse(409, 'activation_code_used', LICENSING_MESSAGES.activationCodeUsed);
      if (balance(stored.user_id) <= 0) return refuse(409, 'no_credits', LICENSING_MESSAGES.noCredits);
      stored.used = true;
      const device = fakeDevice(Math.max(0, ...state.devices.map((d) => d.device_id)) + 1, stored.user_id, {
        device_uid: body.data.device_uid,
        device_name: body.data.device_name ?? null,
        last_seen: nextTime(),
      });
      state.devices.push(device);
      append(stored.user_id, -1, 'activation');
      return json({
        device_token: `license.for.${device.device_id}`,
        device_id: device.device_id,
        user_id: stored.user_id,
        expires_at: device.license_expires_at,
        balance: balance(stored.user_id),
      });
    }

    // ---- devices
    if (
      method === 'GET' &&
      path === '/api/licenses/devices' &&
      asksForPageOf(query, DEVICES_PAGE_FILTER_KEYS)
    ) {
      const q = parse(DevicesPageQuery, query);
      if (!q.ok) return q.reply;
      const { user_id, status, page } = q.data;
      const rows = state.devices.filter(
        (device) =>
          (user_id === undefined || device.user_id === user_id) &&
          (status === undefined || device.revoked === (status === 'revoked')) &&
          (page.q === undefined ||
            contains(device.device_uid, page.q) ||
            contains(device.device_name, page.q)),
      );
      return json(
        DevicesPageResponse.parse(
          pageOf({
            rows,
            request: page,
            spec: DEVICES_PAGE,
            valueOf: (device, column) => device[column],
            idOf: (device) => device.device_id,
            cap: seed.totalCap,
          }),
        ),
      );
    }
    if (method === 'GET' && path === '/api/licenses/devices') {
      const q = parse(DevicesQuery, query);
      if (!q.ok) return q.reply;
      return json(
        state.devices.filter((device) => q.data.user_id === undefined || device.user_id === q.data.user_id),
      );
    }
    if (method === 'PATCH' && (match = /^\/api\/licenses\/devices\/([^/]+)\/(revoke|restore)$/.exec(path))) {
      const id = parse(DeviceIdParam, match[1]);
      if (!id.ok) return id.reply;
      const device = state.devices.find((candidate) => candidate.device_id === id.data);
      const restoring = match[2] === 'restore';
      if (!device) {
        return refuse(
          404,
          'not_found',
          restoring ? LICENSING_MESSAGES.noDeviceToRestore : LICENSING_MESSAGES.noDeviceToRevoke,
        );
      }
      return json(setRevoked(device, !restoring));
    }
    if (method === 'GET' && (match = /^\/api\/users\/([^/]+)\/licenses$/.exec(path))) {
      const id = parse(UserIdParam, match[1]);
      if (!id.ok) return id.reply;
      return json({
        user_id: id.data,
        license_status: statusOf(id.data),
        balance: balance(id.data),
        devices: state.devices.filter((device) => device.user_id === id.data),
        ledger: recentLedger(id.data),
      });
    }
    if (
      method === 'POST' &&
      (match = /^\/api\/users\/([^/]+)\/licenses\/([^/]+)\/(revoke|restore)$/.exec(path))
    ) {
      const id = parse(UserIdParam, match[1]);
      if (!id.ok) return id.reply;
      const deviceId = parse(DeviceIdParam, match[2]);
      if (!deviceId.ok) return deviceId.reply;
      const restoring = match[3] === 'restore';
      const device = state.devices.find((d) => d.device_id === deviceId.data && d.user_id === id.data);
      if (!device) {
        return refuse(
          404,
          'not_found',
          restoring ? LICENSING_MESSAGES.noDeviceToRestore : LICENSING_MESSAGES.noDeviceToRevoke,
        );
      }
      return json(setRevoked(device, !restoring));
    }
    return refuse(404, 'not_found', `No route ${method} ${path}`);
  };

  const server = await startTestServer((req) => {
    const key = `${req.method} ${req.path}`;
    const override = overrides.find((candidate) => candidate.key === key && candidate.times > 0);
    if (override) {
      override.times -= 1;
      return override.reply;
    }
    return route(req);
  });

  return {
    server,
    state,
    balance,
    override: (method, path, reply, times = 1) => overrides.push({ key: `${method} ${path}`, reply, times }),
    calls: (method, path) => server.requests.filter((r) => r.method === method && r.path === path),
    close: () => server.close(),
  };
}

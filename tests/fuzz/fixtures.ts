// The callers and the records the fuzzer points at: the seeded admin, a cook signed in through the API, a
// few "victim" accounts that admin operations may edit or delete, and real ids (a promo code, a device, a
// run schedule, a push subscription, an activation code) so that path parameters and body fields also hit
// existing records. Everything is made through the API, as a user would.
import { randomBytes } from 'node:crypto';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { PushScheduleBody } from '@pitclock/contracts/push';
import type {
  ActivationCodeResponse,
  AdminUsersResponse,
  DeviceInfo,
  DevicesResponse,
  LoginResponse,
  MeResponse,
  PromoCode,
  PushSubscriptionView,
} from '@pitclock/contracts/schemas';

/** An account's credentials. */
export interface Account {
  email: string;
  password: string;
}

/** A signed-in caller: its credentials, id, tokens and whether it is an admin. */
export interface Caller extends Account {
  id: number;
  token: string;
  refreshToken: string;
  isAdmin: boolean;
}

/** Known values by body field or query name (see poolsOf). */
export type KnownFields = Record<string, readonly unknown[]>;

/** The callers and records of the run; `refresh()` replaces what an operation changed. */
interface FixtureState {
  admin: Caller;
  cook: Caller;
  victims: Caller[];
  promo: PromoCode | null;
  records: CookRecords;
}

/** What the generators draw real values from (see requests.ts). */
export interface Pools {
  victimIds: number[];
  userIds: number[];
  promoIds: number[];
  deviceIds: number[];
  runIds: readonly string[];
  fields: KnownFields;
}

/** The cook's records that the pools point at. */
interface CookRecords {
  deviceIds: number[];
  activationCode: string | undefined;
  endpoint: string | undefined;
  spareRefresh: string;
}

/** The callers and records of a run: see setUpFixtures. */
export interface Fixtures {
  warnings: string[];
  readonly admin: Caller;
  readonly cook: Caller;
  pools: Pools;
  refresh: () => Promise<void>;
}

type CallOptions = { token?: string; body?: unknown };
/** A JSON answer: its status and its body (parsed when JSON, the text otherwise, undefined when empty). */
type JsonAnswer = { status: number; body: unknown };
type Api = ReturnType<typeof apiOf>;
type Attempt = ReturnType<typeof bestEffort>;

/** A push endpoint the fuzz stack accepts (PUSH_ALLOWED_ORIGINS) and that refuses connections at once. */
export const pushOrigin = 'https://127.0.0.1:9';
const victimCount = 4;
const runIds = ['fuzz-run-1', 'fuzz-run-2', 'fuzz-run-3'];
const deviceUid = 'fuzz-device-1';

/** JSON calls to the stack: call() resolves { status, body }; expect() throws unless the status is `status`. */
function apiOf(baseUrl: string) {
  const call = async (
    method: string,
    path: string,
    { token, body }: CallOptions = {},
  ): Promise<JsonAnswer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    } catch {
      return { status: res.status, body: text };
    }
  };
  /** The body of an answer of `status` (typed by the caller: the document's answer of that status). */
  const expect = async <T>(
    status: number,
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<T> => {
    const answer = await call(method, path, options);
    if (answer.status !== status) {
      const body = (JSON.stringify(answer.body) as string | undefined)?.slice(0, 300);
      throw new Error(`fixture: ${method} ${path} answered ${answer.status} ${body}`);
    }
    return answer.body as T;
  };
  return { call, expect };
}

const deviceInfo = (deviceId: string): DeviceInfo => ({ device_id: deviceId, name: 'Fuzz device' });

async function register(api: Api, label: string): Promise<Account> {
  const account = {
    email: `fuzz-${label}-${randomBytes(4).toString('hex')}@pitclock.test`,
    password: `fuzz-password-${randomBytes(6).toString('hex')}`,
  };
  const body = { ...account, display_name: `Fuzz ${label}`, device_info: deviceInfo(`fuzz-${label}`) };
  await api.expect(201, 'POST', API_PATHS.register, { body });
  return account;
}

async function signIn(api: Api, account: Account, deviceId: string): Promise<Caller> {
  const body = { email: account.email, password: account.password, device_info: deviceInfo(deviceId) };
  const session = await api.expect<LoginResponse>(200, 'POST', API_PATHS.login, { body });
  const me = await api.expect<MeResponse>(200, 'GET', API_PATHS.me, { token: session.token });
  return {
    ...account,
    id: me.id,
    token: session.token,
    refreshToken: session.refresh_token,
    isAdmin: me.is_admin,
  };
}

/**
 * Records are made best effort: a step the API refuses is noted in `warnings` and leaves its pool empty, so
 * that a broken route costs the fuzzer that route's real ids, not the whole run.
 */
function bestEffort(warnings: string[]) {
  async function attempt<T>(what: string, make: () => Promise<T>): Promise<T | undefined>;
  async function attempt<T, F>(what: string, make: () => Promise<T>, fallback: F): Promise<T | F>;
  async function attempt<T, F>(
    what: string,
    make: () => Promise<T>,
    fallback?: F,
  ): Promise<T | F | undefined> {
    try {
      return await make();
    } catch (error) {
      warnings.push(`${what}: ${(error as Error).message}`);
      return fallback;
    }
  }
  return attempt;
}

/** A push subscription of the cook's (POST /api/push/test needs one): its endpoint, or undefined. */
async function subscribe(api: Api, attempt: Attempt, cook: Caller): Promise<string | undefined> {
  const endpoint = `${pushOrigin}/fuzz/${randomBytes(6).toString('hex')}`;
  const keys = { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const body = { subscription: { endpoint, keys }, device_id: deviceUid };
  const made = await attempt('push subscription', () =>
    api.expect<unknown>(201, 'POST', API_PATHS.pushSubscribe, { token: cook.token, body }),
  );
  return made ? endpoint : undefined;
}

/** The cook's records: credits, a device (a redeemed promo code), an activation code, run schedules. */
async function makeCookRecords(
  api: Api,
  attempt: Attempt,
  { cook, adminToken, promo }: { cook: Caller; adminToken: string; promo: PromoCode | null },
): Promise<CookRecords> {
  const asAdmin = { token: adminToken };
  await attempt('credits', () =>
    api.expect<unknown>(200, 'POST', apiPath(API_PATHS.userCredits, { id: cook.id }), {
      ...asAdmin,
      body: { amount: 50 },
    }),
  );
  if (promo) {
    const body = { code: promo.code, device_id: deviceUid };
    await attempt('device', () =>
      api.expect<unknown>(201, 'POST', API_PATHS.promoCodeRedeem, { token: cook.token, body }),
    );
  }
  const devicesPath = `${API_PATHS.devices}?user_id=${cook.id}`;
  const devices = await attempt(
    'devices',
    () => api.expect<DevicesResponse>(200, 'GET', devicesPath, asAdmin),
    [],
  );
  const activation = await attempt('activation code', () =>
    api.expect<ActivationCodeResponse>(201, 'POST', API_PATHS.activationCodes, {
      ...asAdmin,
      body: { user_id: cook.id },
    }),
  );
  const step = { id: 'fuzz-step-1', name: 'Trim the brisket', done: false, dismissed: false };
  const steps = [{ ...step, scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }];
  const schedule: PushScheduleBody = {
    contest_id: 'fuzz-contest',
    contest_name: 'Fuzz cook-off',
    time_zone: 'Europe/Paris',
    steps,
  };
  for (const runId of runIds) {
    await attempt(`schedule ${runId}`, () =>
      api.expect<unknown>(200, 'PUT', apiPath(API_PATHS.pushRunSchedule, { runId }), {
        token: cook.token,
        body: schedule,
      }),
    );
  }
  // A second sign-in whose refresh token the fuzzer may use up, rotate or revoke.
  const spare = await signIn(api, cook, 'fuzz-spare');
  return {
    deviceIds: devices.map((device) => device.device_id),
    activationCode: activation?.code,
    endpoint: await subscribe(api, attempt, cook),
    spareRefresh: spare.refreshToken,
  };
}

/** The callers and records of the run; `refresh()` replaces what an operation changed. */
interface FixtureState {
  admin: Caller;
  cook: Caller;
  victims: Caller[];
  promo: PromoCode | null;
  records: CookRecords;
}

/** What the generators draw real values from (see requests.ts). */
function poolsOf({ admin, cook, victims, promo, records }: FixtureState): Pools {
  const victimIds = victims.map((victim) => victim.id);
  return {
    /** Accounts the admin operations of auth (PATCH, DELETE, toggle-admin) may change or delete. */
    victimIds,
    /** Accounts the per-user licensing operations read and credit: the cook's has records. */
    userIds: [cook.id, ...victimIds],
    promoIds: promo ? [promo.id] : [],
    deviceIds: records.deviceIds,
    runIds,
    /** Known values by body field or query name, to reach past "not found" into the real checks. */
    fields: {
      email: [cook.email, victims[0]?.email ?? cook.email, admin.email],
      password: [cook.password],
      code: [promo?.code, records.activationCode].filter(Boolean),
      device_id: [deviceUid, 'fuzz-cook'],
      device_uid: [deviceUid],
      user_id: [cook.id, ...victimIds],
      user_ids: [[cook.id, ...victimIds].join(',')],
      refresh_token: [records.spareRefresh],
      endpoint: [records.endpoint].filter(Boolean),
      contest_id: ['fuzz-contest'],
      id: ['fuzz-step-1'],
      time_zone: ['Europe/Paris', 'UTC'],
    },
  };
}

/**
 * Signs the admin in, registers and signs in a cook, makes the records. `refresh()` (before each operation)
 * repairs what an earlier operation legitimately changed: a deleted or promoted cook, a removed push
 * subscription, victims deleted, renamed or promoted. Returns { admin, cook, pools, refresh, warnings }.
 */
export async function setUpFixtures(baseUrl: string, adminAccount: Account): Promise<Fixtures> {
  const api = apiOf(baseUrl);
  const warnings: string[] = [];
  const attempt = bestEffort(warnings);
  const newCook = async () => signIn(api, await register(api, 'cook'), 'fuzz-cook');
  const admin = await signIn(api, adminAccount, 'fuzz-admin');
  const cook = await newCook();
  if (!admin.isAdmin) throw new Error('fixture: the seeded admin is not an admin');
  const topUpVictims = async (victims: Caller[]) => {
    while (victims.length < victimCount) {
      victims.push(await signIn(api, await register(api, 'victim'), 'fuzz-victim'));
    }
  };
  const victims: Caller[] = [];
  await topUpVictims(victims);
  const code = `FUZZ-${randomBytes(3).toString('hex').toUpperCase()}`;
  const promo = await attempt(
    'promo code',
    () =>
      api.expect<PromoCode>(201, 'POST', API_PATHS.promoCodes, {
        token: admin.token,
        body: { code, max_uses: 0 },
      }),
    null,
  );
  const cookRecords = (who: Caller) =>
    makeCookRecords(api, attempt, { cook: who, adminToken: state.admin.token, promo: state.promo });
  const records = await makeCookRecords(api, attempt, { cook, adminToken: admin.token, promo });
  const state: FixtureState = { admin, cook, victims, promo, records };
  const pools = poolsOf(state);

  const signedIn = async (who: Caller): Promise<MeResponse | null> => {
    const me = await api.call('GET', API_PATHS.me, { token: who.token });
    return me.status === 200 ? (me.body as MeResponse) : null;
  };
  const repairCook = async () => {
    let me = await signedIn(state.cook);
    if (me && !me.is_admin) return;
    if (!me) {
      // Deleted, or its tokens ended: a role change (issue 17) revokes them, so a promoted cook lands here.
      try {
        state.cook = await signIn(api, state.cook, 'fuzz-cook');
      } catch {
        state.cook = await newCook();
        state.records = await cookRecords(state.cook);
        return;
      }
      me = await signedIn(state.cook);
    }
    // An admin operation promoted the cook: demote it, then sign in again, since the change ended its tokens.
    if (me?.is_admin) {
      await api.expect<unknown>(200, 'POST', apiPath(API_PATHS.userToggleAdmin, { id: state.cook.id }), {
        token: state.admin.token,
      });
      state.cook = await signIn(api, state.cook, 'fuzz-cook');
    }
  };
  const repairSubscription = async () => {
    const push = await api.call('GET', API_PATHS.pushMe, { token: state.cook.token });
    const subscriptions = (push.body as { subscriptions?: PushSubscriptionView[] } | undefined)
      ?.subscriptions;
    if (push.status !== 200 || subscriptions?.length) return;
    state.records.endpoint = (await subscribe(api, attempt, state.cook)) ?? state.records.endpoint;
  };
  const repairVictims = async () => {
    const listed = await api.expect<AdminUsersResponse>(200, 'GET', API_PATHS.users, {
      token: state.admin.token,
    });
    const present = new Map(listed.map((user) => [user.id, user]));
    state.victims = state.victims.filter((victim) => {
      const user = present.get(victim.id);
      return user && !user.is_admin && user.email === victim.email;
    });
    await topUpVictims(state.victims);
  };
  const refresh = async () => {
    if (!(await signedIn(state.admin))) state.admin = await signIn(api, adminAccount, 'fuzz-admin');
    await repairCook();
    await repairSubscription();
    await repairVictims();
    Object.assign(pools, poolsOf(state));
  };

  return {
    /** Records the API refused to make (each leaves its pool empty). */
    warnings,
    get admin() {
      return state.admin;
    },
    get cook() {
      return state.cook;
    },
    pools,
    refresh,
  };
}

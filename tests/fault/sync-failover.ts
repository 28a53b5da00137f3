// Fault test (issue 20): a sync instance is SIGKILLed while phones are connected, then PostgreSQL is
// restarted under the same traffic. Phones reconnect to the other instance; nothing acknowledged is lost.
//
//   node --import tsx tests/fault/sync-failover.ts           (from the repository root; npm run fault runs them all)
//
// The scaled stack (sync-1 and sync-2 among the others, the gateway on :8391) runs on a private PostgreSQL
// cluster and a private Redis. Six accounts with 2 or 3 phones each (tests/support/sync-phone.ts: contracts'
// replica over the real protocol) keep their live stream open through the gateway and make a change every
// CHANGE_MS: a new `runs` record {phone, k, value} (k counts the phone's changes). Like the cook-app's
// engine, a phone whose stream ends connects again after a short backoff, and a push that fails (network,
// 5xx) is sent again: the replica keeps its outbox, and the server skips the mutation ids it already
// applied. A change counts as acknowledged once a push resolved with it out of the outbox.
// Timeline: 6 s of traffic; 100 changes at once on every phone (larger pushes, some in flight at the
// kill) and SIGKILL sync-1; 6 s; start sync-1 again (until ready); 5 s; PostgreSQL immediate shutdown
// (every server process quits at once; the start runs crash recovery) for 5 s, start; 6 s of traffic once
// a push is acknowledged again; then the phones stop changing, push what is left, and pull.
//
// Checks: the phones streaming through sync-1 saw their stream end and every one reconnected (through the
// gateway, to sync-2); pushes kept being acknowledged after the kill and after the outage; pushes failed
// with 503 in the one error shape during the outage, and no process died of it; no answer was a 500 or
// broke the error shape; every acknowledged change is on the server (a fresh phone of each account pulls it,
// with the phone's values and stamps) and reached every phone of its account through the live stream; all
// phones of an account hold identical records; no mutation was applied twice (each change is a record of
// its own, so the account's version counter, which rises once per record written by a push, equals its
// number of changes; and each phone's last applied mutation id equals its number of changes).
// Only the sync calls (/api/sync/*) are checked; the other services have fault tests of their own. Printed
// besides: the failed pushes whose changes were committed all the same (the phone sent them again).
// Environment: FAULT_SYNC_PORT (gateway port, 8391), FAULT_SYNC_CHANGE_MS (600), FAULT_SYNC_DUMP (a file
// to write every exchange, change and stream to, for a closer look).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { liveRecords, recordKey, type SyncRecord } from '@pitclock/contracts/sync';
import type { StackProcess } from '../support/scripts-lib';
import { createSyncPhone, SyncHttpError, type SyncPhone } from '../support/sync-phone';
import {
  apiRequestsServed,
  causeCode,
  errorShapeProblem,
  malformedAnswers,
  newUser,
  onCleanup,
  readiness,
  runScenario,
  safeJson,
  say,
  sleep,
  startFaultStack,
  statusTally,
  waitUntil,
  type Exchange,
  type FaultStack,
  type Report,
} from './lib';

const GATEWAY_PORT = Number(process.env.FAULT_SYNC_PORT ?? 8391);
const PHONES_PER_ACCOUNT = [3, 2, 3, 2, 3, 2];
const CHANGE_MS = Number(process.env.FAULT_SYNC_CHANGE_MS ?? 600);
const STEADY_MS = 6_000;
const AFTER_KILL_MS = 6_000;
const AFTER_RELAUNCH_MS = 5_000;
const OUTAGE_MS = 5_000;
const AFTER_OUTAGE_MS = 6_000;
/** The engine waits 1, 2, 5, 10, 30 s; the same rule, shorter, so that the test does not wait for it. */
const RETRY_MS = [250, 500, 1_000, 2_000];
const VICTIM = 'sync-1';
/** Changes each phone makes at once just before the kill. */
const BURST = 100;

/** One change a phone made: the record it created and the stamp it wrote every field with. */
interface Change {
  id: string;
  mid: number;
  fields: { phone: string; k: number; value: string };
  hlc: string;
  ackedAt?: number;
}

/** One live stream of a phone: when it opened (its 'ready' came) and when and how it ended. */
interface Stream {
  openedAt: number;
  endedAt?: number;
  how?: string;
}

interface Failure {
  at: number;
  error: string;
  status?: number;
}

/** A phone and what happened to it. */
interface Device {
  name: string;
  account: Account;
  phone: SyncPhone;
  changes: Change[];
  streams: Stream[];
  connectFailures: Failure[];
  pushFailures: Failure[];
  pullFailures: Failure[];
  pushesOk: number[];
}

interface Account {
  name: string;
  id: number;
  token: string;
  devices: Device[];
}

/** A sync exchange; a push's carries the first and last mutation id it sent. */
type SyncExchange = Exchange & { mids?: [number, number] };

/** When each step of the timeline happened, and what did not survive the outage. */
interface Timeline {
  killedAt: number;
  relaunchedAt: number;
  downAt: number;
  upAt: number;
  readyAt: number;
  crashed: { name: string; how: string }[];
}

/** What a failed sync call came to: its HTTP status and error code, or the network error under it. */
const describe = (error: unknown): Failure => {
  const at = Date.now();
  if (error instanceof SyncHttpError) {
    const code = (safeJson(error.body) as { error?: unknown } | undefined)?.error;
    return {
      at,
      status: error.status,
      error: `${error.status} ${typeof code === 'string' ? code : ''}`.trim(),
    };
  }
  const name = (error as { name?: unknown } | null)?.name;
  return { at, error: causeCode(error) ?? (typeof name === 'string' ? name : String(error)) };
};

/** Worth sending again, as the engine judges it: the network, 408, 429 and 5xx. */
const transient = (failure: Failure) =>
  failure.status === undefined || failure.status === 408 || failure.status === 429 || failure.status >= 500;

/** JSON with every object's keys sorted: PostgreSQL's jsonb does not keep the order they were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

const recordsByKey = (records: readonly SyncRecord[]) =>
  new Map(records.map((record) => [recordKey(record), canonical(record)]));

const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
const sum = <T>(items: readonly T[], count: (item: T) => number) =>
  items.reduce((n, item) => n + count(item), 0);
const exited = (proc: StackProcess) => proc.child.exitCode !== null || proc.child.signalCode !== null;
const allReady = async (procs: readonly StackProcess[]) =>
  (await readiness(procs)).every((r) => r.status === 200);

function tally(failures: readonly Failure[]) {
  if (failures.length === 0) return '0';
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure.error, (counts.get(failure.error) ?? 0) + 1);
  return [...counts.entries()].map(([error, n]) => `${error}:${n}`).join(' ');
}

/**
 * Records every /api/sync exchange (sync-phone calls the global fetch, so the global fetch is wrapped
 * until clean-up): status, body, what failed. An event stream's body is passed on untouched; only its
 * status and headers are recorded.
 */
function recordSyncExchanges(exchanges: SyncExchange[], nameOf: (body: unknown, token: string) => string) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!url.pathname.startsWith('/api/sync/')) return original(input, init);
    const body = safeJson(typeof init?.body === 'string' ? init.body : undefined);
    const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
    const mids = (body as { mutations?: { mid: number }[] } | undefined)?.mutations?.map((m) => m.mid);
    const exchange: SyncExchange = {
      client: nameOf(body, token),
      method: init?.method ?? 'GET',
      path: url.pathname,
      startedAt: Date.now(),
      ...(mids?.length ? { mids: [mids[0]!, mids.at(-1)!] } : {}),
    };
    exchanges.push(exchange);
    let response: Response;
    try {
      response = await original(input, init);
    } catch (error) {
      exchange.endedAt = Date.now();
      exchange.error = describe(error).error;
      throw error;
    }
    exchange.status = response.status;
    exchange.contentType = response.headers.get('content-type') ?? '';
    exchange.retryAfter = response.headers.get('retry-after');
    if (exchange.contentType.includes('text/event-stream')) return response;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      exchange.endedAt = Date.now();
      exchange.cut = true;
      exchange.error = describe(error).error;
      throw error;
    }
    exchange.endedAt = Date.now();
    exchange.text = text;
    return new Response(text === '' ? null : text, { status: response.status, headers: response.headers });
  };
  onCleanup(async () => {
    globalThis.fetch = original;
  });
}

/** The accounts (registered through the gateway) and their phones, not connected yet. */
async function createAccounts(gatewayUrl: string, exchanges: Exchange[]): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const [a, phones] of PHONES_PER_ACCOUNT.entries()) {
    const user = await newUser(gatewayUrl, `sf-account-${a + 1}`, exchanges);
    const token = user.client.session.getToken();
    if (!token) throw new Error(`sf-account-${a + 1} has no access token`);
    const account: Account = { name: `account-${a + 1}`, id: user.id, token, devices: [] };
    for (let p = 1; p <= phones; p += 1) {
      const name = `a${a + 1}p${p}`;
      const phone = createSyncPhone({
        baseUrl: gatewayUrl,
        token,
        account: user.id,
        clientId: `sf-${name}-${randomBytes(4).toString('hex')}`,
      });
      account.devices.push({
        name,
        account,
        phone,
        changes: [],
        streams: [],
        connectFailures: [],
        pushFailures: [],
        pullFailures: [],
        pushesOk: [],
      });
    }
    accounts.push(account);
  }
  return accounts;
}

/** Marks every change out of the phone's outbox as acknowledged (now, if not before). */
function settleAcks(device: Device) {
  const state = device.phone.state();
  const firstUnconfirmed = state.outbox[0]?.mid ?? state.nextMid;
  const now = Date.now();
  for (const change of device.changes)
    if (change.ackedAt === undefined && change.mid < firstUnconfirmed) change.ackedAt = now;
}

/** A new record on the phone: its k-th change is its mutation k, the record `<phone>-<k>`. */
function change(device: Device) {
  const k = device.changes.length + 1;
  const id = `${device.name}-${k}`;
  const fields = { phone: device.name, k, value: randomBytes(6).toString('hex') };
  device.phone.change('runs', id, fields);
  const made = device.phone.state().outbox.at(-1)!;
  device.changes.push({ id, mid: made.mid, fields, hlc: made.hlc });
}

/**
 * What each phone does, in three loops: the live stream (connect, wait for its end, back off, connect
 * again), the pusher (push while the outbox holds something; a failure waits and tries again) and the
 * changes. Each is switched off on its own: the changes first, then the pushes, then the streams.
 */
function startPhones(devices: readonly Device[]) {
  const on = { changing: true, pushing: true, listening: true };
  const openStreams = new Map<Device, () => void>();

  const live = async (device: Device) => {
    // Every poke that came during a pull waits on that pull: its failure is reported once for each.
    const seen = new WeakSet<object>();
    const pullFailed = (error: unknown) => {
      if (typeof error === 'object' && error !== null) {
        if (seen.has(error)) return;
        seen.add(error);
      }
      device.pullFailures.push(describe(error));
    };
    for (let attempt = 0; on.listening;) {
      try {
        const connection = await Promise.race([
          device.phone.connect(pullFailed),
          sleep(15_000).then(() => Promise.reject(new Error('no ready event within 15 s'))),
        ]);
        const stream: Stream = { openedAt: Date.now() };
        device.streams.push(stream);
        openStreams.set(device, connection.close);
        attempt = 0;
        if (!on.listening) connection.close();
        try {
          await connection.closed;
          stream.how = on.listening ? 'ended' : 'closed';
        } catch (error) {
          stream.how = `cut (${describe(error).error})`;
        }
        stream.endedAt = Date.now();
        openStreams.delete(device);
      } catch (error) {
        device.connectFailures.push(describe(error));
      }
      if (on.listening) await sleep(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!);
    }
  };

  const pusher = async (device: Device) => {
    for (let failures = 0; on.pushing;) {
      if (device.phone.state().outbox.length === 0) {
        await sleep(20);
        continue;
      }
      try {
        await device.phone.push();
        device.pushesOk.push(Date.now());
        settleAcks(device);
        failures = 0;
      } catch (error) {
        // A refusal (4xx) is final for the engine; here it fails a check, and is tried again so that the
        // scenario runs to its end.
        device.pushFailures.push(describe(error));
        await sleep(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
      }
    }
  };

  const changes = async (device: Device) => {
    await sleep(Math.random() * CHANGE_MS);
    while (on.changing) {
      change(device);
      await sleep(CHANGE_MS);
    }
  };

  const lives = devices.map(live);
  let pushers: Promise<void>[] = [];
  let changers: Promise<void>[] = [];
  return {
    openStreams,
    startTraffic: () => {
      pushers = devices.map(pusher);
      changers = devices.map(changes);
    },
    stopChanging: async () => {
      on.changing = false;
      await Promise.all(changers);
    },
    stopPushing: async () => {
      on.pushing = false;
      await Promise.all(pushers);
    },
    stopListening: async () => {
      on.listening = false;
      for (const close of openStreams.values()) close();
      await Promise.all(lives);
    },
  };
}

type Phones = ReturnType<typeof startPhones>;

const acksSince = (devices: readonly Device[], from: number) =>
  sum(devices, (d) => d.changes.filter((c) => c.ackedAt !== undefined && c.ackedAt > from).length);

/** A stream that was open at the kill and ended within 2 s of it. */
const endedAtTheKill = (stream: Stream, killedAt: number) =>
  stream.openedAt < killedAt &&
  stream.endedAt !== undefined &&
  stream.endedAt >= killedAt &&
  stream.endedAt < killedAt + 2_000;

/** SIGKILL the victim under the traffic, let the phones move over, start it again. */
async function killAndRelaunch(fault: FaultStack, victim: StackProcess, devices: Device[], phones: Phones) {
  // A burst of larger pushes, so that some are in flight at the kill: applied or not, their answer is lost.
  for (const device of devices) for (let i = 0; i < BURST; i += 1) change(device);
  await sleep(60);
  const killedAt = Date.now();
  say(
    `SIGKILL ${victim.name} (pid ${victim.child.pid}) with ${phones.openStreams.size} streams open, ` +
      `just after ${BURST} changes on every phone`,
  );
  await fault.stack.kill(victim, 'SIGKILL');
  await sleep(2_000);
  const cut = devices.filter((d) => d.streams.some((s) => endedAtTheKill(s, killedAt)));
  say(`${cut.length} streams ended at the kill: ${cut.map((d) => d.name).join(' ') || 'none'}`);
  await waitUntil(() => cut.every((d) => d.streams.some((s) => s.openedAt > killedAt)), {
    timeoutMs: 20_000,
    what: 'the phones of the killed instance streaming again',
  }).catch((error: unknown) => say(String(error)));
  say(`streams open: ${phones.openStreams.size}/${devices.length}`);
  await sleep(AFTER_KILL_MS);
  say(`acknowledged since the kill: ${acksSince(devices, killedAt)} changes`);
  const began = Date.now();
  await fault.stack.relaunch(victim);
  await waitUntil(() => allReady([victim]), { timeoutMs: 30_000, what: `${victim.name} ready` });
  const relaunchedAt = Date.now();
  say(`${victim.name} started again (pid ${victim.child.pid}), ready in ${seconds(began, relaunchedAt)}`);
  return { killedAt, relaunchedAt };
}

/**
 * PostgreSQL's immediate shutdown under the traffic, and its start. A process that died of it is a
 * failure (checked later); the orchestrator would start it again, and so does the test, so that the rest
 * of the scenario runs.
 */
async function restartPostgres(fault: FaultStack, devices: Device[]) {
  const syncProcesses = fault.stack.processes.filter((proc) => proc.kind === 'sync');
  const downAt = Date.now();
  say(`PostgreSQL immediate shutdown (every server process quits, as in a crash) for ${OUTAGE_MS / 1000} s`);
  await fault.postgres.kill();
  await sleep(OUTAGE_MS);
  await fault.postgres.start();
  const upAt = Date.now();
  await waitUntil(
    async () =>
      (await readiness(syncProcesses)).every((r, i) => r.status === 200 || exited(syncProcesses[i]!)),
    { timeoutMs: 30_000, what: 'every sync instance ready' },
  );
  const readyAt = Date.now();
  const crashed = fault.stack.processes
    .filter(exited)
    .map((proc) => ({ name: proc.name, how: String(proc.child.exitCode ?? proc.child.signalCode) }));
  say(
    `PostgreSQL up after ${seconds(downAt, upAt)} (crash recovery); the sync instances ready ` +
      `${seconds(upAt, readyAt)} later` +
      (crashed.length ? `; EXITED: ${crashed.map((c) => `${c.name} (${c.how})`).join(', ')}` : ''),
  );
  for (const proc of fault.stack.processes.filter(exited)) {
    await fault.stack.relaunch(proc);
    await waitUntil(() => allReady([proc]), { timeoutMs: 30_000, what: `${proc.name} ready` });
    say(`${proc.name} started again (as an orchestrator would) and ready`);
  }
  await waitUntil(() => acksSince(devices, upAt) > 0, { timeoutMs: 30_000, what: 'a push acknowledged' });
  say(`a change acknowledged again ${seconds(upAt, Date.now())} after the start`);
  return { downAt, upAt, readyAt, crashed };
}

/** Whether the phone holds every change its account's phones made. */
const holdsAll = (device: Device) => {
  const held = new Set(device.phone.records().map((r) => r.id));
  return device.account.devices.every((other) => other.changes.every((c) => held.has(c.id)));
};

/**
 * The end of the traffic: no more changes, every outbox pushed, every change on every phone of its
 * account through the live stream alone (answers whether that happened), a last pull, the streams closed.
 */
async function windDown(devices: Device[], phones: Phones): Promise<boolean> {
  await phones.stopChanging();
  const stoppedAt = Date.now();
  say(`changes stopped: ${sum(devices, (d) => d.changes.length)} made; pushing what is left`);
  await waitUntil(() => devices.every((d) => d.phone.state().outbox.length === 0), {
    timeoutMs: 30_000,
    what: 'every outbox empty',
  }).catch((error: unknown) => say(String(error)));
  await phones.stopPushing();
  for (const device of devices) settleAcks(device);
  const converged = await waitUntil(() => devices.every(holdsAll), {
    timeoutMs: 15_000,
    what: 'every phone holding its account’s changes through the live stream',
  }).catch((error: unknown) => {
    say(String(error));
    return false;
  });
  say(
    `${converged ? `live streams converged ${seconds(stoppedAt, Date.now())} after the last change` : 'live streams did not converge'}; a last pull on every phone`,
  );
  for (const device of devices)
    await device.phone.pull().catch((error: unknown) => device.pullFailures.push(describe(error)));
  await phones.stopListening();
  return converged;
}

/** What the server holds for each account: the records a fresh phone of it pulls. */
async function serverRecords(gatewayUrl: string, accounts: Account[]) {
  const records = new Map<Account, SyncRecord[]>();
  for (const account of accounts) {
    const phone = createSyncPhone({
      baseUrl: gatewayUrl,
      token: account.token,
      account: account.id,
      clientId: `sf-fresh-${account.id}-${randomBytes(4).toString('hex')}`,
    });
    await phone.pull();
    records.set(account, phone.records());
  }
  return records;
}

function printStory(exchanges: readonly Exchange[], devices: readonly Device[], t: Timeline) {
  console.log('\n-- what the phones saw');
  for (const [label, path] of [
    ['pushes', API_PATHS.syncPush],
    ['pulls', API_PATHS.syncPull],
    ['stream connects', API_PATHS.syncEvents],
  ] as const) {
    const these = exchanges.filter((e) => e.path === path);
    console.log(`  ${label.padEnd(16)} ${String(these.length).padStart(5)} (${statusTally(these)})`);
  }
  const window = (from: number, to: number) =>
    exchanges.filter((e) => (e.endedAt ?? Infinity) >= from && e.startedAt <= to);
  console.log(`  in the 3 s after the kill:   ${statusTally(window(t.killedAt, t.killedAt + 3_000))}`);
  console.log(`  PostgreSQL down until ready: ${statusTally(window(t.downAt, t.readyAt))}`);
  for (const d of devices) {
    const acked = d.changes.filter((c) => c.ackedAt !== undefined).length;
    const ends = d.streams
      .filter((s) => s.how && s.how !== 'closed')
      .map((s) => `${s.how} ${seconds(t.killedAt, s.endedAt!)} after the kill`);
    console.log(
      `  ${d.name.padEnd(5)} ${String(d.changes.length).padStart(3)} changes (${acked} acknowledged), ` +
        `${d.streams.length - 1} reconnects${ends.length ? ` [${ends.join('; ')}]` : ''}; failures: ` +
        `push ${tally(d.pushFailures)}, connect ${tally(d.connectFailures)}, pull ${tally(d.pullFailures)}`,
    );
  }
}

async function checkKill(report: Report, victim: StackProcess, devices: Device[], t: Timeline) {
  const cut = devices.filter((d) => d.streams.some((s) => endedAtTheKill(s, t.killedAt)));
  report.check(
    `the phones streaming through ${VICTIM} saw their stream end at the kill (the others kept theirs)`,
    cut.length > 0 && cut.length < devices.length,
    `${cut.length} of ${devices.length} streams ended`,
  );
  const delays = cut.map((d) => {
    const ended = d.streams.find((s) => endedAtTheKill(s, t.killedAt))!;
    const next = d.streams.find((s) => s.openedAt > ended.endedAt!);
    return next ? next.openedAt - ended.endedAt! : undefined;
  });
  report.check(
    'every phone whose stream ended reconnected through the gateway to the other instance',
    delays.every((delay) => delay !== undefined),
    `after ${delays.map((d) => (d === undefined ? 'never' : `${d} ms`)).join(', ')}`,
  );
  const pushes = sum(
    devices,
    (d) => d.pushesOk.filter((at) => at > t.killedAt && at < t.relaunchedAt).length,
  );
  const acked = acksSince(devices, t.killedAt) - acksSince(devices, t.relaunchedAt);
  report.check(
    `pushes kept being acknowledged while ${VICTIM} was down`,
    pushes > 0 && acked > 0,
    `${pushes} pushes, ${acked} changes`,
  );
  const served = await apiRequestsServed(victim);
  report.check(
    `${VICTIM} served requests again after its restart`,
    (served ?? 0) > 0,
    `${served} /api requests`,
  );
}

function checkOutage(report: Report, exchanges: readonly Exchange[], devices: Device[], t: Timeline) {
  const failed = exchanges.filter(
    (e) =>
      e.path === API_PATHS.syncPush &&
      (e.endedAt ?? Infinity) >= t.downAt &&
      e.startedAt <= t.upAt &&
      (e.status ?? 0) >= 400,
  );
  const notShaped = failed.filter((e) => e.status !== 503 || errorShapeProblem(safeJson(e.text)));
  report.check(
    'pushes during the PostgreSQL outage failed with 503 in the one error shape',
    failed.length > 0 && notShaped.length === 0,
    notShaped.length
      ? notShaped
          .slice(0, 4)
          .map((e) => `${e.status} ${String(e.text).slice(0, 100)}`)
          .join(' | ')
      : `${failed.length} pushes answered 503`,
  );
  report.check(
    'no process exited when PostgreSQL went down',
    t.crashed.length === 0,
    t.crashed.map((c) => `${c.name} exited (${c.how})`).join(', ') || 'none',
  );
  report.check(
    'pushes were acknowledged again after PostgreSQL came back',
    acksSince(devices, t.readyAt) > 0,
    `${acksSince(devices, t.upAt)} changes acknowledged after the start`,
  );
}

function checkAnswers(report: Report, exchanges: readonly Exchange[], devices: Device[]) {
  report.check(
    'no sync answer was a 500 (only 502/503/504 of an instance or PostgreSQL away)',
    exchanges.every((e) => e.status === undefined || e.status < 500 || [502, 503, 504].includes(e.status)),
    statusTally(exchanges),
  );
  const malformed = malformedAnswers(
    exchanges.filter((e) => !(e.contentType ?? '').includes('text/event-stream')),
  );
  report.check(
    'every sync answer was well-formed JSON, every error in the one error shape',
    malformed.length === 0,
    malformed.slice(0, 3).join(' | '),
  );
  const refused = devices.flatMap((d) =>
    [...d.pushFailures, ...d.connectFailures].filter((f) => !transient(f)).map((f) => `${d.name} ${f.error}`),
  );
  report.check(
    'no push or stream was refused (every failure was one to try again)',
    refused.length === 0,
    refused.slice(0, 4).join(' | '),
  );
}

function checkRecords(report: Report, accounts: Account[], onServer: Map<Account, SyncRecord[]>) {
  const lost: string[] = [];
  const unequal: string[] = [];
  for (const account of accounts) {
    const byId = new Map(onServer.get(account)!.map((record) => [record.id, record]));
    for (const change of account.devices.flatMap((d) => d.changes)) {
      const record = byId.get(change.id);
      if (!record) {
        if (change.ackedAt !== undefined) lost.push(`${account.name} ${change.id}`);
        continue;
      }
      const stamps = { phone: change.hlc, k: change.hlc, value: change.hlc };
      if (
        canonical(record.fields) !== canonical(change.fields) ||
        canonical(record.clocks) !== canonical(stamps)
      )
        unequal.push(`${change.id}: ${canonical(record.fields)} ${canonical(record.clocks)}`);
    }
  }
  const devices = accounts.flatMap((a) => a.devices);
  const made = sum(devices, (d) => d.changes.length);
  const acked = sum(devices, (d) => d.changes.filter((c) => c.ackedAt !== undefined).length);
  report.check(
    'every acknowledged change is on the server (a fresh phone pulls it)',
    lost.length === 0 && acked > 0,
    `${acked} acknowledged${lost.length ? `; missing ${lost.slice(0, 5).join(', ')}` : ''}`,
  );
  report.check('every change was acknowledged in the end', acked === made, `${acked} of ${made}`);
  report.check(
    'every change on the server holds the values and stamps its phone wrote',
    unequal.length === 0,
    unequal.slice(0, 3).join(' | ') || `${made} records`,
  );
  const diverged: string[] = [];
  for (const account of accounts) {
    const expected = recordsByKey(onServer.get(account)!);
    for (const device of account.devices) {
      const held = recordsByKey(liveRecords(device.phone.state()));
      const keys = new Set([...expected.keys(), ...held.keys()]);
      const differ = [...keys].filter((key) => expected.get(key) !== held.get(key));
      if (differ.length)
        diverged.push(`${device.name}: ${differ.length} differ (${differ.slice(0, 2).join(', ')})`);
    }
  }
  report.check(
    'all phones of an account hold identical records, the same as the server',
    diverged.length === 0,
    diverged.slice(0, 3).join(' | ') || `${accounts.length} accounts, ${devices.length} phones`,
  );
}

/**
 * The pushes that failed (a 5xx, or a broken connection): were their changes committed all the same, before
 * the failure came back (an instance killed between its commit and its answer, a commit whose answer
 * PostgreSQL did not send)? The phone sent those again, and the server must have skipped them
 * (checkAppliedOnce). Each record here is written once, stamped with its transaction's start time.
 */
async function printFailedPushes(fault: FaultStack, exchanges: readonly SyncExchange[]) {
  const failed = exchanges.filter(
    (e) => e.path === API_PATHS.syncPush && e.mids && (e.status === undefined || e.status >= 500 || e.cut),
  );
  const idsOf = (e: SyncExchange) =>
    Array.from({ length: e.mids![1] - e.mids![0] + 1 }, (_, i) => `${e.client}-${e.mids![0] + i}`);
  const writtenAt = new Map(
    (
      await fault.query<{ id: string; at: number }>(
        `select id, (extract(epoch from updated_at) * 1000)::float8 as at from sync_records where id = any($1)`,
        [failed.flatMap(idsOf)],
      )
    ).map((row) => [row.id, row.at]),
  );
  // Written by this push's own transaction: it started after the request went out, before its failure.
  const committed = failed.filter((e) =>
    idsOf(e).some((id) => {
      const at = writtenAt.get(id);
      return at !== undefined && at >= e.startedAt && at < e.endedAt!;
    }),
  );
  console.log(
    `  failed pushes: ${failed.length} (${statusTally(failed)}), carrying ${failed.flatMap(idsOf).length} ` +
      `changes; committed all the same, then sent again: ${committed.length} pushes`,
  );
}

/** Exactly once, from the server's tables: every write of a record takes one version of its scope. */
async function checkAppliedOnce(report: Report, fault: FaultStack, accounts: Account[]) {
  const scopes = accounts.map((a) => `u:${a.id}`);
  const counters = await fault.query<{ scope: string; version: number; records: number }>(
    `select s.scope, s.version::int as version,
            (select count(*)::int from sync_records r where r.scope = s.scope) as records
       from sync_scopes s where s.scope = any($1)`,
    [scopes],
  );
  const wrong = accounts
    .map((account) => {
      const row = counters.find((c) => c.scope === `u:${account.id}`);
      const changes = sum(account.devices, (d) => d.changes.length);
      return { name: account.name, changes, version: row?.version ?? 0, records: row?.records ?? 0 };
    })
    .filter((a) => a.version !== a.changes || a.records !== a.changes);
  report.check(
    'no mutation was applied twice (each account’s version counter = its records = its changes)',
    wrong.length === 0,
    wrong
      .map((a) => `${a.name}: ${a.changes} changes, version ${a.version}, ${a.records} records`)
      .join(' | ') || `${accounts.length} accounts`,
  );
  const devices = accounts.flatMap((a) => a.devices);
  const clients = new Map(
    (
      await fault.query<{ client_id: string; last: number }>(
        `select client_id, last_mutation_id::int as last from sync_clients where client_id = any($1)`,
        [devices.map((d) => d.phone.clientId)],
      )
    ).map((row) => [row.client_id, row.last]),
  );
  const off = devices.filter((d) => clients.get(d.phone.clientId) !== d.changes.length);
  report.check(
    'each phone’s last applied mutation id on the server = its number of changes',
    off.length === 0,
    off.map((d) => `${d.name}: ${clients.get(d.phone.clientId)} vs ${d.changes.length}`).join(', ') ||
      `${devices.length} phones`,
  );
}

await runScenario('sync-failover: sync-1 killed, PostgreSQL restarted, under phones', async (report) => {
  const fault = await startFaultStack({ name: 'sync-failover', gatewayPort: GATEWAY_PORT });
  const { stack, gatewayUrl } = fault;
  const victim = stack.processes.find((proc) => proc.name === VICTIM);
  if (!victim) throw new Error(`no ${VICTIM}: ${stack.processes.map((p) => p.name).join(', ')}`);

  const setupExchanges: Exchange[] = [];
  const accounts = await createAccounts(gatewayUrl, setupExchanges);
  const devices = accounts.flatMap((account) => account.devices);
  const nameOfClient = new Map(devices.map((d) => [d.phone.clientId, d.name]));
  const nameOfToken = new Map(accounts.map((a) => [a.token, a.name]));
  const exchanges: SyncExchange[] = [];
  recordSyncExchanges(
    exchanges,
    (body, token) =>
      nameOfClient.get((body as { clientId?: string } | undefined)?.clientId ?? '') ??
      nameOfToken.get(token) ??
      'other',
  );
  say(
    `${accounts.length} accounts (users ${accounts.map((a) => a.id).join(', ')}), ${devices.length} phones; ` +
      `a change per phone every ${CHANGE_MS} ms`,
  );

  const phones = startPhones(devices);
  await waitUntil(() => phones.openStreams.size === devices.length, {
    timeoutMs: 20_000,
    what: 'every phone streaming',
  });
  say('every phone has its live stream open; traffic starts');
  phones.startTraffic();
  let timeline: Timeline;
  try {
    await sleep(STEADY_MS);
    say(`steady traffic: ${acksSince(devices, 0)} changes acknowledged`);
    const kill = await killAndRelaunch(fault, victim, devices, phones);
    await sleep(AFTER_RELAUNCH_MS);
    const outage = await restartPostgres(fault, devices);
    await sleep(AFTER_OUTAGE_MS);
    timeline = { ...kill, ...outage };
  } finally {
    await phones.stopChanging();
  }
  const converged = await windDown(devices, phones);
  const onServer = await serverRecords(gatewayUrl, accounts);

  if (process.env.FAULT_SYNC_DUMP) {
    const byPhone = Object.fromEntries(
      devices.map((d) => [d.name, { changes: d.changes, streams: d.streams }]),
    );
    writeFileSync(process.env.FAULT_SYNC_DUMP, JSON.stringify({ timeline, exchanges, phones: byPhone }));
  }
  printStory(exchanges, devices, timeline);
  await printFailedPushes(fault, exchanges);
  await checkKill(report, victim, devices, timeline);
  checkOutage(report, exchanges, devices, timeline);
  report.check(
    'every change reached every phone of its account through the live stream, after both faults',
    converged,
    devices
      .filter((d) => !holdsAll(d))
      .map((d) => d.name)
      .join(', ') || `${devices.length} phones`,
  );
  const streaming = devices.filter((d) => d.streams.at(-1)?.how === 'closed').length;
  report.check(
    'every phone was streaming at the end',
    streaming === devices.length,
    `${streaming}/${devices.length}`,
  );
  checkAnswers(
    report,
    [...setupExchanges.filter((e) => e.path.startsWith('/api/sync/')), ...exchanges],
    devices,
  );
  checkRecords(report, accounts, onServer);
  await checkAppliedOnce(report, fault, accounts);

  const ready = await readiness(stack.processes);
  report.check(
    'every process is ready at the end',
    ready.every((r) => r.status === 200),
    ready
      .filter((r) => r.status !== 200)
      .map((r) => r.name)
      .join(', ') || `${ready.length} processes`,
  );
  const others = fault
    .restartedProcesses()
    .filter((name) => name !== VICTIM && !timeline.crashed.some((c) => c.name === name));
  report.check('no other process was restarted', others.length === 0, others.join(', ') || 'none');
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createApiClient, createMemoryStorage } from '@pitclock/contracts';
import { makeJwt, startTestServer, type Reply, type TestServer } from '@pitclock/contracts/testing';
import {
  backoffMs,
  OUTBOX_FIRST_RETRY_MS,
  OUTBOX_MAX_RETRY_MS,
  OUTBOX_STORAGE_KEY,
  createAccountOutbox,
  outboxStorageKey,
  readOutbox,
  type OutboxCall,
} from './outbox';
import {
  memorySession,
  pointApiAtClosedPort,
  startApi,
  testClient,
  testOutbox,
  USER_TOKEN,
} from './test-support';

const servers: TestServer[] = [];
const releases: (() => void)[] = [];
afterEach(async () => {
  releases.splice(0).forEach((release) => release());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A promise the test releases (at the latest when the test ends). */
function held() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  releases.push(release);
  return { released, release };
}

/**
 * A notifier that answers each request with the next of `replies` (then 204); `answering`: it answers
 * nothing before that promise resolves.
 */
async function notifier(replies: Reply[] = [], { answering }: { answering?: Promise<void> } = {}) {
  const server = await startTestServer(async () => {
    await answering;
    return replies.shift() ?? { status: 204 };
  });
  servers.push(server);
  return { server };
}

const put = (runId: string, version: number): OutboxCall => ({
  key: `schedule:${runId}`,
  method: 'PUT',
  path: `push/runs/${runId}/schedule`,
  body: { version },
});
const sent = (server: TestServer) => server.requests.map((r) => `${r.method} ${r.path} ${r.text}`);
const line = (runId: string, version: number) =>
  `PUT /api/push/runs/${runId}/schedule ${JSON.stringify({ version })}`;

const unavailable: Reply = { status: 503, json: { error: 'unavailable', message: 'Try again later' } };

describe('the push outbox', () => {
  it('sends the calls in order, one at a time, with the bearer, and empties its storage', async () => {
    // How many calls the outbox had started when each request reached the server: a call started
    // before the previous one was answered would be counted at that request's arrival.
    let started = 0;
    const startedAtArrival: number[] = [];
    const server = await startTestServer(() => {
      startedAtArrival.push(started);
      return { status: 204 };
    });
    servers.push(server);
    const session = memorySession();
    const client = createApiClient({
      session,
      base: `${server.url}/api`,
      onSessionExpired: () => {},
      fetch: (input, init) => {
        started += 1;
        return fetch(input, init);
      },
    });
    const { outbox, storage } = testOutbox({ client, session });
    outbox.enqueue(put('a', 1));
    outbox.enqueue(put('b', 1));
    outbox.enqueue({ key: 'push-subscription', method: 'POST', path: 'push/subscribe', body: { x: 1 } });
    await outbox.idle();

    expect(sent(server)).toEqual([line('a', 1), line('b', 1), 'POST /api/push/subscribe {"x":1}']);
    expect(startedAtArrival).toEqual([1, 2, 3]);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${USER_TOKEN}`)).toBe(true);
    expect(outbox.entries()).toEqual([]);
    expect(storage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('replaces an unsent call of the same run in its place, keeping the order across runs', async () => {
    const { server } = await notifier([unavailable]);
    const session = memorySession();
    const { outbox, timers } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue(put('a', 1));
    outbox.enqueue(put('b', 1));
    await outbox.idle(); // a 1 failed: a and b wait
    outbox.enqueue(put('c', 1));
    outbox.enqueue(put('a', 2));
    outbox.enqueue(put('b', 2));
    expect(outbox.entries().map((e) => e.body)).toEqual([{ version: 2 }, { version: 2 }, { version: 1 }]);

    timers.fire();
    await outbox.idle();
    expect(sent(server)).toEqual([line('a', 1), line('a', 2), line('b', 2), line('c', 1)]);
  });

  it('sends a newer call of the run being sent after it, not instead of it', async () => {
    const answering = held();
    const { server } = await notifier([], { answering: answering.released });
    const session = memorySession();
    const { outbox } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue(put('a', 1));
    await vi.waitFor(() => expect(sent(server)).toEqual([line('a', 1)])); // a 1 is on its way
    outbox.enqueue(put('a', 2));
    answering.release();
    await outbox.idle();
    expect(sent(server)).toEqual([line('a', 1), line('a', 2)]);
  });

  it('retries a 503 with backoff doubling from 1 s, holding the calls behind it, then sends them all', async () => {
    const { server } = await notifier([unavailable, unavailable, { status: 500, text: 'Internal' }]);
    const session = memorySession();
    const { outbox, timers } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue(put('a', 1));
    outbox.enqueue(put('b', 1));
    await outbox.idle();
    expect(sent(server)).toEqual([line('a', 1)]);
    expect(outbox.entries()[0]).toMatchObject({ attempts: 1, notBefore: timers.now() + 1_000 });

    for (let i = 0; i < 3; i += 1) {
      timers.fire();
      await outbox.idle();
    }
    expect(timers.delays).toEqual([1_000, 2_000, 4_000]);
    expect(sent(server)).toEqual([line('a', 1), line('a', 1), line('a', 1), line('a', 1), line('b', 1)]);
    expect(outbox.entries()).toEqual([]);
  });

  it.each<[string, Reply, number]>([
    ['a 408', { status: 408, text: 'Request Timeout' }, 1_000],
    [
      'a 429 after its retry_after_seconds',
      {
        status: 429,
        json: { error: 'too_many_requests', message: 'Slow down', details: { retry_after_seconds: 7 } },
      },
      7_000,
    ],
    ['a 429 without one', { status: 429, json: { error: 'too_many_requests', message: 'Slow down' } }, 1_000],
  ])('retries %s', async (_label, reply, delay) => {
    const { server } = await notifier([reply]);
    const session = memorySession();
    const { outbox, timers } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(timers.delays).toEqual([delay]);
    timers.fire();
    await outbox.idle();
    expect(sent(server)).toEqual([line('a', 1), line('a', 1)]);
    expect(outbox.entries()).toEqual([]);
  });

  it('drops a call the server refuses with 400 (it cannot succeed), warns, and goes on with the next', async () => {
    const { server } = await notifier([
      { status: 400, json: { error: 'bad_request', message: 'The run id is not valid' } },
    ]);
    const session = memorySession();
    const { outbox, warn, timers } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue(put('bad id', 1));
    outbox.enqueue(put('b', 1));
    await outbox.idle();

    expect(sent(server)).toEqual([
      `PUT /api/push/runs/bad%20id/schedule ${JSON.stringify({ version: 1 })}`,
      line('b', 1),
    ]);
    expect(outbox.entries()).toEqual([]);
    expect(timers.delays).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ status: 400, message: 'The run id is not valid' });
  });

  it('counts a DELETE the server has nothing for (404) as done, without a warning', async () => {
    const { server } = await notifier([
      { status: 404, json: { error: 'not_found', message: 'No schedule for this run' } },
    ]);
    const session = memorySession();
    const { outbox, warn } = testOutbox({ client: testClient(session, server), session });
    outbox.enqueue({ key: 'schedule:a', method: 'DELETE', path: 'push/runs/a/schedule' });
    await outbox.idle();
    expect(sent(server)).toEqual(['DELETE /api/push/runs/a/schedule ']);
    expect(outbox.entries()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps its calls across a reload: a new outbox on the same storage sends them when started', async () => {
    const { server } = await notifier([unavailable]);
    const session = memorySession();
    const storage = createMemoryStorage();
    const first = testOutbox({ client: testClient(session, server), session, storage });
    first.outbox.enqueue(put('a', 1));
    first.outbox.enqueue(put('b', 1));
    await first.outbox.idle();
    expect(readOutbox(storage).map((e) => [e.key, e.attempts])).toEqual([
      ['schedule:a', 1],
      ['schedule:b', 0],
    ]);

    const second = testOutbox({ client: testClient(session, server), session, storage });
    expect(second.outbox.entries().map((e) => e.body)).toEqual([{ version: 1 }, { version: 1 }]);
    const stop = second.outbox.start(); // app start: at once, whatever the backoff said
    await second.outbox.idle();
    stop();
    expect(sent(server)).toEqual([line('a', 1), line('a', 1), line('b', 1)]);
    expect(storage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('with the server unreachable it backs off, and sends at once when the browser is back online', async () => {
    await pointApiAtClosedPort();
    const session = memorySession();
    const { outbox, timers, events } = testOutbox({ client: testClient(session), session });
    const stop = outbox.start();
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    timers.fire();
    await outbox.idle();
    expect(timers.delays).toEqual([1_000, 2_000]);
    expect(outbox.entries()).toHaveLength(1);

    const server = await startApi(() => ({ status: 204 }));
    events.dispatchEvent(new Event('online'));
    await outbox.idle();
    stop();
    expect(sent(server)).toEqual([line('a', 1)]);
    expect(outbox.entries()).toEqual([]);
  });

  it('sends nothing while the browser says it is offline, until it is online again', async () => {
    const { server } = await notifier();
    const session = memorySession();
    let online = false;
    const { outbox, events } = testOutbox({
      client: testClient(session, server),
      session,
      isOnline: () => online,
    });
    const stop = outbox.start();
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(server.requests).toHaveLength(0);
    online = true;
    events.dispatchEvent(new Event('online'));
    await outbox.idle();
    stop();
    expect(sent(server)).toEqual([line('a', 1)]);
  });

  it('sends nothing while signed out, and sends once signed in', async () => {
    const { server } = await notifier();
    const session = memorySession(null);
    const { outbox } = testOutbox({ client: testClient(session, server), session });
    const stop = outbox.start();
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(server.requests).toHaveLength(0);
    session.setTokens({ token: USER_TOKEN });
    await outbox.idle();
    stop();
    expect(sent(server)).toEqual([line('a', 1)]);
  });

  it('keeps a call refused with 401 when the session cannot be refreshed, and sends it after sign-in', async () => {
    const { server } = await notifier([
      { status: 401, json: { error: 'unauthorized', message: 'Token expired' } },
    ]);
    const session = memorySession(); // no refresh token: the client signs out
    const { outbox, timers } = testOutbox({ client: testClient(session, server), session });
    const stop = outbox.start();
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(session.getToken()).toBeNull();
    expect(outbox.entries()).toMatchObject([{ key: 'schedule:a', attempts: 0 }]);
    expect(timers.waiting()).toBe(false);

    session.setTokens({ token: makeJwt({ sub: '7', n: 2 }) });
    await outbox.idle();
    stop();
    expect(sent(server)).toEqual([line('a', 1), line('a', 1)]);
    expect(outbox.entries()).toEqual([]);
  });

  it('discards the unsent calls of a key', async () => {
    const session = memorySession(null);
    const { outbox } = testOutbox({ client: testClient(session), session });
    outbox.enqueue(put('a', 1));
    outbox.enqueue({ key: 'push-subscription', method: 'POST', path: 'push/subscribe', body: {} });
    outbox.discard('push-subscription');
    expect(outbox.entries().map((e) => e.key)).toEqual(['schedule:a']);
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to at most 5 minutes, jittered within the upper half', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempts, r) => {
          const ceiling = Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** (attempts - 1));
          const delay = backoffMs(attempts, () => r);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
        },
      ),
    );
    expect([1, 2, 3, 9, 10, 30].map((n) => backoffMs(n, () => 1))).toEqual([
      1_000, 2_000, 4_000, 256_000, 300_000, 300_000,
    ]);
  });
});

describe('the outbox of an account', () => {
  const TOKEN_A = makeJwt({ sub: '7' });
  const TOKEN_B = makeJwt({ sub: '8' });
  const bearers = (server: TestServer) => server.requests.map((r) => r.headers.authorization);

  async function accountOutbox() {
    const { server } = await notifier();
    const session = memorySession(null);
    const storage = createMemoryStorage();
    const network = { online: true };
    const outbox = createAccountOutbox({
      client: testClient(session, server),
      session,
      storage,
      random: () => 1,
      isOnline: () => network.online,
      events: null,
    });
    return { outbox, storage, session, server, network };
  }

  it("keeps a call queued by A under A's key, never sends it with B's token, and sends it when A is back", async () => {
    const { outbox, storage, session, server, network } = await accountOutbox();
    const stop = outbox.start();
    session.setTokens({ token: TOKEN_A });
    network.online = false;
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(readOutbox(storage, outboxStorageKey('7'))).toMatchObject([{ key: 'schedule:a' }]);
    expect(storage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();

    session.setTokens({ token: TOKEN_B });
    network.online = true;
    outbox.enqueue(put('b', 1));
    await outbox.idle();
    expect(sent(server)).toEqual([line('b', 1)]);
    expect(bearers(server)).toEqual([`Bearer ${TOKEN_B}`]);
    expect(outbox.entries()).toEqual([]);
    expect(readOutbox(storage, outboxStorageKey('7'))).toMatchObject([{ key: 'schedule:a' }]);

    session.setTokens({ token: TOKEN_A });
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    await outbox.idle();
    stop();
    expect(sent(server)[1]).toBe(line('a', 1));
    expect(bearers(server)[1]).toBe(`Bearer ${TOKEN_A}`);
    expect(readOutbox(storage, outboxStorageKey('7'))).toEqual([]);
  });

  it('queues nothing while no account is signed in', async () => {
    const { outbox, storage, server } = await accountOutbox();
    outbox.enqueue(put('a', 1));
    await outbox.idle();
    expect(outbox.entries()).toEqual([]);
    expect(storage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});

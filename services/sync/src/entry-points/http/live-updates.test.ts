import type { NumberedMutation, Scope } from '@pitclock/contracts/sync';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stamp, useSyncService, type Caller, type Instance } from '../../test-support/harness';
import { openSse, pokeOf, type SseReader } from '../../test-support/sse-reader';
import { waitFor } from '@pitclock/kit/testing';

const svc = useSyncService({ config: { SYNC_HEARTBEAT_MS: '100' } });

const edit = (mid: number, scope: Scope, id = `r${mid}`): NumberedMutation => ({
  mid,
  scope,
  store: 'runs',
  id,
  hlc: stamp(),
  set: { n: mid },
});

let a: Instance;
let b: Instance;
const open: SseReader[] = [];

const connect = async (on: Instance, caller: Caller) => {
  const server = await on.server();
  const reader = await openSse(`${server.url}/api/sync/events`, caller.headers);
  open.push(reader);
  await reader.next((e) => e.event === 'ready');
  return reader;
};

beforeAll(() => {
  a = svc.instance();
  b = svc.instance();
});

afterEach(() => {
  for (const reader of open.splice(0)) reader.close();
});

describe('GET /api/sync/events', () => {
  it('answers an event stream: ready at once, then heartbeat comments, with headers that keep proxies from buffering', async () => {
    const cook = await svc.user();
    const reader = await connect(a, cook);
    expect(reader.status).toBe(200);
    expect(reader.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(reader.headers['cache-control']).toBe('no-cache');
    expect(reader.headers['x-accel-buffering']).toBe('no');
    expect(reader.events[0]).toEqual({ event: 'ready', data: '{}' });
    await waitFor('two heartbeats', () => reader.comments() >= 2);
  });

  it('a push on instance A pokes the stream held by instance B, and only the streams of accounts that read the scope', async () => {
    const bob = await svc.user();
    const carol = await svc.user();
    const bobs = await connect(b, bob);
    const carols = await connect(b, carol);
    await svc.push(bob, `bob-${bob.id}`, [edit(1, `u:${bob.id}`)], a.app);
    await bobs.next(pokeOf(`u:${bob.id}`));
    await svc.push(carol, `carol-${carol.id}`, [edit(1, `u:${carol.id}`)], a.app);
    await carols.next(pokeOf(`u:${carol.id}`));
    // Pokes travel in order on one channel: Bob's came first, and Carol's stream did not get it.
    expect(carols.events.filter((e) => e.event === 'poke')).toEqual([
      { event: 'poke', data: JSON.stringify({ scope: `u:${carol.id}` }) },
    ]);
    expect(bobs.events.filter((e) => e.event === 'poke')).toHaveLength(1);
  });

  it('a client that disconnects, misses changes and reconnects gets them with its cookie', async () => {
    const cook = await svc.user();
    const scope: Scope = `u:${cook.id}`;
    const device = `device-${cook.id}`;
    await svc.push(cook, `other-${cook.id}`, [edit(1, scope)], a.app);
    const first = await svc.pull(cook, device, {}, b.app);
    const stream = await connect(b, cook);
    stream.close();
    await waitFor('the stream to be let go', () => b.live.connections() === 0 || undefined);
    await svc.push(cook, `other-${cook.id}`, [edit(2, scope), edit(3, scope)], a.app);
    const again = await connect(b, cook);
    const caughtUp = await svc.pull(cook, device, first.cookie, b.app);
    expect(caughtUp.records.map((r) => r.id)).toEqual(['r2', 'r3']);
    await svc.push(cook, `other-${cook.id}`, [edit(4, scope)], a.app);
    await again.next(pokeOf(scope));
  });

  it("a stream follows its account's teams: a poke on joining, the team's pokes while in it, none after leaving", async () => {
    const owner = await svc.user();
    const cook = await svc.user();
    const team = await svc.createTeam(owner);
    const stream = await connect(b, cook);
    await svc.addMember(team, owner, cook);
    await stream.next(pokeOf(`u:${cook.id}`));
    await svc.push(owner, `owner-${owner.id}`, [edit(1, team.scope)], a.app);
    await stream.next(pokeOf(team.scope));
    const left = await request(a.app).delete(`/api/teams/${team.id}/members/${cook.id}`).set(cook.headers);
    expect(left.status).toBe(204);
    const from = stream.events.length;
    await stream.next(pokeOf(`u:${cook.id}`), { from });
    await svc.push(owner, `owner-${owner.id}`, [edit(2, team.scope)], a.app);
    await svc.push(cook, `cook-${cook.id}`, [edit(1, `u:${cook.id}`)], a.app);
    const next = stream.events.length;
    await stream.next(pokeOf(`u:${cook.id}`), { from: next });
    expect(stream.events.slice(from).filter(pokeOf(team.scope))).toEqual([]);
  });

  it('a team created by the account pokes its own scope', async () => {
    const owner = await svc.user();
    const stream = await connect(a, owner);
    const team = await svc.createTeam(owner);
    await stream.next(pokeOf(`u:${owner.id}`));
    await svc.push(owner, `o-${owner.id}`, [edit(1, team.scope)], b.app);
    await stream.next(pokeOf(team.scope));
  });

  it('when the instance stops, its streams end (clients reconnect elsewhere) and new ones are refused with 503', async () => {
    const stopping = svc.instance();
    const cook = await svc.user();
    const stream = await connect(stopping, cook);
    stopping.live.endStreams();
    await stream.ended();
    const server = await stopping.server();
    const refused = await request(server.url).get('/api/sync/events').set(cook.headers);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('service_unavailable');
    expect(refused.headers['content-type']).toMatch(/json/);
  });
});

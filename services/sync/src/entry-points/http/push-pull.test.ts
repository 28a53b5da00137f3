import type { NumberedMutation, Scope } from '@pitclock/contracts/sync';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { stamp, useSyncService } from '../../test-support/harness';

const svc = useSyncService();

const edit = (mid: number, scope: Scope, id: string, fields: Record<string, unknown> = { n: mid }) =>
  ({ mid, scope, store: 'run_steps', id, hlc: stamp(), set: fields }) as NumberedMutation;

const snapshot = async () => ({
  records: await svc.query(
    'select scope, store, id, fields, clocks, deleted, version from sync_records order by 1, 2, 3',
  ),
  scopes: await svc.query('select * from sync_scopes order by scope'),
  clients: await svc.query(
    'select client_id, user_id, last_mutation_id from sync_clients order by client_id',
  ),
});

describe('push', () => {
  it('the same push twice changes nothing the second time and answers the same lastMutationId', async () => {
    const cook = await svc.user();
    const scope: Scope = `u:${cook.id}`;
    const mutations = [edit(1, scope, 'a'), edit(2, scope, 'b'), edit(3, scope, 'a', { note: 'hot' })];
    expect(await svc.push(cook, `phone-${cook.id}`, mutations)).toEqual({ lastMutationId: 3 });
    const once = await snapshot();
    expect(await svc.push(cook, `phone-${cook.id}`, mutations)).toEqual({ lastMutationId: 3 });
    expect(await snapshot()).toEqual(once);
    expect(await svc.storedRecords(scope)).toEqual([
      expect.objectContaining({ id: 'a', fields: { n: 1, note: 'hot' } }),
      expect.objectContaining({ id: 'b', fields: { n: 2 } }),
    ]);
  });

  it('nothing after a gap is applied; the missing mutation sent later lets the rest through', async () => {
    const cook = await svc.user();
    const scope: Scope = `u:${cook.id}`;
    expect(
      await svc.push(cook, `phone-${cook.id}`, [
        edit(1, scope, 'a'),
        edit(2, scope, 'b'),
        edit(4, scope, 'd'),
      ]),
    ).toEqual({
      lastMutationId: 2,
    });
    expect((await svc.storedRecords(scope)).map((r) => r.id)).toEqual(['a', 'b']);
    expect(await svc.push(cook, `phone-${cook.id}`, [edit(4, scope, 'd'), edit(3, scope, 'c')])).toEqual({
      lastMutationId: 4,
    });
    expect((await svc.storedRecords(scope)).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a first push that starts past 1 applies nothing and creates only the client', async () => {
    const cook = await svc.user();
    expect(await svc.push(cook, `late-${cook.id}`, [edit(2, `u:${cook.id}`, 'x')])).toEqual({
      lastMutationId: 0,
    });
    expect(await svc.storedRecords(`u:${cook.id}`)).toEqual([]);
  });

  it('a push of 500 mutations is applied whole, each record taking its own version of the scope', async () => {
    const cook = await svc.user();
    const scope: Scope = `u:${cook.id}`;
    const mutations = Array.from({ length: 500 }, (_, i) =>
      edit(i + 1, scope, `step-${i % 300}`, { [`f${i % 7}`]: i }),
    );
    expect(await svc.push(cook, `big-${cook.id}`, mutations)).toEqual({ lastMutationId: 500 });
    const versions = await svc.query<{ version: string }>(
      'select version from sync_records where scope = $1 order by version',
      [scope],
    );
    expect(versions.map((row) => Number(row.version))).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await svc.query('select version from sync_scopes where scope = $1', [scope])).toEqual([
      { version: '300' },
    ]);
  });

  it('a delete leaves a tombstone that a later write does not undo', async () => {
    const cook = await svc.user();
    const scope: Scope = `u:${cook.id}`;
    await svc.push(cook, `phone-${cook.id}`, [
      edit(1, scope, 'gone'),
      { mid: 2, scope, store: 'run_steps', id: 'gone', hlc: stamp(), delete: true },
      edit(3, scope, 'gone', { n: 99 }),
    ]);
    const [record] = await svc.storedRecords(scope);
    expect(record!.deleted).not.toBeNull();
    expect(record!.fields).toEqual({ n: 99 });
  });
});

describe('pull', () => {
  it('an unknown client has lastMutationId 0 and reads everything of its scopes', async () => {
    const cook = await svc.user();
    await svc.push(cook, `phone-${cook.id}`, [edit(1, `u:${cook.id}`, 'a')]);
    const answer = await svc.pull(cook, `tablet-${cook.id}`);
    expect(answer.lastMutationId).toBe(0);
    expect(answer.records.map((r) => r.id)).toEqual(['a']);
    expect(answer.cookie).toEqual({ [`u:${cook.id}`]: 1 });
    expect(answer.more).toBe(false);
    expect((await svc.pull(cook, `phone-${cook.id}`)).lastMutationId).toBe(1);
  });

  it('pages with more and the cookie: every change once, in version order, scope by scope', async () => {
    const paged = svc.instance({}, { recordsPerPull: 3 });
    const owner = await svc.user();
    const team = await svc.createTeam(owner);
    const own: Scope = `u:${owner.id}`;
    await svc.push(owner, `phone-${owner.id}`, [
      edit(1, own, 'a'),
      edit(2, team.scope, 't1'),
      edit(3, own, 'b'),
      edit(4, team.scope, 't2'),
      edit(5, own, 'c'),
      edit(6, own, 'a', { n: 6 }),
    ]);
    const first = await svc.pull(owner, `reader-${owner.id}`, {}, paged.app);
    expect(first.scopes).toEqual([own, team.scope]);
    expect(first.records.map((r) => `${r.scope}/${r.id}`)).toEqual([`${own}/a`, `${own}/b`, `${own}/c`]);
    expect(first.records[0]!.fields).toEqual({ n: 6 });
    expect(first.cookie).toEqual({ [own]: 3, [team.scope]: 0 });
    expect(first.more).toBe(true);
    const second = await svc.pull(owner, `reader-${owner.id}`, first.cookie, paged.app);
    expect(second.records.map((r) => r.id)).toEqual(['t1', 't2']);
    expect(second.cookie).toEqual({ [own]: 3, [team.scope]: 2 });
    expect(second.more).toBe(false);
    const third = await svc.pull(owner, `reader-${owner.id}`, second.cookie, paged.app);
    expect(third).toMatchObject({ records: [], cookie: second.cookie, more: false });
    // A change after the cookie comes alone.
    await svc.push(owner, `phone-${owner.id}`, [edit(7, team.scope, 't1', { n: 7 })]);
    const fourth = await svc.pull(owner, `reader-${owner.id}`, third.cookie, paged.app);
    expect(fourth.records).toEqual([expect.objectContaining({ id: 't1', fields: { n: 7 } })]);
    expect(fourth.cookie).toEqual({ [own]: 3, [team.scope]: 3 });
  });

  it('refuses a body that breaks the schema with 400 validation_failed', async () => {
    const cook = await svc.user();
    const res = await request(svc.app())
      .post('/api/sync/pull')
      .set(cook.headers)
      .send({ clientId: 'x', cookie: { 'u:1': -1 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
  });
});

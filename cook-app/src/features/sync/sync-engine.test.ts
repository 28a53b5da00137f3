import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, createMemoryStorage, createSessionStore } from '@pitclock/contracts';
import { startSyncTestServer, type SyncTestServer } from '@pitclock/contracts/testing';
import { addContest } from '../../store/operations/contests';
import { addStepNote } from '../../store/operations/notes';
import { completeStep, getOrStartRunForContest } from '../../store/operations/runs';
import { addTemplateStep } from '../../store/operations/steps';
import { changesApplied } from '../../store/actions';
import { selectAccountSettings } from '../../store/account-settings-slice';
import { setDisplayUnits } from '../../store/operations/settings';
import { addTemplate, deleteTemplate, updateTemplate } from '../../store/operations/templates';
import { attachTemplate } from '../../store/operations/contests';
import { memoryStorage, readyStore, type TestStore } from '../../store/test-helpers';
import { createSyncEngine, type SyncEngine } from './sync-engine';

const ACCOUNT = '7';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(): Promise<SyncTestServer> {
  const s = await startSyncTestServer({ scopes: [`u:${ACCOUNT}`] });
  cleanups.push(() => s.close());
  return s;
}

/** A phone: its own store and engine, signed in to the same account, talking to `at`. */
async function phone(
  at: SyncTestServer,
  name: string,
  {
    storage = memoryStorage(),
    before,
    newId,
    page = null,
    retryDelaysMs = [20],
  }: {
    storage?: ReturnType<typeof memoryStorage>;
    before?: (store: TestStore) => Promise<unknown>;
    newId?: () => string;
    page?: EventTarget | null;
    retryDelaysMs?: number[];
  } = {},
) {
  let ids = 0;
  const store = await readyStore({ newId: newId ?? (() => `${name}-${++ids}`), userId: () => ACCOUNT });
  await before?.(store);
  const session = createSessionStore({
    local: createMemoryStorage(),
    session: createMemoryStorage(),
    userAgent: name,
  });
  session.setTokens({ token: 'any', refresh_token: 'r' });
  const engine = createSyncEngine({
    store: store.store,
    flushStore: store.flush,
    account: ACCOUNT,
    client: createApiClient({ session, base: `${at.url}/api`, onSessionExpired: () => {} }),
    storage,
    page: page as Window | null,
    retryDelaysMs,
    newId: () => `${name}-client`,
  });
  await engine.start();
  cleanups.push(() => engine.stop());
  return { store, engine, storage };
}

/** Waits until `check` passes (the engines talk over real HTTP): no fixed sleeps. */
async function eventually(check: () => void, timeoutMs = 5_000) {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const templateNames = (store: TestStore) =>
  Object.values(store.getState().templates.entities)
    .map((t) => t!.name)
    .sort();

const synced = (engine: SyncEngine) => expect(engine.status.get()).toMatchObject({ unsynced: 0, live: true });

describe('sync between two phones of one account', () => {
  it('a template made on one phone appears on the other, with its steps, and an edit and a delete follow', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const b = await phone(at, 'b');
    const template = await a.store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
    await a.store
      .dispatch(addTemplateStep({ template_id: template.id, name: 'Wrap', minutes_before_turn_in: 240 }))
      .unwrap();
    await eventually(() => expect(templateNames(b.store)).toEqual(['Brisket']));
    await eventually(() =>
      expect(Object.values(b.store.getState().template_steps.entities).map((s) => s!.name)).toEqual(['Wrap']),
    );
    await b.store.dispatch(updateTemplate({ id: template.id, name: 'Brisket (KCBS)' })).unwrap();
    await eventually(() => expect(templateNames(a.store)).toEqual(['Brisket (KCBS)']));
    await a.store.dispatch(deleteTemplate(template.id)).unwrap();
    await eventually(() => expect(templateNames(b.store)).toEqual([]));
    await eventually(() => expect(b.store.getState().template_steps.ids).toEqual([]));
    synced(a.engine);
  });

  it('a step completed on an offline phone and a note added on the other keep both once it reconnects', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const template = await a.store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '12:30' })).unwrap();
    await a.store
      .dispatch(addTemplateStep({ template_id: template.id, name: 'Spritz', minutes_before_turn_in: 60 }))
      .unwrap();
    const contest = await a.store
      .dispatch(addContest({ name: 'Odessa', sanctioning_body_id: '1', contest_date: '2026-06-01' }))
      .unwrap();
    await a.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
    const { steps } = await a.store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    const step = steps[0]!;
    const b = await phone(at, 'b');
    await eventually(() => expect(b.store.getState().run_steps.ids).toContain(step.id));
    await eventually(() => synced(a.engine));

    at.offline();
    await a.store.dispatch(completeStep({ step_id: step.id, time_mode: 'now' })).unwrap();
    expect(a.engine.status.get().unsynced).toBeGreaterThan(0);
    at.online();
    await b.store.dispatch(addStepNote({ step_id: step.id, body: 'Looks good' })).unwrap();

    for (const p of [a, b]) {
      await eventually(() =>
        expect(p.store.getState().run_steps.entities[step.id]!.status).toBe('completed'),
      );
      await eventually(() =>
        expect(Object.values(p.store.getState().step_notes.entities).map((n) => n!.body)).toEqual([
          'Looks good',
        ]),
      );
    }
  });

  it("data made before the first sync is uploaded; a second phone's copy of the same records makes no duplicates", async () => {
    const at = await server();
    // Both phones hold the same records (as two restores of one backup do): same ids, same fields.
    const sameIds = () => {
      let n = 0;
      return () => `same-${++n}`;
    };
    const madeOffline = (store: TestStore) => store.dispatch(addTemplate({ name: 'Chicken' })).unwrap();
    const a = await phone(at, 'a', { before: madeOffline, newId: sameIds() });
    await eventually(() => synced(a.engine));
    const b = await phone(at, 'b', { before: madeOffline, newId: sameIds() });
    await eventually(() => synced(b.engine));
    await a.engine.pull();
    expect(templateNames(a.store)).toEqual(['Chicken']);
    expect(templateNames(b.store)).toEqual(['Chicken']);
    expect(at.memory.records().filter((r) => r.store === 'templates')).toHaveLength(1);
  });

  it('a phone that was away catches up on every change, and its queued changes survive a restart', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const storageB = memoryStorage();
    const b = await phone(at, 'b', { storage: storageB });
    await b.engine.stop();
    for (let i = 0; i < 30; i += 1)
      await a.store.dispatch(addTemplate({ name: `T${String(i).padStart(2, '0')}` })).unwrap();
    await eventually(() => synced(a.engine));
    const again = createSyncEngine({
      store: b.store.store,
      flushStore: b.store.flush,
      account: ACCOUNT,
      client: createApiClient({
        session: (() => {
          const s = createSessionStore({
            local: createMemoryStorage(),
            session: createMemoryStorage(),
            userAgent: 'b',
          });
          s.setTokens({ token: 'any' });
          return s;
        })(),
        base: `${at.url}/api`,
        onSessionExpired: () => {},
      }),
      storage: storageB,
      page: null,
      retryDelaysMs: [20],
    });
    await again.start();
    cleanups.push(() => again.stop());
    await eventually(() => expect(templateNames(b.store)).toHaveLength(30));
  });

  it('when the browser says it is online again, a waiting push goes at once (it does not sit out its backoff)', async () => {
    const at = await server();
    const page = new EventTarget();
    const a = await phone(at, 'a', { page, retryDelaysMs: [60_000] });
    const b = await phone(at, 'b');
    await eventually(() => synced(a.engine));
    at.offline();
    await a.store.dispatch(addTemplate({ name: 'Made offline' })).unwrap();
    await eventually(() => expect(a.engine.status.get().phase).toBe('offline'));
    at.online();
    page.dispatchEvent(new Event('online'));
    await eventually(() => expect(templateNames(b.store)).toEqual(['Made offline']));
  });

  it('a record deleted on one phone and restored from a backup comes back on the other', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const b = await phone(at, 'b');
    const template = await a.store.dispatch(addTemplate({ name: 'Keep me' })).unwrap();
    await eventually(() => expect(templateNames(b.store)).toEqual(['Keep me']));
    await a.store.dispatch(deleteTemplate(template.id)).unwrap();
    await eventually(() => expect(templateNames(b.store)).toEqual([]));
    a.store.dispatch(changesApplied({ op: 'backup/restore', set: { templates: [template] } }));
    await eventually(() => expect(templateNames(b.store)).toEqual(['Keep me']));
    await eventually(() => expect(templateNames(a.store)).toEqual(['Keep me']));
  });

  it('a pull the server could not answer is tried again without waiting for another change', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const b = await phone(at, 'b');
    await eventually(() => synced(b.engine));
    at.failPulls(5);
    await a.store.dispatch(addTemplate({ name: 'After the outage' })).unwrap();
    await eventually(() => expect(templateNames(b.store)).toEqual(['After the outage']));
  });
});

describe('the account’s settings', () => {
  it('units chosen on one phone reach the other; a unit changed on each phone at once keeps both', async () => {
    const at = await server();
    const a = await phone(at, 'a');
    const b = await phone(at, 'b');
    await a.store.dispatch(setDisplayUnits({ temperature_unit: 'celsius' })).unwrap();
    await eventually(() =>
      expect(selectAccountSettings(b.store.getState())?.temperature_unit).toBe('celsius'),
    );
    await eventually(() => synced(b.engine));

    at.offline();
    await a.store.dispatch(setDisplayUnits({ temperature_unit: 'fahrenheit' })).unwrap();
    await b.store.dispatch(setDisplayUnits({ wind_unit: 'kmh' })).unwrap();
    at.online();
    for (const p of [a, b])
      await eventually(() =>
        expect(selectAccountSettings(p.store.getState())).toMatchObject({
          temperature_unit: 'fahrenheit',
          wind_unit: 'kmh',
        }),
      );
    // Always in the account's own scope.
    const stored = at.memory.records().filter((r) => r.store === 'settings');
    expect(stored.map((r) => r.scope)).toEqual([`u:${ACCOUNT}`]);
  });
});

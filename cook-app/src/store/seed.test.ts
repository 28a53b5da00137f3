import { describe, expect, it } from 'vitest';
import { changesApplied } from './actions';
import { diagnostics, forceReseed } from './operations/diagnostics';
import { PERSISTED_ITEM_KEY } from './persist';
import { SEED_CATEGORIES, SEED_SANCTIONING_BODIES } from './seed';
import {
  categorySelectors,
  contestSelectors,
  sanctioningBodySelectors,
  templateSelectors,
} from './selectors';
import { memoryStorage, readyStore, T0 } from './test-helpers';

const stamp = (at: string) => ({ created_at: at, updated_at: at, is_local: true });
const entities = <T extends { id: string }>(records: T[]) => ({
  ids: records.map((r) => r.id),
  entities: Object.fromEntries(records.map((r) => [r.id, r])),
});

describe('seeding', () => {
  it('adds the ten sanctioning bodies and four global categories on first start, stamped', async () => {
    const store = await readyStore();
    const bodies = sanctioningBodySelectors.selectAll(store.getState());
    expect(bodies.map((b) => b.name).sort()).toEqual(SEED_SANCTIONING_BODIES.map((s) => s.name).sort());
    expect(bodies).toHaveLength(10);
    const categories = categorySelectors.selectAll(store.getState());
    expect(categories.map((c) => c.name)).toEqual(['Chicken', 'Ribs', 'Pork', 'Brisket']);
    expect(categories.every((c) => c.user_id === null)).toBe(true);
    const now = new Date(T0).toISOString();
    expect(bodies[0]).toMatchObject({ created_at: now, updated_at: now, is_local: true });
    expect(store.getState().appMeta.seededAt).toBe(now);
  });

  it('is idempotent: a restart and a forced reseed add nothing', async () => {
    const storage = memoryStorage();
    const first = await readyStore({ storage });
    await first.flush();
    const second = await readyStore({ storage });
    expect(sanctioningBodySelectors.selectTotal(second.getState())).toBe(10);
    expect(categorySelectors.selectTotal(second.getState())).toBe(4);
    const before = second.getState();
    const report = await second.dispatch(forceReseed()).unwrap();
    expect(report).toEqual({ added: [], duplicates: [] });
    expect(second.getState()).toBe(before);
  });

  it('repairs duplicates at start: keeps the oldest and re-points cook-offs and templates', async () => {
    const old = '2025-01-01T00:00:00.000Z';
    const newer = '2025-02-01T00:00:00.000Z';
    const storage = memoryStorage({
      [PERSISTED_ITEM_KEY]: {
        _persist: { version: 15, rehydrated: true },
        sanctioning_bodies: entities([
          { id: 'kcbs-new', name: 'Kansas City Barbecue Society (KCBS)', description: null, ...stamp(newer) },
          { id: 'kcbs-old', name: 'kansas city barbecue society (kcbs) ', description: null, ...stamp(old) },
        ]),
        categories: entities([
          { id: 'ribs-a', name: 'Ribs', description: null, user_id: null, ...stamp(old) },
          { id: 'ribs-b', name: 'Ribs', description: null, user_id: null, ...stamp(newer) },
          { id: 'mine', name: 'Ribs', description: null, user_id: 'u1', ...stamp(newer) },
        ]),
        contests: entities([
          {
            id: 'c1',
            name: 'Odessa',
            contest_date: '2026-06-10',
            sanctioning_body_id: 'kcbs-new',
            location: null,
            category_id: 'ribs-b',
            user_id: 'u1',
            walk_time_adjust_minutes: 0,
            ...stamp(newer),
          },
        ]),
        templates: entities([
          {
            id: 't1',
            name: 'Ribs',
            user_id: 'u1',
            category_id: 'ribs-b',
            category_name: 'Ribs',
            turn_in_time: '12:00',
            is_archived: false,
            sort_index: 0,
            ...stamp(newer),
          },
        ]),
      },
    });
    const store = await readyStore({ storage });
    const state = store.getState();
    const kcbs = sanctioningBodySelectors
      .selectAll(state)
      .filter((b) => b.name.toLowerCase().startsWith('kansas'));
    expect(kcbs.map((b) => b.id)).toEqual(['kcbs-old']);
    expect(sanctioningBodySelectors.selectTotal(state)).toBe(10);
    expect(categorySelectors.selectIds(state)).toEqual(expect.arrayContaining(['ribs-a', 'mine']));
    expect(categorySelectors.selectById(state, 'ribs-b')).toBeUndefined();
    expect(contestSelectors.selectById(state, 'c1')).toMatchObject({
      sanctioning_body_id: 'kcbs-old',
      category_id: 'ribs-a',
    });
    expect(templateSelectors.selectById(state, 't1')).toMatchObject({ category_id: 'ribs-a' });
  });

  it('diagnostics report a duplicate sanctioning body and forceReseed repairs and reports it', async () => {
    const store = await readyStore();
    const at = new Date(T0 + 1000).toISOString();
    store.dispatch(
      changesApplied({
        op: 'test/duplicate',
        set: { sanctioning_bodies: [{ id: 'dup', name: 'Unsanctioned', description: null, ...stamp(at) }] },
      }),
    );
    const before = await store.dispatch(diagnostics()).unwrap();
    expect(before.duplicateSanctioningBodies).toEqual(['Unsanctioned']);

    const report = await store.dispatch(forceReseed()).unwrap();
    expect(report.added).toEqual([]);
    expect(report.duplicates).toEqual([
      { store: 'sanctioning_bodies', name: 'Unsanctioned', kept: '10', removed: ['dup'] },
    ]);
    const after = await store.dispatch(diagnostics()).unwrap();
    expect(after.duplicateSanctioningBodies).toEqual([]);
  });

  it('forceReseed puts back a seed record that is missing', async () => {
    const store = await readyStore();
    store.dispatch(
      changesApplied({ op: 'test/remove', remove: { sanctioning_bodies: ['1'], categories: ['4'] } }),
    );
    const report = await store.dispatch(forceReseed()).unwrap();
    expect(report.added).toEqual(['Kansas City Barbecue Society (KCBS)', 'Brisket']);
    expect(sanctioningBodySelectors.selectById(store.getState(), '1')?.name).toBe(
      'Kansas City Barbecue Society (KCBS)',
    );
  });
});

describe('diagnostics', () => {
  it('report version, flags, counts per store and the body names', async () => {
    const store = await readyStore();
    await store.flush();
    const result = await store.dispatch(diagnostics()).unwrap();
    expect(result).toMatchObject({
      dbVersion: 15,
      migrated: true,
      migratedFrom: null,
      seeded: true,
      error: null,
    });
    expect(result.counts).toEqual({
      sanctioning_bodies: 10,
      categories: 4,
      templates: 0,
      template_steps: 0,
      contests: 0,
      contest_templates: 0,
      runs: 0,
      run_steps: 0,
      step_notes: 0,
      contest_environment: 0,
    });
    expect(result.sanctioningBodyNames).toHaveLength(10);
    expect(result.sanctioningBodyNames).toContain('Unsanctioned');
    expect(result.duplicateSanctioningBodies).toEqual([]);
    expect(SEED_CATEGORIES).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { diagnostics } from './operations/diagnostics';
import { PERSISTED_ITEM_KEY } from './persist';
import {
  contestEnvironmentSelectors,
  contestSelectors,
  runStepSelectors,
  sanctioningBodySelectors,
  selectCookData,
  templateSelectors,
  templateStepSelectors,
} from './selectors';
import { memoryStorage, readyStore } from './test-helpers';

const OLD = '2025-03-01T12:00:00.000Z';

/** A state as version 14 stored it: contests with `date`/`title`, steps with `mins_before_turn_in`, numeric ids. */
function version14State() {
  return {
    _persist: { version: 14, rehydrated: true },
    appMeta: { firstOpenedAt: OLD },
    sanctioning_bodies: {
      ids: ['1'],
      entities: { 1: { id: 1, name: 'Kansas City Barbecue Society (KCBS)', description: null } },
    },
    categories: { ids: [], entities: {} },
    templates: {
      ids: ['5'],
      entities: { 5: { id: 5, name: 'Ribs', turn_in_time: '12:30 PM', usage_contests: 3, created_at: OLD } },
    },
    template_steps: {
      ids: ['8'],
      entities: {
        8: {
          id: 8,
          template_id: 5,
          step_name: 'Wrap',
          mins_before_turn_in: '90',
          standard_turn_in_time: '12:30',
        },
      },
    },
    contests: {
      ids: ['2'],
      entities: {
        2: {
          id: 2,
          title: 'Odessa',
          date: '2026-06-10T00:00:00',
          sanctioning_body_id: 1,
          walk_time_adjust_minutes: '7',
        },
      },
    },
    contest_templates: {
      ids: ['1'],
      entities: { 1: { id: 1, contest_id: 2, template_id: 5, override_turn_in_time: '1 PM' } },
    },
    runs: {
      ids: ['3'],
      entities: { 3: { id: 3, contest_id: 2, status: 'active', contest_date: '2026-06-10', name: 'Odessa' } },
    },
    run_steps: {
      ids: ['30'],
      entities: {
        30: {
          id: 30,
          run_id: 3,
          contest_id: 2,
          template_id: 5,
          name: 'Wrap',
          due_at: '2026-06-10T11:30:00Z',
          dismissed_for_user: 1,
        },
      },
    },
    step_notes: { ids: [], entities: {} },
    contest_environment: {
      ids: ['2'],
      entities: {
        2: { contest_id: 2, lat: '31.8', lon: -102.3, provider: 'open-meteo', approximate_only: 0 },
      },
    },
  };
}

describe('migrations', () => {
  it('loads a version-14 state into the version-15 shape', async () => {
    const store = await readyStore({ storage: memoryStorage({ [PERSISTED_ITEM_KEY]: version14State() }) });
    const state = store.getState();
    expect(contestSelectors.selectById(state, '2')).toEqual({
      id: '2',
      name: 'Odessa',
      contest_date: '2026-06-10',
      sanctioning_body_id: '1',
      location: null,
      category_id: null,
      user_id: null,
      walk_time_adjust_minutes: 7,
      created_at: '2026-06-01T15:00:00.000Z',
      updated_at: '2026-06-01T15:00:00.000Z',
      is_local: true,
    });
    expect(templateSelectors.selectById(state, '5')).toMatchObject({
      turn_in_time: '12:30',
      is_archived: false,
      sort_index: 0,
      created_at: OLD,
      updated_at: OLD,
    });
    expect(templateSelectors.selectById(state, '5')).not.toHaveProperty('usage_contests');
    expect(templateStepSelectors.selectById(state, '8')).toMatchObject({
      template_id: '5',
      name: 'Wrap',
      minutes_before_turn_in: 90,
      turn_in_time: '12:30',
    });
    expect(templateStepSelectors.selectById(state, '8')).not.toHaveProperty('mins_before_turn_in');
    expect(runStepSelectors.selectById(state, '30')).toMatchObject({
      run_id: '3',
      scheduled_at: '2026-06-10T11:30:00.000Z',
      status: 'pending',
      dismissed_for_user: true,
    });
    expect(contestEnvironmentSelectors.selectById(state, '2')).toMatchObject({
      lat: 31.8,
      approximate_only: false,
    });
    expect(state.appMeta).toMatchObject({
      firstOpenedAt: OLD,
      migratedFrom: 14,
      migratedAt: '2026-06-01T15:00:00.000Z',
    });
    expect(sanctioningBodySelectors.selectTotal(state)).toBe(10); // seeded after migrating, without a duplicate KCBS
    expect((await store.dispatch(diagnostics()).unwrap()).migratedFrom).toBe(14);
  });

  it('loads a version-13 state (no contest_environment) and older list-shaped states', async () => {
    const v13 = { ...version14State(), _persist: { version: 13, rehydrated: true } } as Record<
      string,
      unknown
    >;
    delete v13.contest_environment;
    const store13 = await readyStore({ storage: memoryStorage({ [PERSISTED_ITEM_KEY]: v13 }) });
    expect(contestEnvironmentSelectors.selectTotal(store13.getState())).toBe(0);
    expect(contestSelectors.selectById(store13.getState(), '2')?.contest_date).toBe('2026-06-10');

    const legacy = {
      templates: [{ id: 1, name: 'Brisket' }],
      contests: [{ id: 4, name: 'Lubbock', start_date: '2026-08-01' }],
    };
    const storeLegacy = await readyStore({ storage: memoryStorage({ [PERSISTED_ITEM_KEY]: legacy }) });
    expect(templateSelectors.selectById(storeLegacy.getState(), '1')?.name).toBe('Brisket');
    expect(contestSelectors.selectById(storeLegacy.getState(), '4')?.contest_date).toBe('2026-08-01');
    expect(storeLegacy.health.migratedFrom).toBe(-1);
  });

  it('writes the migrated state at version 15, so the migration does not run again', async () => {
    const storage = memoryStorage({ [PERSISTED_ITEM_KEY]: version14State() });
    const first = await readyStore({ storage });
    await first.flush();
    expect((storage.data.get(PERSISTED_ITEM_KEY) as { _persist: unknown })._persist).toEqual({
      version: 15,
      rehydrated: true,
    });

    const second = await readyStore({ storage });
    expect(second.health.migratedFrom).toBeNull();
    expect(selectCookData(second.getState())).toEqual(selectCookData(first.getState()));
  });

  it('keeps the placeholder version-15 state (app meta only) and adds the new stores', async () => {
    const storage = memoryStorage({
      [PERSISTED_ITEM_KEY]: { _persist: { version: 15, rehydrated: true }, appMeta: { firstOpenedAt: OLD } },
    });
    const store = await readyStore({ storage });
    expect(store.getState().appMeta).toMatchObject({
      firstOpenedAt: OLD,
      seededAt: '2026-06-01T15:00:00.000Z',
      migratedFrom: null,
    });
    expect(templateSelectors.selectTotal(store.getState())).toBe(0);
  });

  it('rebuilds a damaged stored slice from the records it still holds instead of failing', async () => {
    const storage = memoryStorage({
      [PERSISTED_ITEM_KEY]: {
        _persist: { version: 15, rehydrated: true },
        templates: { ids: ['a', 'ghost'], entities: { a: { id: 'a', name: 'Kept' } } },
        contests: 'garbage',
        unknown_store: { ids: [], entities: {} },
      },
    });
    const store = await readyStore({ storage });
    expect(templateSelectors.selectAll(store.getState()).map((t) => t.name)).toEqual(['Kept']);
    expect(contestSelectors.selectTotal(store.getState())).toBe(0);
    expect(store.getState()).not.toHaveProperty('unknown_store');
  });
});

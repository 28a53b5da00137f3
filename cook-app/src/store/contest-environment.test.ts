// The contest environment (weather) record: every SPEC.md section 3 field, merged saves, and the
// location_matches list (beyond SPEC.md) kept compatible with records stored before it.
import { describe, expect, it } from 'vitest';
import { addContest, saveContestEnvironment } from './operations/contests';
import { PERSISTED_ITEM_KEY } from './persist';
import { canonicalise } from './records';
import { contestEnvironmentSelectors } from './selectors';
import { memoryStorage, readyStore, T0 } from './test-helpers';

const AT = new Date(T0).toISOString();
const odessa = {
  name: 'Odessa',
  latitude: 31.8,
  longitude: -102.4,
  elevation: 890,
  admin1: 'Texas',
  admin2: 'Ector',
  country: 'United States',
  population: 118918,
};

describe('the contest environment record', () => {
  it('is created with every SPEC.md field, and later saves merge (null clears, undefined keeps)', async () => {
    const store = await readyStore();
    const contest = await store
      .dispatch(addContest({ name: 'Odessa Smoke', sanctioning_body_id: '1', location: 'Odessa, TX' }))
      .unwrap();
    await store
      .dispatch(
        saveContestEnvironment({
          contest_id: contest.id,
          lat: 31.8,
          lon: -102.4,
          provider: 'open-meteo',
          last_error: 'Forecast network error',
          last_error_stage: 'forecast',
          last_error_network: true,
          location_matches: [odessa],
        }),
      )
      .unwrap();
    expect(contestEnvironmentSelectors.selectById(store.getState(), contest.id)).toEqual({
      contest_id: contest.id,
      lat: 31.8,
      lon: -102.4,
      elevation_m: null,
      provider: 'open-meteo',
      normalized_location: null,
      normalized_reason: null,
      forecast_json: null,
      pressure_msl_hpa: null,
      boiling_point_c: null,
      boiling_point_f: null,
      computed_at: null,
      approximate_only: false,
      last_geocode_url: null,
      last_forecast_url: null,
      last_error: 'Forecast network error',
      last_error_stage: 'forecast',
      last_error_network: true,
      last_error_status: null,
      location_matches: [odessa],
      created_at: AT,
      updated_at: AT,
      is_local: true,
    });

    store.clock.now = T0 + 60_000;
    await store
      .dispatch(
        saveContestEnvironment({
          contest_id: contest.id,
          lat: undefined,
          last_error: null,
          last_error_stage: null,
          last_error_network: null,
        }),
      )
      .unwrap();
    expect(contestEnvironmentSelectors.selectById(store.getState(), contest.id)).toMatchObject({
      lat: 31.8,
      last_error: null,
      last_error_stage: null,
      last_error_network: null,
      location_matches: [odessa],
      created_at: AT,
      updated_at: new Date(T0 + 60_000).toISOString(),
    });
  });

  it('reads location_matches when it is a list, dropping entries without a name or coordinates', () => {
    const read = (location_matches: unknown) =>
      canonicalise.contest_environment({ contest_id: 7, location_matches }, AT);
    expect(read([odessa, { name: 'X' }, { latitude: 1, longitude: 2 }, 'junk'])?.location_matches).toEqual([
      odessa,
    ]);
    expect(read([{ name: 'Y', latitude: '1', longitude: 2 }])?.location_matches).toEqual([
      {
        name: 'Y',
        latitude: 1,
        longitude: 2,
        elevation: null,
        admin1: null,
        admin2: null,
        country: null,
        population: null,
      },
    ]);
    expect(read(undefined)).not.toHaveProperty('location_matches');
    expect(read('nope')).not.toHaveProperty('location_matches');
  });

  it('a version-15 state stored before location_matches loads as it was, and one with it keeps it', async () => {
    const record = (extra: Record<string, unknown>) => ({
      ...canonicalise.contest_environment({ contest_id: 'c1', lat: 1, lon: 2, provider: 'manual' }, AT)!,
      ...extra,
    });
    const state = (env: unknown) => ({
      _persist: { version: 15, rehydrated: true },
      contest_environment: { ids: ['c1'], entities: { c1: env } },
    });
    const before = record({});
    const old = await readyStore({ storage: memoryStorage({ [PERSISTED_ITEM_KEY]: state(before) }) });
    expect(contestEnvironmentSelectors.selectById(old.getState(), 'c1')).toEqual(before);
    expect(old.health.migratedFrom).toBeNull();

    const withMatches = record({ location_matches: [odessa] });
    const current = await readyStore({
      storage: memoryStorage({ [PERSISTED_ITEM_KEY]: state(withMatches) }),
    });
    expect(contestEnvironmentSelectors.selectById(current.getState(), 'c1')).toEqual(withMatches);
  });
});

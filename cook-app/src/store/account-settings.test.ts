import { describe, expect, it } from 'vitest';
import { ACCOUNT_SETTINGS_ID, readAccountSettings } from './account-settings';
import { selectAccountSettings } from './account-settings-slice';
import { dataReplaced } from './actions';
import { setDisplayUnits } from './operations/settings';
import { selectCookData } from './selectors';
import { memoryStorage, readyStore, T0 } from './test-helpers';

const iso = (ms: number) => new Date(ms).toISOString();

describe('the account settings record', () => {
  it('has none at first: the units follow the device', async () => {
    const store = await readyStore();
    expect(selectAccountSettings(store.getState())).toBeUndefined();
  });

  it('setDisplayUnits stores the chosen unit and leaves the other one as it was', async () => {
    const store = await readyStore();
    await store.dispatch(setDisplayUnits({ temperature_unit: 'celsius' })).unwrap();
    expect(selectAccountSettings(store.getState())).toEqual({
      id: ACCOUNT_SETTINGS_ID,
      temperature_unit: 'celsius',
      wind_unit: null,
      created_at: iso(T0),
      updated_at: iso(T0),
      is_local: true,
    });
    store.clock.now = T0 + 60_000;
    await store.dispatch(setDisplayUnits({ wind_unit: 'kmh' })).unwrap();
    expect(selectAccountSettings(store.getState())).toMatchObject({
      temperature_unit: 'celsius',
      wind_unit: 'kmh',
      created_at: iso(T0),
      updated_at: iso(T0 + 60_000),
    });
  });

  it('is persisted with the account’s data and read back at the next start', async () => {
    const storage = memoryStorage();
    const first = await readyStore({ storage });
    await first.dispatch(setDisplayUnits({ temperature_unit: 'fahrenheit', wind_unit: 'mph' })).unwrap();
    await first.flush();
    first.dispose();

    const second = await readyStore({ storage });
    expect(selectAccountSettings(second.getState())).toMatchObject({
      temperature_unit: 'fahrenheit',
      wind_unit: 'mph',
    });
  });

  it('a restore of a backup leaves the account’s settings as they are (they are not backup data)', async () => {
    const store = await readyStore();
    await store.dispatch(setDisplayUnits({ temperature_unit: 'celsius' })).unwrap();
    store.dispatch(dataReplaced({ data: selectCookData(store.getState()) }));
    expect(selectAccountSettings(store.getState())?.temperature_unit).toBe('celsius');
    expect(Object.keys(selectCookData(store.getState()))).not.toContain('settings');
  });

  it('reads a synced or older record tolerantly: unknown units follow the device, no id is no record', () => {
    expect(
      readAccountSettings({ id: 'account', temperature_unit: 'kelvin', wind_unit: 'mph' }, iso(T0)),
    ).toEqual({
      id: 'account',
      temperature_unit: null,
      wind_unit: 'mph',
      created_at: iso(T0),
      updated_at: iso(T0),
      is_local: true,
    });
    expect(readAccountSettings({ temperature_unit: 'celsius' }, iso(T0))).toBeNull();
    expect(readAccountSettings('account', iso(T0))).toBeNull();
  });
});

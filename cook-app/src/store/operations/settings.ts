import type { TemperatureUnit, WindUnit } from '../../domain/units';
import { ACCOUNT_SETTINGS_ID, type AccountSettings } from '../account-settings';
import { selectAccountSettings } from '../account-settings-slice';
import { defineOperation } from '../thunk';
import { stampNew } from './shared';

/** Ours (SPEC.md has no account settings). */
export const SAVE_SETTINGS_FAILED = 'Failed to save the setting.';

export type DisplayUnitsInput = { temperature_unit?: TemperatureUnit; wind_unit?: WindUnit };

/** Sets the account's units (each given one; the other stays as it is); answers the settings record. */
export const setDisplayUnits = defineOperation<AccountSettings, DisplayUnitsInput>(
  'settings/units',
  SAVE_SETTINGS_FAILED,
  (input, context) => {
    const held = selectAccountSettings(context.getState());
    const settings: AccountSettings = {
      ...(held ?? {
        id: ACCOUNT_SETTINGS_ID,
        temperature_unit: null,
        wind_unit: null,
        ...stampNew(context.now),
      }),
      ...(input.temperature_unit ? { temperature_unit: input.temperature_unit } : {}),
      ...(input.wind_unit ? { wind_unit: input.wind_unit } : {}),
      updated_at: context.now,
    };
    context.commit({ op: 'settings/units', set: { settings: [settings] } });
    return settings;
  },
);

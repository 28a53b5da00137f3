// The account's settings (issue 21, part 5): the first settings that belong to the account rather than
// to the device. One record, kept in the account's offline database like the other records and synced
// to the account's other devices (the sync protocol's 'settings' store, always in the account's own
// scope). A field left null follows the device (the units: its locale).
import { isRecord, readText } from '../domain/readers';
import { isTemperatureUnit, isWindUnit, type TemperatureUnit, type WindUnit } from '../domain/units';
import { parseInstant } from '../domain/time';
import type { Stamped } from './types';

/** The state key of the settings slice: the sync store's name. */
export const ACCOUNT_SETTINGS_STATE_KEY = 'settings';

/** The id of the account's one settings record. */
export const ACCOUNT_SETTINGS_ID = 'account';

export type AccountSettings = Stamped & {
  id: string;
  /** Temperatures in Fahrenheit or Celsius; null: the device locale's. */
  temperature_unit: TemperatureUnit | null;
  /** Wind in mph or km/h; null: the device locale's. */
  wind_unit: WindUnit | null;
};

const instantOr = (value: unknown, fallback: string) => {
  const ms = parseInstant(value);
  return ms === null ? fallback : new Date(ms).toISOString();
};

/**
 * A settings record of any shape (a synced one, an older version's) in the store's shape, or null when
 * it cannot be one. Unknown values read as null (follow the device).
 */
export function readAccountSettings(raw: unknown, now: string): AccountSettings | null {
  if (!isRecord(raw)) return null;
  const id = readText(raw.id);
  if (id === null) return null;
  const created = instantOr(raw.created_at, now);
  return {
    id,
    temperature_unit: isTemperatureUnit(raw.temperature_unit) ? raw.temperature_unit : null,
    wind_unit: isWindUnit(raw.wind_unit) ? raw.wind_unit : null,
    created_at: created,
    updated_at: instantOr(raw.updated_at, created),
    is_local: typeof raw.is_local === 'boolean' ? raw.is_local : true,
  };
}

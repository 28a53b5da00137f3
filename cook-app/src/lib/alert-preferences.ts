// The two alert preferences (SPEC.md section 9): hidden-tab title flash (on by default) and sound (off by
// default), kept in localStorage as '1' / '0'. The Settings screen reads and writes them through here.
import { ALERT_SOUND_DEFAULT, TITLE_FLASH_DEFAULT } from '../domain';

export const TITLE_FLASH_KEY = 'pitclock_alert_title_flash';
export const ALERT_SOUND_KEY = 'pitclock_alert_sound';

export type AlertPreferences = { titleFlash: boolean; sound: boolean };

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readFlag(storage: Storage | null, key: string, fallback: boolean): boolean {
  let value: string | null;
  try {
    value = storage?.getItem(key) ?? null;
  } catch {
    value = null;
  }
  if (value === '1') return true;
  if (value === '0') return false;
  return fallback;
}

/** The stored preferences; a missing or unreadable value takes its default (flash on, sound off). */
export function readAlertPreferences(storage: Storage | null = defaultStorage()): AlertPreferences {
  return {
    titleFlash: readFlag(storage, TITLE_FLASH_KEY, TITLE_FLASH_DEFAULT),
    sound: readFlag(storage, ALERT_SOUND_KEY, ALERT_SOUND_DEFAULT),
  };
}

/** Stores the given preferences (a field left out keeps its stored value); returns the preferences now. */
export function writeAlertPreferences(
  preferences: Partial<AlertPreferences>,
  storage: Storage | null = defaultStorage(),
): AlertPreferences {
  try {
    if (preferences.titleFlash !== undefined)
      storage?.setItem(TITLE_FLASH_KEY, preferences.titleFlash ? '1' : '0');
    if (preferences.sound !== undefined) storage?.setItem(ALERT_SOUND_KEY, preferences.sound ? '1' : '0');
  } catch {
    // Storage blocked or full: the preferences stay as they were.
  }
  return readAlertPreferences(storage);
}

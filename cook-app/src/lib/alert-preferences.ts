// The alert preferences: hidden-tab title flash (on by default) and sound (off by default) of SPEC.md
// section 9, and 'Keep screen on' (issue 21: a run screen holds a screen wake lock; on by default), kept in
// localStorage as '1' / '0'. The Settings screen and the run screen's Alert settings read and write them
// through here.
import { ALERT_SOUND_DEFAULT, TITLE_FLASH_DEFAULT } from '../domain';

export const TITLE_FLASH_KEY = 'pitclock_alert_title_flash';
export const ALERT_SOUND_KEY = 'pitclock_alert_sound';
export const KEEP_SCREEN_ON_KEY = 'pitclock_keep_screen_on';
export const KEEP_SCREEN_ON_DEFAULT = true;

export type AlertPreferences = { titleFlash: boolean; sound: boolean; keepScreenOn: boolean };

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

/** The stored preferences; a missing or unreadable value takes its default (flash on, sound off, screen on). */
export function readAlertPreferences(storage: Storage | null = defaultStorage()): AlertPreferences {
  return {
    titleFlash: readFlag(storage, TITLE_FLASH_KEY, TITLE_FLASH_DEFAULT),
    sound: readFlag(storage, ALERT_SOUND_KEY, ALERT_SOUND_DEFAULT),
    keepScreenOn: readFlag(storage, KEEP_SCREEN_ON_KEY, KEEP_SCREEN_ON_DEFAULT),
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
    if (preferences.keepScreenOn !== undefined)
      storage?.setItem(KEEP_SCREEN_ON_KEY, preferences.keepScreenOn ? '1' : '0');
  } catch {
    // Storage blocked or full: the preferences stay as they were.
  }
  return readAlertPreferences(storage);
}

import { describe, expect, it } from 'vitest';
import {
  ALERT_SOUND_KEY,
  KEEP_SCREEN_ON_KEY,
  readAlertPreferences,
  TITLE_FLASH_KEY,
  writeAlertPreferences,
} from './alert-preferences';

describe('alert preferences', () => {
  it('default to title flash on, sound off and keep screen on when nothing is stored', () => {
    expect(readAlertPreferences()).toEqual({ titleFlash: true, sound: false, keepScreenOn: true });
  });

  it("are stored as '1' / '0' under pitclock_alert_title_flash and pitclock_alert_sound and read back", () => {
    expect(writeAlertPreferences({ titleFlash: false, sound: true })).toEqual({
      titleFlash: false,
      sound: true,
      keepScreenOn: true,
    });
    expect([localStorage.getItem(TITLE_FLASH_KEY), localStorage.getItem(ALERT_SOUND_KEY)]).toEqual([
      '0',
      '1',
    ]);
    expect(readAlertPreferences()).toEqual({ titleFlash: false, sound: true, keepScreenOn: true });
  });

  it("keeps 'Keep screen on' as '1' / '0' under pitclock_keep_screen_on, apart from the other two", () => {
    expect(writeAlertPreferences({ keepScreenOn: false })).toEqual({
      titleFlash: true,
      sound: false,
      keepScreenOn: false,
    });
    expect(localStorage.getItem(KEEP_SCREEN_ON_KEY)).toBe('0');
    expect(localStorage.getItem(TITLE_FLASH_KEY)).toBeNull();
    expect(readAlertPreferences().keepScreenOn).toBe(false);
    expect(writeAlertPreferences({ keepScreenOn: true }).keepScreenOn).toBe(true);
    expect(localStorage.getItem(KEEP_SCREEN_ON_KEY)).toBe('1');
  });

  it('writing one preference leaves the other as stored', () => {
    writeAlertPreferences({ titleFlash: false, sound: true });
    expect(writeAlertPreferences({ sound: false })).toEqual({
      titleFlash: false,
      sound: false,
      keepScreenOn: true,
    });
    expect(localStorage.getItem(TITLE_FLASH_KEY)).toBe('0');
  });

  it('an unknown stored value or a storage that throws falls back to the defaults', () => {
    localStorage.setItem(TITLE_FLASH_KEY, 'yes');
    localStorage.setItem(ALERT_SOUND_KEY, 'true');
    expect(readAlertPreferences()).toEqual({ titleFlash: true, sound: false, keepScreenOn: true });
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const defaults = { titleFlash: true, sound: false, keepScreenOn: true };
    expect(readAlertPreferences(blocked)).toEqual(defaults);
    expect(writeAlertPreferences({ sound: true, keepScreenOn: false }, blocked)).toEqual(defaults);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ALERT_SOUND_KEY,
  readAlertPreferences,
  TITLE_FLASH_KEY,
  writeAlertPreferences,
} from './alert-preferences';

describe('alert preferences', () => {
  it('default to title flash on and sound off when nothing is stored', () => {
    expect(readAlertPreferences()).toEqual({ titleFlash: true, sound: false });
  });

  it("are stored as '1' / '0' under pitclock_alert_title_flash and pitclock_alert_sound and read back", () => {
    expect(writeAlertPreferences({ titleFlash: false, sound: true })).toEqual({
      titleFlash: false,
      sound: true,
    });
    expect([localStorage.getItem(TITLE_FLASH_KEY), localStorage.getItem(ALERT_SOUND_KEY)]).toEqual([
      '0',
      '1',
    ]);
    expect(readAlertPreferences()).toEqual({ titleFlash: false, sound: true });
  });

  it('writing one preference leaves the other as stored', () => {
    writeAlertPreferences({ titleFlash: false, sound: true });
    expect(writeAlertPreferences({ sound: false })).toEqual({ titleFlash: false, sound: false });
    expect(localStorage.getItem(TITLE_FLASH_KEY)).toBe('0');
  });

  it('an unknown stored value or a storage that throws falls back to the defaults', () => {
    localStorage.setItem(TITLE_FLASH_KEY, 'yes');
    localStorage.setItem(ALERT_SOUND_KEY, 'true');
    expect(readAlertPreferences()).toEqual({ titleFlash: true, sound: false });
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(readAlertPreferences(blocked)).toEqual({ titleFlash: true, sound: false });
    expect(writeAlertPreferences({ sound: true }, blocked)).toEqual({ titleFlash: true, sound: false });
  });
});

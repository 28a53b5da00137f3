import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_VIBRATION_PATTERN, flashTitle, playAlertTone, vibrateAlert } from './attention';

describe('flashTitle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = 'Run · PitClock';
  });
  afterEach(() => vi.useRealTimers());

  it('alternates the title with "⏰ <step>" every 600 ms for 9 toggles, then restores the original and stops', () => {
    flashTitle(document, 'Wrap');
    const titles = [document.title];
    for (let i = 0; i < 12; i += 1) {
      vi.advanceTimersByTime(600);
      titles.push(document.title);
    }
    const F = '⏰ Wrap';
    const O = 'Run · PitClock';
    // toggles 1..9 at 0, 600, ..., 4800 ms; restored at 5400 ms; no change afterwards.
    expect(titles).toEqual([F, O, F, O, F, O, F, O, F, O, O, O, O]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop restores the original title at once and ends the timer', () => {
    const stop = flashTitle(document, 'Wrap');
    vi.advanceTimersByTime(1200);
    expect(document.title).toBe('⏰ Wrap');
    stop();
    expect(document.title).toBe('Run · PitClock');
    expect(vi.getTimerCount()).toBe(0);
  });
});

function fakeAudio() {
  const calls: string[] = [];
  const param = (name: string) => ({
    setValueAtTime: (v: number, t: number) => calls.push(`${name}.set ${v} @${t}`),
    exponentialRampToValueAtTime: (v: number, t: number) => calls.push(`${name}.ramp ${v} @${t}`),
  });
  const node = { connect: vi.fn() };
  class FakeContext {
    static instances = 0;
    currentTime = 10;
    destination = {};
    constructor() {
      FakeContext.instances += 1;
    }
    createOscillator() {
      return {
        ...node,
        type: '',
        frequency: param('frequency'),
        onended: null,
        start: (t: number) => calls.push(`start @${t}`),
        stop: (t: number) => calls.push(`stop @${t}`),
      };
    }
    createGain() {
      return { ...node, gain: param('gain') };
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  return { calls, FakeContext };
}

describe('playAlertTone', () => {
  it('does nothing and does not throw in a browser without AudioContext', () => {
    expect(playAlertTone({})).toBe(false);
  });

  it('plays an 880 Hz tone of 200 ms with a gain ramp up and down', () => {
    const { calls, FakeContext } = fakeAudio();
    expect(playAlertTone({ AudioContext: FakeContext as unknown as typeof AudioContext })).toBe(true);
    expect(calls).toEqual([
      'frequency.set 880 @10',
      'gain.set 0.0001 @10',
      'gain.ramp 0.3 @10.02',
      'gain.ramp 0.0001 @10.2',
      'start @10',
      'stop @10.2',
    ]);
  });

  it('uses webkitAudioContext when AudioContext is missing, and answers false when playing throws', () => {
    const { FakeContext } = fakeAudio();
    expect(playAlertTone({ webkitAudioContext: FakeContext as unknown as typeof AudioContext })).toBe(true);
    class Broken {
      constructor() {
        throw new Error('NotAllowedError');
      }
    }
    expect(playAlertTone({ AudioContext: Broken as unknown as typeof AudioContext })).toBe(false);
  });
});

describe('vibrateAlert', () => {
  it('vibrates with the short alert pattern and answers what the device answered', () => {
    const vibrate = vi.fn(() => true);
    expect(vibrateAlert({ vibrate })).toBe(true);
    expect(vibrate).toHaveBeenCalledWith([...ALERT_VIBRATION_PATTERN]);
    expect(ALERT_VIBRATION_PATTERN).toEqual([200, 100, 200]);
    expect(vibrateAlert({ vibrate: vi.fn(() => false) })).toBe(false);
  });

  it('answers false without throwing where there is no Vibration API or it throws', () => {
    expect(vibrateAlert({})).toBe(false);
    expect(
      vibrateAlert({
        vibrate: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe(false);
  });
});

// Attention helpers of an alert: the hidden-tab title flash and the optional short tone (SPEC.md section 9).
import { TITLE_FLASH_INTERVAL_MS, TITLE_FLASH_MAX_TOGGLES } from '../../domain';

/** The title shown on the flashing toggles. */
export function flashText(stepName: string): string {
  return `⏰ ${stepName}`;
}

/**
 * Alternates document.title between the current title and '⏰ <step name>': the first toggle at once,
 * then one every 600 ms, 9 toggles in all, then the original title is restored (600 ms after the last
 * toggle). Returns a stop function that restores the original title at once.
 */
export function flashTitle(
  doc: Document,
  stepName: string,
  { intervalMs = TITLE_FLASH_INTERVAL_MS, toggles = TITLE_FLASH_MAX_TOGGLES } = {},
): () => void {
  const original = doc.title;
  const flashed = flashText(stepName);
  let count = 0;
  let stopped = false;
  const toggle = () => {
    count += 1;
    doc.title = count % 2 === 1 ? flashed : original;
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    doc.title = original;
  };
  toggle();
  const timer = setInterval(() => {
    if (count >= toggles) stop();
    else toggle();
  }, intervalMs);
  return stop;
}

export const TONE_FREQUENCY_HZ = 880;
export const TONE_DURATION_S = 0.2;

type AudioWindow = { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };

/**
 * A short tone (880 Hz sine, ~200 ms, gain ramped up and down to avoid clicks) with the Web Audio API.
 * Returns false, without throwing, when the browser has no AudioContext or refuses to play.
 */
export function playAlertTone(win: AudioWindow = window as unknown as AudioWindow): boolean {
  const Context = win.AudioContext ?? win.webkitAudioContext;
  if (typeof Context !== 'function') return false;
  try {
    const context = new Context();
    const start = context.currentTime;
    const end = start + TONE_DURATION_S;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(TONE_FREQUENCY_HZ, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.onended = () => void context.close().catch(() => undefined);
    void context.resume?.().catch(() => undefined);
    oscillator.start(start);
    oscillator.stop(end);
    return true;
  } catch {
    return false;
  }
}

/** A short buzz-pause-buzz (ms), long enough to feel through a glove or an apron pocket. */
export const ALERT_VIBRATION_PATTERN: readonly number[] = [200, 100, 200];

type VibratingNavigator = { vibrate?: (pattern: number | number[]) => boolean };

/**
 * Vibrates the device with ALERT_VIBRATION_PATTERN. Returns false, without throwing, where the browser
 * has no Vibration API (desktop, iOS Safari) or refuses (no user activation yet, tab hidden).
 */
export function vibrateAlert(
  nav: VibratingNavigator | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator as VibratingNavigator),
): boolean {
  if (typeof nav?.vibrate !== 'function') return false;
  try {
    return nav.vibrate([...ALERT_VIBRATION_PATTERN]);
  } catch {
    return false;
  }
}

// Alert stages of a run step (SPEC.md sections 4 and 9). The run issue builds the engine (timers,
// notifications, in-app fallback); these are its pure rules. Boundaries are inclusive: a step is
// 'due-now' from 5 s before to 5 s after its time, 'overdue' from then up to 5 minutes after it.
import { isStepPending, readDueAt } from './step-state';

export const PRODUCT_NAME = 'PitClock';
/** The engine checks every 5 seconds. */
export const ALERT_CHECK_INTERVAL_MS = 5_000;
/** Due-now window: within 5 seconds either side of the scheduled time. */
export const DUE_NOW_WINDOW_MS = 5_000;
/** Overdue window: up to 5 minutes past the scheduled time. */
export const OVERDUE_WINDOW_MS = 5 * 60_000;
/** An overdue alert repeats after more than 60 seconds. */
export const OVERDUE_REPEAT_MS = 60_000;
/** At most 5 in-app fallback alerts are kept, each auto-dismissed after 12 s. */
export const MAX_FALLBACK_ALERTS = 5;
export const FALLBACK_ALERT_TTL_MS = 12_000;
/** Hidden-tab title flash: every 600 ms, up to 9 toggles; flash on and sound off by default. */
export const TITLE_FLASH_INTERVAL_MS = 600;
export const TITLE_FLASH_MAX_TOGGLES = 9;
export const TITLE_FLASH_DEFAULT = true;
export const ALERT_SOUND_DEFAULT = false;
/** Native notifications use one fixed tag, actions View Contest and Dismiss, and require interaction. */
export {
  STEP_ALERT_TAG as NOTIFICATION_TAG,
  STEP_ALERT_ACTIONS as NOTIFICATION_ACTIONS,
} from '@pitclock/contracts';

export type AlertStage = 'due-now' | 'overdue';

/** What the engine remembers per step between checks. */
export type AlertState = { dueMs: number; stage: AlertStage; sentAtMs: number };

export type AlertDecision = {
  /** The stage to alert now, or null for no alert. */
  send: AlertStage | null;
  /** The state to keep for the next check (null: nothing to remember). */
  state: AlertState | null;
};

/** 'due-now' when |now - due| <= 5 s; 'overdue' when 5 s < now - due <= 5 min; otherwise null. */
export function alertStage(dueMs: number, nowMs: number): AlertStage | null {
  if (!Number.isFinite(dueMs) || !Number.isFinite(nowMs)) return null;
  const late = nowMs - dueMs;
  if (Math.abs(late) <= DUE_NOW_WINDOW_MS) return 'due-now';
  if (late > DUE_NOW_WINDOW_MS && late <= OVERDUE_WINDOW_MS) return 'overdue';
  return null;
}

/**
 * Whether to alert a step at this check. A stage is sent when it differs from the last one sent for the
 * step; an overdue stage is sent again when more than 60 s passed since it was last sent; the remembered
 * state is reset when the step's scheduled time changed (a snooze), so its stages are sent afresh.
 * Completed, dismissed, off-plan and undated steps never alert and forget their state. Outside both windows the
 * state is kept (so a stage is not re-sent if the clock steps back), unless the time changed.
 */
export function nextAlertState(
  prev: AlertState | null | undefined,
  step: unknown,
  nowMs: number,
): AlertDecision {
  const dueMs = readDueAt(step);
  if (dueMs === null || !isStepPending(step)) return { send: null, state: null };
  const last = prev && prev.dueMs === dueMs ? prev : null;
  const stage = alertStage(dueMs, nowMs);
  if (stage === null) return { send: null, state: last };
  if (!last || last.stage !== stage) return { send: stage, state: { dueMs, stage, sentAtMs: nowMs } };
  if (stage === 'overdue' && nowMs - last.sentAtMs > OVERDUE_REPEAT_MS) {
    return { send: stage, state: { dueMs, stage, sentAtMs: nowMs } };
  }
  return { send: null, state: last };
}

/** Native notification title: the product name, a dash, then the text. */
export function notificationTitle(text: string): string {
  return `${PRODUCT_NAME} - ${text}`;
}

export type FallbackAlert = { id: string; createdAtMs: number };

/** Adds an in-app fallback alert, keeping the newest MAX_FALLBACK_ALERTS (newest last). */
export function pushFallbackAlert<T extends FallbackAlert>(alerts: readonly T[], alert: T): T[] {
  return [...alerts.filter((a) => a.id !== alert.id), alert].slice(-MAX_FALLBACK_ALERTS);
}

/** Drops fallback alerts older than FALLBACK_ALERT_TTL_MS (an alert exactly 12 s old is dropped). */
export function expireFallbackAlerts<T extends FallbackAlert>(alerts: readonly T[], nowMs: number): T[] {
  return alerts.filter((a) => nowMs - a.createdAtMs < FALLBACK_ALERT_TTL_MS);
}

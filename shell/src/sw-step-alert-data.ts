// The service worker's reading of a step alert's data (the notification's, or a push's): every field a
// non-empty string and the url a path of the worker's origin, so that a notification never opens
// elsewhere. Written against no worker type: the shell's own tsconfig (DOM lib) checks this file too.
import type { StepAlertData } from '@pitclock/contracts/step-alerts';
import type { PushStage, PushStepAlertData } from '@pitclock/contracts/push';

const isFilled = (value: unknown): value is string => typeof value === 'string' && value !== '';

const PUSH_STAGES: readonly unknown[] = ['due-now', 'overdue'] satisfies PushStage[];
const isPushStage = (value: unknown): value is PushStage => PUSH_STAGES.includes(value);

/** The notification's data when it has the step-alert shape, else null. */
export function stepAlertData(data: unknown): StepAlertData | null {
  if (typeof data !== 'object' || data === null) return null;
  const { url, stepId, runId, contestId } = data as Record<string, unknown>;
  return isFilled(url) && isFilled(stepId) && isFilled(runId) && isFilled(contestId)
    ? { url, stepId, runId, contestId }
    : null;
}

/**
 * The absolute URL of `path` on `origin`, only when `path` is a path of this origin ('/contests/...');
 * null for anything else (another origin, '//host', 'https:...', 'javascript:...', a relative path).
 */
export function sameOriginHref(path: string, origin: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  try {
    const target = new URL(path, origin);
    return target.origin === origin ? target.href : null;
  } catch {
    return null;
  }
}

/** Where a click on a step alert goes: its run on `origin`; null when the data is unusable. */
export function notificationTarget(data: unknown, origin: string): string | null {
  const alert = stepAlertData(data);
  return alert ? sameOriginHref(alert.url, origin) : null;
}

/**
 * A pushed step alert's data: the step-alert data with a url of `origin`, a known stage, a readable due
 * time and a dismiss token; null when anything is missing or wrong.
 */
export function pushStepAlertData(data: unknown, origin: string): PushStepAlertData | null {
  const alert = stepAlertData(data);
  if (!alert || !sameOriginHref(alert.url, origin)) return null;
  const { stage, dueAt, dismissToken } = data as Record<string, unknown>;
  if (!isPushStage(stage) || !isFilled(dueAt) || Number.isNaN(Date.parse(dueAt)) || !isFilled(dismissToken)) {
    return null;
  }
  return { ...alert, stage, dueAt, dismissToken };
}

/** The dismiss token of a pushed alert's data; null for an alert the app showed itself (it has none). */
export function dismissTokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { dismissToken } = data as Record<string, unknown>;
  return isFilled(dismissToken) ? dismissToken : null;
}

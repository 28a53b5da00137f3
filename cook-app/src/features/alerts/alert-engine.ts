// The in-app alert engine's loop (SPEC.md sections 4 and 9): one pass over the steps of the active runs,
// the remembered alert state per step and its persistence. Pure except read/writeAlertStates (storage).
import {
  formatClock,
  isStepCompleted,
  isStepDismissed,
  nextAlertState,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_TAG,
  notificationTitle,
  type AlertStage,
  type AlertState,
} from '../../domain';
import type { Run, RunStep } from '../../store';
import type { StepAlertData } from '@pitclock/contracts';

/** localStorage key of the remembered alert state per step: JSON {stepId: AlertState}. */
export const ALERT_STATES_KEY = 'pitclock_alert_states';

export type AlertStates = Record<string, AlertState>;

/** The fields of a run step the engine reads. */
export type AlertStep = Pick<
  RunStep,
  'id' | 'run_id' | 'contest_id' | 'name' | 'template_name' | 'scheduled_at' | 'status' | 'completed_at'
> &
  Partial<Pick<RunStep, 'dismissed_for_user'>>;

/** One alert to deliver. */
export type StepAlert = {
  stepId: string;
  stage: AlertStage;
  runId: string;
  contestId: string;
  stepName: string;
  templateName: string | null;
  dueMs: number;
};

export type AlertCheck = { states: AlertStates; alerts: StepAlert[] };

/**
 * One check: nextAlertState for every step. Returns the states to remember (only steps passed in that
 * still have one: states of steps that are gone, completed, dismissed or undated are dropped) and the
 * alerts to deliver now, in the order of `steps`.
 */
export function runAlertCheck(
  states: Readonly<AlertStates>,
  steps: readonly AlertStep[],
  nowMs: number | ((step: AlertStep) => number),
): AlertCheck {
  const next: AlertStates = {};
  const alerts: StepAlert[] = [];
  // A step is judged on its cook-off's contest clock when the caller gives one per step.
  const nowOf = typeof nowMs === 'function' ? nowMs : () => nowMs;
  for (const step of steps) {
    const decision = nextAlertState(states[step.id] ?? null, step, nowOf(step));
    if (decision.state) next[step.id] = decision.state;
    if (decision.send && decision.state) {
      alerts.push({
        stepId: step.id,
        stage: decision.send,
        runId: step.run_id,
        contestId: step.contest_id,
        stepName: step.name,
        templateName: step.template_name,
        dueMs: decision.state.dueMs,
      });
    }
  }
  return { states: next, alerts };
}

/** The steps of every active run (status 'active'). */
export function activeRunSteps<S extends { run_id: string }>(
  runs: readonly Pick<Run, 'id' | 'status'>[],
  steps: readonly S[],
): S[] {
  const active = new Set(runs.filter((run) => run.status === 'active').map((run) => run.id));
  return steps.filter((step) => active.has(step.run_id));
}

/** Ids of the steps that still need attention: neither completed nor dismissed. */
export function pendingStepIds(steps: readonly AlertStep[]): Set<string> {
  return new Set(
    steps.filter((step) => !isStepCompleted(step) && !isStepDismissed(step)).map((step) => step.id),
  );
}

/** The run screen of an alert's step. */
export function alertUrl(alert: Pick<StepAlert, 'contestId' | 'runId'>): string {
  return `/contests/${encodeURIComponent(alert.contestId)}/runs/${encodeURIComponent(alert.runId)}/steps`;
}

/** What the service worker reads on notificationclick. Keep this shape: the worker depends on it. */
/** The data the service worker reads from a step alert (contracts' step-alert protocol). */
export type AlertNotificationData = StepAlertData;

/** A native notification (or its in-app fallback): title, body and showNotification options. */
export type AlertNotice = {
  title: string;
  options: {
    body: string;
    tag: string;
    requireInteraction: true;
    actions: { action: string; title: string }[];
    data: AlertNotificationData;
  };
};

const STAGE_TEXT: Record<AlertStage, string> = { 'due-now': 'Due now', overdue: 'Overdue' };

/**
 * '<Due now|Overdue> · <template name> · due <time>' with the time in the locale's clock ('due 1:55 PM'
 * en-US, 'due 13:55' en-GB); the template part left out when it has no name.
 */
export function alertBody(alert: StepAlert, timeZone: string, locale: string): string {
  const template = alert.templateName?.trim();
  return [STAGE_TEXT[alert.stage], template, `due ${formatClock(alert.dueMs, timeZone, locale)}`]
    .filter(Boolean)
    .join(' · ');
}

export function alertNotice(alert: StepAlert, timeZone: string, locale: string): AlertNotice {
  return {
    title: notificationTitle(alert.stepName),
    options: {
      body: alertBody(alert, timeZone, locale),
      tag: NOTIFICATION_TAG,
      requireInteraction: true,
      actions: NOTIFICATION_ACTIONS.map((action) => ({ ...action })),
      data: { url: alertUrl(alert), stepId: alert.stepId, runId: alert.runId, contestId: alert.contestId },
    },
  };
}

function isAlertState(value: unknown): value is AlertState {
  if (typeof value !== 'object' || value === null) return false;
  const { dueMs, stage, sentAtMs } = value as Record<string, unknown>;
  return (
    typeof dueMs === 'number' &&
    Number.isFinite(dueMs) &&
    typeof sentAtMs === 'number' &&
    Number.isFinite(sentAtMs) &&
    (stage === 'due-now' || stage === 'overdue')
  );
}

/** The remembered states (unreadable JSON or entries are ignored); null when the storage cannot be read. */
export function readAlertStates(storage: Storage): AlertStates | null {
  let text: string | null;
  try {
    text = storage.getItem(ALERT_STATES_KEY);
  } catch {
    return null;
  }
  if (text === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const states: AlertStates = {};
  for (const [stepId, state] of Object.entries(parsed)) if (isAlertState(state)) states[stepId] = state;
  return states;
}

/** Stores the states; false when storage is full or blocked (the engine then remembers in memory). */
export function writeAlertStates(storage: Storage, states: AlertStates): boolean {
  try {
    storage.setItem(ALERT_STATES_KEY, JSON.stringify(states));
    return true;
  } catch {
    return false;
  }
}

/** Whether two state maps hold the same entries (to skip needless writes). */
export function sameAlertStates(a: AlertStates, b: AlertStates): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    return !!x && !!y && x.dueMs === y.dueMs && x.stage === y.stage && x.sentAtMs === y.sentAtMs;
  });
}

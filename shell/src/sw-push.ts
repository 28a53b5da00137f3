// What the service worker makes of a push (issue 8): the payload, read defensively, as the notification
// to show (null for anything unusable: nothing is shown), and the question to the visible windows whether
// one of them already alerts the step. Written against no worker type: the shell's own tsconfig (DOM lib)
// checks this file too.
import {
  IS_ALERTING_MESSAGE,
  PUSH_OVERDUE_WINDOW_MS,
  PUSH_TEST_BODY,
  PUSH_TEST_TAG,
  PUSH_TEST_TITLE,
  type PushStepAlertData,
} from '@pitclock/contracts/push';
import { STEP_ALERT_ACTIONS, STEP_ALERT_TAG } from '@pitclock/contracts/step-alerts';
import { pushStepAlertData } from './sw-step-alert-data';

/** showNotification's options; TypeScript's NotificationOptions lacks `actions` and `renotify`. */
export type ShownOptions = NotificationOptions & {
  actions?: { action: string; title: string }[];
  renotify?: boolean;
};

/** A push to show: a step alert carries its data (the windows are asked about it first). */
export type PushedNotification = { title: string; options: ShownOptions; alert: PushStepAlertData | null };

const isText = (value: unknown): value is string => typeof value === 'string';
const isFilled = (value: unknown): value is string => isText(value) && value !== '';

/** The push's JSON, or null when there is no payload or it is not JSON. */
export function parsePushText(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function testNotification(payload: Record<string, unknown>): PushedNotification {
  const title = isFilled(payload.title) ? payload.title : PUSH_TEST_TITLE;
  const body = isFilled(payload.body) ? payload.body : PUSH_TEST_BODY;
  return { title, options: { body, tag: PUSH_TEST_TAG }, alert: null };
}

function stepAlertNotification(
  payload: Record<string, unknown>,
  origin: string,
  nowMs: number,
): PushedNotification | null {
  const { title, body, tag } = payload;
  if (!isFilled(title) || !isText(body) || !isText(tag)) return null;
  const alert = pushStepAlertData(payload.data, origin);
  // A push the push service held back (the device was offline) is no longer worth an alert.
  if (!alert || nowMs > Date.parse(alert.dueAt) + PUSH_OVERDUE_WINDOW_MS) return null;
  const options: ShownOptions = {
    body,
    // The fixed tag, whatever the payload says: notificationclick handles only this one.
    tag: STEP_ALERT_TAG,
    data: alert,
    actions: STEP_ALERT_ACTIONS.map((action) => ({ ...action })),
    requireInteraction: true,
    renotify: true,
  };
  return { title, options, alert };
}

/**
 * The notification of a push's payload: a test push (kind 'test') with the test tag; a step alert
 * (kind 'step-alert') of a well-formed payload whose url is a path of `origin` and that is not past the
 * overdue window at `nowMs`. Null (show nothing) for anything else: an unusable step alert is better
 * left out than shown with a wrong or foreign link.
 */
export function pushedNotification(
  payload: unknown,
  origin: string,
  nowMs: number,
): PushedNotification | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const fields = payload as Record<string, unknown>;
  if (fields.kind === 'test') return testNotification(fields);
  if (fields.kind === 'step-alert') return stepAlertNotification(fields, origin, nowMs);
  return null;
}

/** The part of a WindowClient the question needs. */
export type AskableWindow = {
  visibilityState: DocumentVisibilityState;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

export type IsAlertingQuestion = { type: typeof IS_ALERTING_MESSAGE; stepId: string; runId: string };

const saysAlerting = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && (answer as { alerting?: unknown }).alerting === true;

/** Asks one window on its own port; false when it does not answer within `timeoutMs`. */
function askWindow(client: AskableWindow, question: IsAlertingQuestion, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const settle = (alerting: boolean) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(alerting);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    channel.port1.onmessage = (event) => settle(saysAlerting(event.data));
    try {
      client.postMessage(question, [channel.port2]);
    } catch {
      settle(false);
    }
  });
}

/** True as soon as one answer is true; false once all are false. */
function anyTrue(answers: Promise<boolean>[]): Promise<boolean> {
  return new Promise((resolve) => {
    let left = answers.length;
    if (left === 0) resolve(false);
    for (const answer of answers) {
      void answer.then((alerting) => {
        left -= 1;
        if (alerting) resolve(true);
        else if (left === 0) resolve(false);
      });
    }
  });
}

/**
 * Whether a visible window already alerts the step: each visible window is asked
 * { type: 'pitclock:is-alerting', stepId, runId } with a port of its own and answers { alerting } on it.
 * Waits at most `timeoutMs`; hidden windows are not asked (the cook would not see their alert).
 */
export function visibleWindowAlerting(
  windows: readonly AskableWindow[],
  { stepId, runId }: Pick<PushStepAlertData, 'stepId' | 'runId'>,
  timeoutMs: number,
): Promise<boolean> {
  const question: IsAlertingQuestion = { type: IS_ALERTING_MESSAGE, stepId, runId };
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  return anyTrue(visible.map((client) => askWindow(client, question, timeoutMs)));
}

// What the notifier pushes and what the app and its service worker send it (SPEC.md sections 4, 7 and 9,
// issue 8). Plain constants and types (no zod) so that the service worker and the app bundle stay small;
// the zod schemas of the same calls are in ../schemas/push.ts.
import { API_PATHS, apiPath } from '../api/paths';
import type { StepAlertData } from './step-alert-protocol';

/** The notifier's routes (declared in ../api/paths.ts); the browser client takes them as they are. */
export const PUSH_PATHS = {
  vapidPublicKey: API_PATHS.pushVapidPublicKey,
  subscribe: API_PATHS.pushSubscribe,
  me: API_PATHS.pushMe,
  test: API_PATHS.pushTest,
  dismiss: API_PATHS.pushDismiss,
  runSchedule: (runId: string) => apiPath(API_PATHS.pushRunSchedule, { runId }),
} as const;

/** Alert stages a push can carry (SPEC.md section 4): the step is due now, or a reminder that it is overdue. */
export type PushStage = 'due-now' | 'overdue';

/** The due-now push is sent at the step's time. */
export const PUSH_DUE_NOW_OFFSET_MS = 0;
/**
 * Overdue reminders, after the due time: each more than 60 s after the one before (SPEC.md section 9's
 * overdue repeat) and all within the 5-minute overdue window.
 */
export const PUSH_OVERDUE_REMINDER_OFFSETS_MS = [65_000, 130_000, 195_000, 260_000] as const;
/** No push of a step is shown later than this after its due time (the overdue window). */
export const PUSH_OVERDUE_WINDOW_MS = 5 * 60_000;
/** Push services only promise 4,096-byte messages: the plaintext payload stays under this. */
export const PUSH_MAX_PAYLOAD_BYTES = 3_993;
/** The most steps one run's schedule may carry. */
export const PUSH_MAX_STEPS_PER_RUN = 500;

/** A schedule step as the app sends it: scheduled_at is the real instant (contest clock already applied). */
export type PushScheduleStep = {
  id: string;
  name: string;
  scheduled_at: string;
  done: boolean;
  dismissed: boolean;
  template_name?: string | null;
};

/**
 * PUT push/runs/{runId}/schedule. time_zone (IANA) and locale (the device's BCP 47 language tag, issue 21)
 * are used for the 'due' time of the body: '1:55 PM' for en-US, '13:55' for en-GB; without a locale
 * (older apps) 24-hour HH:MM. team_id: the team the run's cook-off is shared with; the notifier then keeps
 * the schedule for every member of that team, and any member's PUT replaces all their copies. Absent or
 * null: the caller's own run.
 */
export type PushScheduleBody = {
  contest_id: string;
  contest_name: string;
  time_zone?: string;
  locale?: string;
  team_id?: string | null;
  steps: PushScheduleStep[];
};

/** The longest locale a schedule may carry (a language tag with a script, a region and a variant fits). */
export const PUSH_LOCALE_MAX_LENGTH = 35;
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * Whether a schedule may carry this locale: a well-formed BCP 47 language tag of at most
 * PUSH_LOCALE_MAX_LENGTH characters. The notifier refuses any other (400); the app leaves such a one out.
 */
export function isPushLocale(locale: string): boolean {
  if (locale.length > PUSH_LOCALE_MAX_LENGTH || !LANGUAGE_TAG.test(locale)) return false;
  try {
    Intl.getCanonicalLocales(locale);
    return true;
  } catch {
    return false;
  }
}

/** A browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The data of a pushed step alert: the step-alert data the service worker already reads, and more. */
export type PushStepAlertData = StepAlertData & {
  stage: PushStage;
  /** The step's due time (ISO). */
  dueAt: string;
  /** Lets the service worker tell the notifier about a Dismiss without the user's bearer token. */
  dismissToken: string;
};

/** The JSON payload of a step-alert push. A test push has kind 'test' and no step data. */
export type PushPayload =
  | { kind: 'step-alert'; title: string; body: string; tag: string; data: PushStepAlertData }
  | { kind: 'test'; title: string; body: string; tag: string };

/** The tag and texts of the test push (About's button). */
export const PUSH_TEST_TAG = 'pitclock-test-push';
export const PUSH_TEST_TITLE = 'PitClock - Test notification';
export const PUSH_TEST_BODY = 'Push notifications work on this device.';

/**
 * Asked by the service worker of every visible window before it shows a pushed step alert; a window
 * answers { alerting: true } on the message's port when its own alert engine covers that step.
 */
export const IS_ALERTING_MESSAGE = 'pitclock:is-alerting';
/** How long the service worker waits for the windows' answers before it shows the push anyway. */
export const IS_ALERTING_TIMEOUT_MS = 500;

/**
 * Posted by the service worker to open windows after the browser replaced this device's push
 * subscription (pushsubscriptionchange): the app registers the new one with the notifier.
 */
export const PUSH_SUBSCRIPTION_CHANGED_MESSAGE = 'pitclock:push-subscription-changed';

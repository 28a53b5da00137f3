// What the page's alert engine, the service worker and the app say to each other about step alerts
// (SPEC.md section 9). One definition for cook-app and shell/src/sw.ts.

/** The fixed tag of every step-alert notification. */
export const STEP_ALERT_TAG = 'pitclock-step-alert';

/** A step-alert notification's data: url is the same-origin path of the run. */
export type StepAlertData = { url: string; stepId: string; runId: string; contestId: string };

/** Posted by the service worker to open windows when a notification's Dismiss was pressed. */
export const DISMISS_STEP_MESSAGE = 'pitclock:dismiss-step';
/** Posted by the service worker to a window it cannot navigate itself (View Contest). */
export const NAVIGATE_MESSAGE = 'pitclock:navigate';

// Where the service worker records dismissals made while no window was open: PENDING_DISMISSALS_DB in
// offline/indexed-db.ts (@pitclock/contracts/indexed-db).

/** The actions of every step-alert notification (SPEC.md section 9); notificationclick reads 'dismiss'. */
export const STEP_ALERT_ACTIONS = [
  { action: 'view', title: 'View Contest' },
  { action: 'dismiss', title: 'Dismiss' },
] as const;

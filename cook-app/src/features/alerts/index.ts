// In-app step alerts (SPEC.md sections 4, 8 and 9): the engine mounted once around the cook screens (with
// its "Missed while away" list), and the alert preferences the Settings screen reads and writes.
export { AlertCenter, type AlertCenterProps } from './alert-center';
export {
  ALERT_STATES_KEY,
  runAlertCheck,
  type AlertCheck,
  type AlertNotice,
  type AlertNotificationData,
  type AlertStates,
  type AlertStep,
  type StepAlert,
} from './alert-engine';
export {
  ALERT_LAST_SEEN_KEY,
  ALERT_MISSED_KEY,
  missedSince,
  type Missed,
  type MissedView,
} from './missed-while-away';
export { browserNotificationDelivery, type NotificationDelivery } from './notification-delivery';
export type { WorkerMessages } from './is-alerting-responder';

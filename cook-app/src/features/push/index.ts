// Push notifications (issue 8): the Settings switch and About's subscriptions panel. The background part
// (outbox, schedule sync, subscription refresh) is ./push-sync, mounted by app/cook-app.tsx on its own
// so that this entry loads with the Settings and About screens.
export { PushNotificationsSwitch } from './push-notifications-switch';
export { PushSubscriptionsPanel, type PushSubscriptionsPanelProps } from './push-subscriptions-panel';
export { PushProvider, type PushServices } from './push-context';

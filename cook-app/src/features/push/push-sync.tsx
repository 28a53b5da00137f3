// Mounted once around the cook screens (app/cook-app.tsx): the outbox runs, every change of a run's
// schedule is queued for the notifier, and the device's push subscription is kept registered.
// Imported by its own path: the Settings and About pieces of this feature load with their screens.
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLocale } from '../../lib/display-prefs';
import type { CookRootState } from '../../store';
import { usePushServices } from './push-context';
import { startScheduleSync } from './schedule-sync';
import { startSubscriptionRefresh } from './subscription-refresh';

export function PushSync() {
  const store = useStore<CookRootState>();
  const { browser, outbox } = usePushServices();
  // A new browser language restarts the sync: each run's schedule is sent again with it.
  const locale = useLocale();
  useEffect(() => outbox.start(), [outbox]);
  useEffect(() => startScheduleSync(store, { outbox, locale }), [store, outbox, locale]);
  useEffect(() => startSubscriptionRefresh({ browser, outbox }), [browser, outbox]);
  return null;
}

// The in-app alert engine (SPEC.md sections 4, 8 and 9; ARCHITECTURE.md "Notifications"): mounted once
// around the cook screens, it checks every step of every active run every 5 s (in a background tab too),
// delivers each alert as a native notification or, failing that, as an in-app fallback alert (one card
// docked at the bottom, with Complete, Snooze and View per step), flashes the tab title / plays a tone as
// the preferences say, and vibrates the device where it can. It also keeps the "Missed while away" list
// (steps whose alerts fired while the app was closed or hidden) and shows it at the top of the page
// content, and tells the service worker which pushed alerts it already covers (is-alerting-responder.ts).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import {
  contestNow,
  ALERT_CHECK_INTERVAL_MS,
  expireFallbackAlerts,
  FALLBACK_ALERT_TTL_MS,
  pushFallbackAlert,
} from '../../domain';
import { contestSelectors, runSelectors, runStepSelectors, type CookRootState } from '../../store';
import {
  activeRunSteps,
  alertNotice,
  alertUrl,
  pendingStepIds,
  readAlertStates,
  runAlertCheck,
  sameAlertStates,
  writeAlertStates,
  type AlertStates,
  type StepAlert,
} from './alert-engine';
import { readAlertPreferences } from '../../lib/alert-preferences';
import { deviceTimeZone, useLocale } from '../../lib/display-prefs';
import { flashTitle, playAlertTone, vibrateAlert } from './attention';
import { FallbackAlertCard, type FallbackAlertItem } from './fallback-alerts';
import { useIsAlertingResponder, type WorkerMessages } from './is-alerting-responder';
import { MissedPanel } from './missed-panel';
import { browserNotificationDelivery, type NotificationDelivery } from './notification-delivery';
import { useAlertActions } from './use-alert-actions';
import { useMissedWhileAway } from './use-missed-while-away';
import './alerts.css';

export type AlertCenterProps = {
  /** The clock (default Date.now). */
  now?: () => number;
  /** Where the alert states, the missed list and the preferences are kept (default localStorage). */
  storage?: Storage;
  /** How alerts are delivered natively (default: the browser's Notification and service worker). */
  notify?: NotificationDelivery;
  /** Zone of the alert's 'due <time>' text (default the device's; the locale is the reader's, useLocale). */
  timeZone?: string;
  /** Where the service worker's questions arrive (default navigator.serviceWorker). */
  workerMessages?: WorkerMessages;
  /** The cook screens. */
  children?: ReactNode;
};

let browserDelivery: NotificationDelivery | undefined;
function defaultDelivery(): NotificationDelivery {
  browserDelivery ??= browserNotificationDelivery();
  return browserDelivery;
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

export function AlertCenter({
  now = Date.now,
  storage = defaultStorage(),
  notify,
  timeZone = deviceTimeZone(),
  workerMessages,
  children,
}: AlertCenterProps) {
  const store = useStore<CookRootState>();
  const locale = useLocale();
  const [fallbacks, setFallbacks] = useState<FallbackAlertItem[]>([]);
  // While the cook uses the card (list open, focus inside), its alerts do not expire.
  const [held, setHeld] = useState(false);
  const heldRef = useRef(false);
  const memory = useRef<AlertStates>({});
  const storageWorks = useRef(true);
  const stopFlash = useRef<(() => void) | null>(null);
  const delivery = notify ?? defaultDelivery();
  const { missed, record: recordMissed, acknowledge } = useMissedWhileAway(storage);
  useIsAlertingResponder(workerMessages);

  useEffect(() => {
    let mounted = true;

    const showFallback = (alert: StepAlert, title: string, body: string) => {
      if (!mounted) return;
      const item: FallbackAlertItem = {
        id: alert.stepId,
        createdAtMs: now(),
        title,
        stepName: alert.stepName,
        body,
        url: alertUrl(alert),
        dueMs: alert.dueMs,
      };
      setFallbacks((list) =>
        pushFallbackAlert(heldRef.current ? list : expireFallbackAlerts(list, item.createdAtMs), item),
      );
    };

    const deliver = (alerts: StepAlert[]) => {
      const preferences = readAlertPreferences(storage ?? null);
      for (const alert of alerts) {
        const notice = alertNotice(alert, timeZone, locale);
        const fallback = () => showFallback(alert, notice.title, notice.options.body);
        delivery.deliver(notice).then((shown) => shown || fallback(), fallback);
      }
      const last = alerts[alerts.length - 1];
      if (last && preferences.titleFlash && isHidden()) {
        stopFlash.current?.();
        stopFlash.current = flashTitle(document, last.stepName);
      }
      if (preferences.sound) playAlertTone();
      vibrateAlert();
    };

    const check = () => {
      const state = store.getState();
      // Before rehydration the store has no runs yet: checking would forget every remembered state.
      if (state._persist && !state._persist.rehydrated) return;
      const steps = activeRunSteps(runSelectors.selectAll(state), runStepSelectors.selectAll(state));
      // Read back from storage each time, so that another tab's alerts count as sent here too; once a
      // write failed (quota, private mode) the stored copy is stale and only the memory one is used.
      const stored = storage && storageWorks.current ? readAlertStates(storage) : null;
      const previous = stored ?? memory.current;
      const nowMs = now();
      const contests = contestSelectors.selectEntities(state);
      const { states, alerts } = runAlertCheck(previous, steps, (step) =>
        contestNow(contests[step.contest_id], nowMs),
      );
      memory.current = states;
      if (storage && storageWorks.current && !sameAlertStates(previous, states)) {
        storageWorks.current = writeAlertStates(storage, states);
      }
      // An in-app alert whose step was completed or dismissed (or is gone) no longer needs attention.
      const pending = pendingStepIds(steps);
      setFallbacks((list) => {
        const kept = list.filter((item) => pending.has(item.id));
        return kept.length === list.length ? list : kept;
      });
      recordMissed({ steps, delivered: alerts, nowMs, hidden: isHidden() });
      if (alerts.length > 0) deliver(alerts);
    };

    // Back from a hidden period: list what was missed (and alert what is due) at once.
    const onVisibility = () => {
      if (!isHidden()) check();
    };

    check();
    // Not paused while hidden: a background tab keeps alerting (browsers may slow the timer down).
    const timer = setInterval(check, ALERT_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mounted = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store, now, storage, delivery, timeZone, locale, recordMissed]);

  // Stop the title flash once the tab is visible again, and when unmounted.
  useEffect(() => {
    const onVisibility = () => {
      if (!isHidden()) {
        stopFlash.current?.();
        stopFlash.current = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stopFlash.current?.();
      stopFlash.current = null;
    };
  }, []);

  // Each fallback alert goes 12 s after it appeared (or after the cook stopped using the card).
  useEffect(() => {
    if (fallbacks.length === 0 || held) return;
    const oldest = Math.min(...fallbacks.map((item) => item.createdAtMs));
    const delay = Math.max(0, oldest + FALLBACK_ALERT_TTL_MS - now());
    const timer = setTimeout(() => {
      setFallbacks((list) => {
        const kept = expireFallbackAlerts(list, now());
        return kept.length === list.length ? list : kept;
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [fallbacks, now, held]);

  const closeOne = useCallback(
    (id: string) => setFallbacks((list) => list.filter((item) => item.id !== id)),
    [],
  );
  const closeAll = useCallback(() => setFallbacks([]), []);
  const actions = useAlertActions(closeOne);

  const onHoldChange = useCallback(
    (hold: boolean) => {
      if (heldRef.current === hold) return;
      heldRef.current = hold;
      setHeld(hold);
      // Let go: the alerts still on the card get their full time again.
      if (!hold) {
        const releasedAtMs = now();
        setFallbacks((list) =>
          list.length === 0 ? list : list.map((item) => ({ ...item, createdAtMs: releasedAtMs })),
        );
      }
    },
    [now],
  );

  return (
    <>
      <MissedPanel items={missed} timeZone={timeZone} onAcknowledge={acknowledge} />
      {fallbacks.length > 0 && (
        <FallbackAlertCard
          alerts={fallbacks}
          actions={actions}
          onClose={closeAll}
          onView={closeOne}
          onHoldChange={onHoldChange}
        />
      )}
      {children}
    </>
  );
}

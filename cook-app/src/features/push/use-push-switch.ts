import { useEffect, useState } from 'react';
import { api, errorText, session, type ApiClient } from '@pitclock/contracts';
import {
  readNotificationPermission,
  useNotificationPermission,
  type NotificationPermissionState,
} from '../../lib/notification-permission';
import { PUSH_TEXT } from './messages';
import type { PushManagerLike } from './push-browser';
import { usePushServices } from './push-context';
import { subscribeDevice, unsubscribeDevice } from './push-device';
import { SUBSCRIPTION_KEY } from './subscription-refresh';

export type PushSwitchDeps = {
  /** Default the app's `api`. */
  client?: ApiClient;
  /** Default the session's device id. */
  deviceId?: () => string;
};

/** checking: not known yet; unsupported: no push here; on: this device has a subscription. */
export type PushSwitchState = 'checking' | 'unsupported' | 'off' | 'on';

type Found = { manager: PushManagerLike | null; subscribed: boolean };

const pageDeviceId = () => session.getDeviceId();

/** Why notifications are not allowed, after asking when the browser has not been asked yet. */
function refusalText(permission: NotificationPermissionState): string | null {
  if (permission === 'granted') return null;
  if (permission === 'unsupported') return PUSH_TEXT.unsupported;
  return permission === 'denied' ? PUSH_TEXT.blocked : PUSH_TEXT.notAllowed;
}

/** The Settings switch's state and its two actions (see PushNotificationsSwitch). */
export function usePushSwitch({ client = api, deviceId = pageDeviceId }: PushSwitchDeps = {}) {
  const { browser, outbox } = usePushServices();
  const { permission, request } = useNotificationPermission();
  const [found, setFound] = useState<Found | null>(null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const look = async (): Promise<Found> => {
      const manager = await browser.pushManager();
      const subscription = manager ? await manager.getSubscription().catch(() => null) : null;
      return { manager, subscribed: subscription !== null };
    };
    void look().then((result) => live && setFound(result));
    return () => {
      live = false;
    };
  }, [browser]);

  const manager = found?.manager ?? null;
  const state: PushSwitchState =
    found === null
      ? 'checking'
      : manager === null || permission === 'unsupported'
        ? 'unsupported'
        : (subscribed ?? found.subscribed)
          ? 'on'
          : 'off';

  const turnOn = async () => {
    if (!manager || busy) return;
    setBusy('on');
    setError(null);
    try {
      // Asked straight from the click (no await before it): browsers only prompt from a user gesture.
      const current = readNotificationPermission();
      const refusal = refusalText(current === 'default' ? await request() : current);
      if (refusal) {
        setError(refusal);
        return;
      }
      await subscribeDevice(manager, { client, deviceId });
      // Registered just now: an older registration still queued (perhaps of a replaced subscription) is stale.
      outbox.discard(SUBSCRIPTION_KEY);
      setSubscribed(true);
    } catch (failure) {
      setError(errorText(failure, PUSH_TEXT.enableFailed));
    } finally {
      setBusy(null);
    }
  };

  const turnOff = async () => {
    if (!manager || busy) return;
    setBusy('off');
    setError(null);
    try {
      // A registration still queued would register the dropped subscription again.
      outbox.discard(SUBSCRIPTION_KEY);
      const { serverFailure } = await unsubscribeDevice(manager, { client });
      setSubscribed(false);
      if (serverFailure) setError(PUSH_TEXT.serverNotTold(errorText(serverFailure, PUSH_TEXT.disableFailed)));
    } catch (failure) {
      setError(errorText(failure, PUSH_TEXT.disableFailed));
    } finally {
      setBusy(null);
    }
  };

  return { state, busy, error, turnOn, turnOff };
}

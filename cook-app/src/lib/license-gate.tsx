// The start gate of cook-offs (SPEC.md sections 1 and 6): starting a cook-off, and the run routes, need a
// valid device licence of this device. Checked offline: the signed licence against the cached public key
// (@pitclock/contracts deviceLicenceStatus), never a network call, so a licensed device starts cook-offs
// without a connection. Without a valid licence the user goes to /promo, which comes back afterwards.
// With a licence but without notification permission, Start first asks to confirm that in-app alerts
// will be used (SPEC.md section 8 "Start cook-off without push permission"); Cancel goes to /settings.
// The promo screen hands its returnTo back to this flow (useStartCookOff().open), so that a Start that
// needed a redeem first asks the same question afterwards.
import { useCallback, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { matchPath, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '@pitclock/design-system';
import { deviceLicenseStatus, license, session, type LicenseStore } from '@pitclock/contracts';
import { readNotificationPermission, type NotificationPermissionState } from './notification-permission';

/** Where the promo screen lives (SPEC.md section 2). */
export const PROMO_PATH = '/promo';

/** Where the settings screen lives (SPEC.md section 2): Cancel of the no-notifications confirm goes there. */
export const SETTINGS_PATH = '/settings';

/** The confirm's texts when a cook-off starts without notification permission (SPEC.md section 8). */
export const START_WITHOUT_NOTIFICATIONS = {
  title: 'Start cook-off',
  message:
    'Notifications are off on this device: PitClock will use in-app alerts while the app is open. Continue?',
  confirm: 'Continue',
  cancel: 'Cancel',
} as const;

/** The run route of a cook-off (SPEC.md section 2). */
export function runPath(contestId: string): string {
  return `/contests/${contestId}/steps`;
}

/** A run by id (SPEC.md section 2): where a finished run stays readable. */
export function runByIdPath(contestId: string, runId: string): string {
  return `/contests/${contestId}/runs/${runId}/steps`;
}

/** The run routes (SPEC.md section 2): opening one starts (or resumes) the cook-off's run. */
const RUN_ROUTES = ['/contests/:id/steps', '/contests/:contestId/runs/:runId/steps'] as const;

/** Whether `path` (a path inside the app, with or without query) is a run route. */
export function isRunPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return RUN_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** /promo with `returnTo` (URL-encoded): where the promo screen goes after a successful redeem. */
export function promoPathFor(returnTo: string): string {
  return `${PROMO_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}

export type LicenseGateOptions = {
  /** The clock in epoch ms (default Date.now): a licence is judged at this time. */
  now?: () => number;
  /** The stored licence (default the app's `license` store on localStorage). */
  store?: LicenseStore;
  /** This device's id (default the session's stored bbq_device_id). */
  deviceId?: () => string;
};

/**
 * Whether this device holds a valid device licence now: signed by the licensing key, for this device id,
 * not expired (as deviceLicenceStatus judges it). Offline; any failure of the check counts as no licence.
 */
export async function hasDeviceLicense({
  now = Date.now,
  store = license,
  deviceId = () => session.getDeviceId(),
}: LicenseGateOptions = {}): Promise<boolean> {
  try {
    const status = await deviceLicenseStatus(store, { deviceId: deviceId(), nowMs: now() });
    return status.ok;
  } catch {
    return false;
  }
}

/**
 * The expiry (epoch ms, the stored license_expiry as @pitclock/contracts reads it, else the licence's own
 * exp) of this device's valid licence while it has not run out yet; null without one, or once it has run
 * out (also during the grace days). Offline, as hasDeviceLicence.
 */
export async function activeLicenseExpiry({
  now = Date.now,
  store = license,
  deviceId = () => session.getDeviceId(),
}: LicenseGateOptions = {}): Promise<number | null> {
  try {
    const nowMs = now();
    const status = await deviceLicenseStatus(store, { deviceId: deviceId(), nowMs });
    if (!status.ok) return null;
    const expiryMs = store.getExpiryMs() ?? status.expiryMs;
    return expiryMs > nowMs ? expiryMs : null;
  } catch {
    return null;
  }
}

export type StartCookOffOptions = LicenseGateOptions & {
  /** The notification permission now (default readNotificationPermission, read at each Start). */
  notificationPermission?: () => NotificationPermissionState;
};

export type StartCookOff = {
  /** Starts the cook-off `contestId` (see useStartCookOff). */
  start: (contestId: string) => Promise<void>;
  /**
   * Goes to `path`: a run route (isRunPath) through the same flow as Start, any other path directly.
   * `replace` replaces the current entry of the history (the promo screen's way back to returnTo).
   */
  open: (path: string, options?: { replace?: boolean }) => Promise<void>;
  /** The no-notifications confirm: render it once, anywhere in the screen that calls start or open. */
  confirmation: ReactNode;
};

/**
 * Start a cook-off: without a valid device licence go to /promo?returnTo=<the run route> (after a redeem
 * the promo screen comes back through `open`, so through this same flow). With one and notification
 * permission granted, go to the run route. With one but no permission (not enabled, blocked or
 * unsupported), `confirmation` shows a confirm that in-app alerts will be used: Continue goes to the run
 * route, Cancel (also Escape or a click outside) to /settings, where notifications can be enabled.
 */
export function useStartCookOff({
  now,
  store,
  deviceId,
  notificationPermission = readNotificationPermission,
}: StartCookOffOptions = {}): StartCookOff {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<{ target: string; replace: boolean } | null>(null);

  /** The start flow towards the run route `target`. */
  const startAt = useCallback(
    async (target: string, replace: boolean) => {
      const ok = await hasDeviceLicense({ now, store, deviceId });
      if (!ok) await navigate(promoPathFor(target), { replace });
      else if (notificationPermission() === 'granted') await navigate(target, { replace });
      else setConfirming({ target, replace });
    },
    [navigate, now, store, deviceId, notificationPermission],
  );

  const start = useCallback((contestId: string) => startAt(runPath(contestId), false), [startAt]);

  const open = useCallback(
    async (path: string, { replace = false }: { replace?: boolean } = {}) => {
      if (isRunPath(path)) await startAt(path, replace);
      else await navigate(path, { replace });
    },
    [startAt, navigate],
  );

  const confirmation = (
    <ConfirmDialog
      open={confirming !== null}
      title={START_WITHOUT_NOTIFICATIONS.title}
      message={START_WITHOUT_NOTIFICATIONS.message}
      confirmLabel={START_WITHOUT_NOTIFICATIONS.confirm}
      cancelLabel={START_WITHOUT_NOTIFICATIONS.cancel}
      onConfirm={() => {
        if (confirming !== null) void navigate(confirming.target, { replace: confirming.replace });
        setConfirming(null);
      }}
      onCancel={() => {
        setConfirming(null);
        void navigate(SETTINGS_PATH, { replace: confirming?.replace ?? false });
      }}
    />
  );

  return { start, open, confirmation };
}

export type RequireDeviceLicenseProps = LicenseGateOptions & { children: ReactNode };

/**
 * Guard of the run routes: renders `children` while this device holds a valid licence, else replaces the
 * location with /promo?returnTo=<this path and query>. Shows a Spinner until the first check is done;
 * checks again, keeping what it shows meanwhile (no remount of the run screen), when the path changes or
 * the stored licence changes (saved, renewed, cleared, also from another tab).
 */
export function RequireDeviceLicense({ children, ...options }: RequireDeviceLicenseProps) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [licensed, setLicensed] = useState<boolean | null>(null);
  const [changes, setChanges] = useState(0);
  const check = useEffectEvent(() => hasDeviceLicense(options));
  const store = options.store ?? license;

  useEffect(() => store.subscribe(() => setChanges((n) => n + 1)), [store]);

  useEffect(() => {
    let live = true;
    void check().then((ok) => {
      if (live) setLicensed(ok);
    });
    return () => {
      live = false;
    };
  }, [here, changes]);

  if (licensed === null) return <Spinner label="Checking the device licence" />;
  if (!licensed) return <Navigate to={promoPathFor(here)} replace />;
  return children;
}

// The start gate of cook-offs (SPEC.md sections 1 and 6): starting a cook-off, and the run routes, need a
// valid device licence of this device. Checked offline: the signed licence against the cached public key
// (@pitclock/contracts deviceLicenceStatus), never a network call, so a licensed device starts cook-offs
// without a connection. Without a valid licence the user goes to /promo, which comes back afterwards.
import { useCallback, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@pitclock/design-system';
import { deviceLicenceStatus, licence, session, type LicenceStore } from '@pitclock/contracts';

/** Where the promo screen lives (SPEC.md section 2). */
export const PROMO_PATH = '/promo';

/** The run route of a cook-off (SPEC.md section 2). */
export function runPath(contestId: string): string {
  return `/contests/${contestId}/steps`;
}

/** /promo with `returnTo` (URL-encoded): where the promo screen goes after a successful redeem. */
export function promoPathFor(returnTo: string): string {
  return `${PROMO_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}

export type LicenceGateOptions = {
  /** The clock in epoch ms (default Date.now): a licence is judged at this time. */
  now?: () => number;
  /** The stored licence (default the app's `licence` store on localStorage). */
  store?: LicenceStore;
  /** This device's id (default the session's stored bbq_device_id). */
  deviceId?: () => string;
};

/**
 * Whether this device holds a valid device licence now: signed by the licensing key, for this device id,
 * not expired (as deviceLicenceStatus judges it). Offline; any failure of the check counts as no licence.
 */
export async function hasDeviceLicence({
  now = Date.now,
  store = licence,
  deviceId = () => session.getDeviceId(),
}: LicenceGateOptions = {}): Promise<boolean> {
  try {
    const status = await deviceLicenceStatus(store, { deviceId: deviceId(), nowMs: now() });
    return status.ok;
  } catch {
    return false;
  }
}

/**
 * Start a cook-off: with a valid device licence go to its run route, else to
 * /promo?returnTo=<the run route> (the promo screen brings the user back after redeeming).
 */
export function useStartCookOff({ now, store, deviceId }: LicenceGateOptions = {}): (
  contestId: string,
) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (contestId: string) => {
      const target = runPath(contestId);
      const ok = await hasDeviceLicence({ now, store, deviceId });
      await navigate(ok ? target : promoPathFor(target));
    },
    [navigate, now, store, deviceId],
  );
}

export type RequireDeviceLicenceProps = LicenceGateOptions & { children: ReactNode };

/**
 * Guard of the run routes: renders `children` while this device holds a valid licence, else replaces the
 * location with /promo?returnTo=<this path and query>. Shows a Spinner until the first check is done;
 * checks again, keeping what it shows meanwhile (no remount of the run screen), when the path changes or
 * the stored licence changes (saved, renewed, cleared, also from another tab).
 */
export function RequireDeviceLicence({ children, ...options }: RequireDeviceLicenceProps) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [licensed, setLicensed] = useState<boolean | null>(null);
  const [changes, setChanges] = useState(0);
  const check = useEffectEvent(() => hasDeviceLicence(options));
  const store = options.store ?? licence;

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

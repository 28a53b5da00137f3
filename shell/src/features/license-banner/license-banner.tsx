import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Banner } from '@pitclock/design-system';
import {
  LICENSE_LIMITED_TEXT,
  LICENSE_RECHECK_MS,
  LICENSE_REVOKED_TEXT,
  checkLicenseOnline,
  fetchLicensePublicKey,
  license,
  licenseBannerState,
  readDeviceLicense,
  session,
  type ApiClient,
  type LicenseBannerState,
} from '@pitclock/contracts';
import { useApi } from '../../lib/api-context';
import { useSignedIn } from '../../lib/session';
import './license-banner.css';

/** How often a signed-in device that is online asks the server about its licence (renewal, revocation). */
export const LICENSE_ONLINE_CHECK_MS = 15 * 60_000;

const currentState = (): LicenseBannerState =>
  licenseBannerState(license.getLicense() === null ? null : license.getExpiryMs(), Date.now(), {
    revoked: license.getRevokedAt() !== null,
  });

/** The banner state, re-read every 60 s and whenever the stored licence changes (this tab or another). */
function useLicenseBannerState(): LicenseBannerState {
  const [state, setState] = useState(currentState);
  useEffect(() => {
    const update = () => setState(currentState());
    const timer = setInterval(update, LICENSE_RECHECK_MS);
    const unsubscribe = license.subscribe(update);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  return state;
}

/** True once the banner has turned red while shown, until it leaves red. */
function useTurnedRed(tone: LicenseBannerState['tone']): boolean {
  const [previousTone, setPreviousTone] = useState(tone);
  const [turnedRed, setTurnedRed] = useState(false);
  if (tone !== previousTone) {
    setPreviousTone(tone);
    setTurnedRed(tone === 'red');
  }
  return tone === 'red' && turnedRed;
}

/** A stored licence with no cached public key, or one that names another key id (the key was replaced). */
function needsPublicKey(): boolean {
  const token = license.getLicense();
  if (token === null) return false;
  const key = license.getPublicKey();
  const kid = readDeviceLicense(token)?.header.kid;
  return key === null || (typeof key !== 'string' && kid !== undefined && key.kid !== kid);
}

/**
 * The online check; then, when the key to verify the licence offline is missing (its fetch failed when
 * the code was redeemed) or outdated, the key too, so that starting a cook-off works offline later.
 */
async function checkOnline(client: ApiClient): Promise<void> {
  const status = await checkLicenseOnline(client, license, session.getDeviceId());
  if (status === 'offline' || !needsPublicKey()) return;
  await fetchLicensePublicKey(client, license).catch(() => undefined);
}

/** Asks the server about this device's licence when mounted and every 15 minutes, if signed in and online. */
function useOnlineLicenseCheck(): void {
  const client = useApi();
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      if (navigator.onLine === false) return;
      void checkOnline(client);
    };
    check();
    const timer = setInterval(check, LICENSE_ONLINE_CHECK_MS);
    return () => clearInterval(timer);
  }, [client, signedIn]);
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function bannerText({ kind, days: left, graceDaysLeft }: LicenseBannerState): string | null {
  if (kind === 'revoked') return LICENSE_REVOKED_TEXT;
  if (kind === 'expiring') return `Your device licence expires in ${days(left ?? 0)}.`;
  if (kind === 'expired-grace')
    return `Your device licence has expired. ${days(graceDaysLeft ?? 0)} of grace left.`;
  if (kind === 'expired-beyond') return `Your device licence has expired — ${LICENSE_LIMITED_TEXT}.`;
  return null;
}

/**
 * The licence banner under the header (SPEC.md sections 2, 4 and 9): nothing without a licence or with
 * more than 7 days left; amber within 7 days of expiry; red once expired, with the grace days left, then
 * 'functionality may be limited'; red when the server revoked this device's licence (issue 23). Each
 * state links to /promo, coming back to this page.
 */
export function LicenseBanner() {
  const state = useLicenseBannerState();
  const turnedRed = useTurnedRed(state.tone);
  const { pathname } = useLocation();
  useOnlineLicenseCheck();
  const text = bannerText(state);
  if (text === null) return null;
  // Banner makes every red strip an alert; a licence already expired when the page opened is a standing
  // fact, so it is announced politely and only a change to red while open interrupts.
  const politeRed = state.tone === 'red' && !turnedRed ? { role: 'status' } : {};
  return (
    <Banner
      tone={state.tone}
      className="license-banner"
      data-kind={state.kind}
      action={
        <Link className="license-banner__link" to={`/promo?returnTo=${encodeURIComponent(pathname)}`}>
          Enter a promo code
        </Link>
      }
      {...politeRed}
    >
      <p>{text}</p>
    </Banner>
  );
}

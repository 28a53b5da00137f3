// Redeeming a promo code for this device (SPEC.md sections 5, 7 and 8): POST promo-codes/redeem, then the
// licensing public key (so that the licence verifies offline later), then the licence stored.
import {
  api,
  errorText,
  fetchLicensePublicKey,
  isApiError,
  license,
  LICENSING_CLIENT_TEXTS,
  NETWORK_ERROR_TEXT,
  session,
  type ApiClient,
  type LicenseStore,
} from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { NO_LICENSE_RETURNED, readRedeemedLicense, readText } from '../../domain';
import { PROMO_TEXT } from './messages';

/** Path of the redeem call (SPEC.md section 7). */
export const REDEEM_PATH = API_PATHS.promoCodeRedeem;
/** A redeem that has not been answered after this long fails (as the login call does). */
export const REDEEM_TIMEOUT_MS = 30_000;
/** The licence is stored without waiting longer than this for the public key (it still caches it later). */
export const PUBLIC_KEY_WAIT_MS = 10_000;

export type RedeemDeps = {
  /** The HTTP client (default the app's `api`). */
  client?: ApiClient;
  /** Where the licence is kept (default the app's `license` store). */
  store?: LicenseStore;
  /** This device's id (default the session's stored bbq_device_id). */
  deviceId?: () => string;
  /** How long to wait for the public key before storing the licence (default PUBLIC_KEY_WAIT_MS). */
  keyWaitMs?: number;
};

/** A redeem's outcome: on success the licence's expiry as the licence store reads it (epoch ms, or null). */
export type RedeemOutcome = { ok: true; expiryMs: number | null } | { ok: false; error: string };

/**
 * The text of a failed redeem (SPEC.md section 8): 'Error {status}: {server text, else the error's
 * message, else Redeem failed}' for an answer of the server; the contracts network text when the server
 * could not be reached; our timeout text when it did not answer in time.
 */
export function redeemErrorText(failure: unknown): string {
  const fallback = LICENSING_CLIENT_TEXTS.redeemFailed;
  if (!isApiError(failure)) return errorText(failure, fallback);
  if (failure.kind === 'network') return NETWORK_ERROR_TEXT;
  if (failure.kind === 'timeout') return PROMO_TEXT.timeout;
  return `Error ${failure.status}: ${errorText(failure, fallback)}`;
}

/**
 * Fetches and caches the public key, waiting at most `waitMs`. Never fails: offline, a failed call or a
 * slow one leave the key to a later fetch (a late answer is still cached when it comes).
 */
async function cachePublicKey(client: ApiClient, store: LicenseStore, waitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([fetchLicensePublicKey(client, store).then(() => undefined), gaveUp]);
  } catch {
    // The key call failed: the licence is stored all the same.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redeems `code` (already trimmed and upper-cased) for this device. On success the licensing public key
 * is fetched and cached first (a failure there does not stop the redeem: the licence is stored all the
 * same and verifies once the key is known), then the licence is stored with its expiry and the code; the
 * outcome gives that expiry. Nothing is stored when the server refuses or answers without a licence.
 */
export async function redeemPromoCode(
  code: string,
  {
    client = api,
    store = license,
    deviceId = () => session.getDeviceId(),
    keyWaitMs = PUBLIC_KEY_WAIT_MS,
  }: RedeemDeps = {},
): Promise<RedeemOutcome> {
  let body: unknown;
  try {
    body = await client.post(REDEEM_PATH, { code, device_id: deviceId() }, { timeoutMs: REDEEM_TIMEOUT_MS });
  } catch (failure) {
    return { ok: false, error: redeemErrorText(failure) };
  }
  const redeemed = readRedeemedLicense(body);
  if (!redeemed.ok) return redeemed;
  // The device licence is a signed token (a string); an object in its place cannot be verified offline.
  if (typeof redeemed.license !== 'string') return { ok: false, error: NO_LICENSE_RETURNED };

  await cachePublicKey(client, store, keyWaitMs);
  const expiresAt = readText((body as { expires_at?: unknown }).expires_at);
  store.save({ license: redeemed.license.trim(), expiresAt, promoCode: code });
  return { ok: true, expiryMs: store.getExpiryMs() };
}

import { API_PATHS } from '../api/paths';
import { api as defaultApi, type ApiClient } from '../http/api-client';
import { isApiError } from '../http/api-error';
import type { LicenseCheckResponse as CheckAnswer, LicenseJwk } from '../schemas/licensing-answers';
import { session } from '../session/session-store';
import { license as defaultLicense, type LicenseStore } from './license-store';

export type OnlineLicenseStatus = CheckAnswer['status'] | 'offline';

/**
 * The answers' schemas (zod/mini, and nothing else of the licensing schemas), loaded when first needed:
 * they come with the first licensing call of a signed-in device instead of with every first page (the
 * welcome page makes none).
 */
const schemas = () => import('../schemas/licensing-answers');

/** GET /licenses/public-key (public): caches the licensing service's JWK for offline checks and returns it. */
export async function fetchLicensePublicKey(
  client: ApiClient = defaultApi,
  store: LicenseStore = defaultLicense,
): Promise<LicenseJwk> {
  const { LicensePublicKeyResponse } = await schemas();
  const answer = await client.get(API_PATHS.licensePublicKey, {
    schema: LicensePublicKeyResponse,
    auth: false,
  });
  store.setPublicKey(answer.public_key);
  return answer.public_key;
}

function applyCheck(store: LicenseStore, answer: CheckAnswer, now: () => Date): void {
  if (answer.status === 'active' && answer.license) {
    store.save({ license: answer.license, expiresAt: answer.expires_at });
  } else if (answer.status === 'revoked') {
    // The time it was first learnt: a later check does not move it.
    store.markRevoked(store.getRevokedAt() ?? now().toISOString());
  } else if (answer.status === 'none') {
    store.clear();
  }
}

/**
 * POST /licenses/check: 'active' stores the renewed licence (lastPromoCode kept); 'revoked' and 'none'
 * drop the stored licence (how a revoked device learns of it), 'revoked' marking it revoked for the
 * banner and 'none' (another account on this device, say) forgetting a revocation; 'expired' keeps it for the banner's expired states. No answer (network, timeout, an error status, an answer of another shape): 'offline', and
 * nothing changes.
 */
export async function checkLicenseOnline(
  client: ApiClient = defaultApi,
  store: LicenseStore = defaultLicense,
  deviceId: string = session.getDeviceId(),
  now: () => Date = () => new Date(),
): Promise<OnlineLicenseStatus> {
  const { LicenseCheckResponse } = await schemas();
  let answer: CheckAnswer;
  try {
    answer = await client.post(
      API_PATHS.licenseCheck,
      { device_id: deviceId },
      { schema: LicenseCheckResponse },
    );
  } catch (error) {
    if (isApiError(error)) return 'offline';
    throw error;
  }
  applyCheck(store, answer, now);
  return answer.status;
}

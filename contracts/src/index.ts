// Public surface of @pitclock/contracts: schemas and types of the HTTP calls, the browser HTTP client,
// the session store, the device licence store and its checks. Shared by browser front ends and Node services: nothing here touches the DOM or
// Node at import time.

export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/licensing';

export { readLoginToken } from './session/login-token';
export { accountIdOf, readTokenClaims, tokenExpiry, isTokenValid } from './session/token';
export { createMemoryStorage, type StorageLike } from './session/memory-storage';
export {
  SESSION_KEYS,
  createDeviceId,
  createSessionStore,
  session,
  type SessionStore,
  type SessionStoreDeps,
  type SessionTokens,
} from './session/session-store';
export { LOGOUT_PATH, LOGOUT_TIMEOUT_MS, signOut, type SignOutDeps } from './session/sign-out';

export { API_BASE_GLOBAL, DEFAULT_API_BASE, apiUrl, getApiBase } from './http/api-url';
export {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_TEXT,
  errorField,
  errorText,
  isApiError,
  serverErrorText,
  type ApiErrorInit,
  type ApiErrorKind,
} from './http/api-error';
export { API_ERROR_CODES, type ApiErrorCode } from './http/error-codes';
export {
  LOGIN_ROUTE,
  REFRESH_PATH,
  REFRESH_TIMEOUT_MS,
  api,
  createApiClient,
  type AnswerSchema,
  type ApiClient,
  type ApiClientDeps,
  type BodylessOptions,
  type HttpMethod,
  type Query,
  type QueryValue,
  type RequestOptions,
} from './http/api-client';

export {
  LICENSE_GRACE_MS,
  LICENSE_LIMITED_TEXT,
  LICENSE_RECHECK_MS,
  LICENSE_REVOKED_TEXT,
  LICENSE_WARN_MS,
  licenseBannerState,
  parseLicenseExpiry,
  type LicenseBannerKind,
  type LicenseBannerState,
} from './license/license-rules';
export {
  LICENSE_KEYS,
  createLicenseStore,
  license,
  type LicenseSave,
  type LicenseStore,
  type LicenseStoreDeps,
  type StorageEventSource,
} from './license/license-store';
export {
  deviceLicenseStatus,
  type DeviceLicenseCheck,
  type DeviceLicenseRefusal,
  type DeviceLicenseStatus,
} from './license/license-status';
export {
  checkLicenseOnline,
  fetchLicensePublicKey,
  type OnlineLicenseStatus,
} from './license/license-online';

export * from './notifications/step-alert-protocol';

export { configureZodForBrowser } from './browser/zod-config';

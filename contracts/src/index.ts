// Public surface of @pitclock/contracts: schemas and types of the HTTP calls, the browser HTTP client,
// the session store. Shared by browser front ends and Node services: nothing here touches the DOM or
// Node at import time.

export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/licensing';

export { readLoginToken } from './session/login-token';
export { readTokenClaims, tokenExpiry, isTokenValid } from './session/token';
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

export { API_BASE_GLOBAL, DEFAULT_API_BASE, apiUrl, getApiBase } from './http/api-url';
export {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_TEXT,
  errorText,
  isApiError,
  serverErrorText,
  type ApiErrorInit,
  type ApiErrorKind,
} from './http/api-error';
export {
  LOGIN_ROUTE,
  REFRESH_PATH,
  REFRESH_TIMEOUT_MS,
  api,
  createApiClient,
  type ApiClient,
  type ApiClientDeps,
  type BodylessOptions,
  type HttpMethod,
  type Query,
  type QueryValue,
  type RequestOptions,
} from './http/api-client';

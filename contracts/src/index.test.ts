import { describe, expect, it } from 'vitest';
import * as contracts from './index';

describe('public surface of @pitclock/contracts', () => {
  it('exports the names other packages code against', () => {
    const names = [
      'ErrorBody',
      'VersionResponse',
      'BuildMeta',
      'HealthResponse',
      'ReadyResponse',
      'LoginRequest',
      'LoginResponse',
      'RegisterRequest',
      'RefreshRequest',
      'RefreshResponse',
      'MeResponse',
      'DeviceInfo',
      'readLoginToken',
      'AUTH_MESSAGES',
      'apiUrl',
      'getApiBase',
      'createSessionStore',
      'session',
      'tokenExpiry',
      'isTokenValid',
      'readTokenClaims',
      'createMemoryStorage',
      'createApiClient',
      'api',
      'ApiError',
      'errorText',
      'NETWORK_ERROR_TEXT',
    ];
    for (const name of names) expect(contracts, name).toHaveProperty(name);
  });

  it('has no side effects at import time: the default session and client are created on first use', () => {
    expect(typeof contracts.session.getToken).toBe('function');
    expect(typeof contracts.api.get).toBe('function');
  });
});

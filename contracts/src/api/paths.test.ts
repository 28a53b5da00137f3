import { describe, expect, it } from 'vitest';
import { API_PATHS, PATH_OWNERS, apiPath, ownerOf, toOpenApiPath } from './paths';

describe('API paths', () => {
  it('declares each path once, under one name and one owner', () => {
    const paths = Object.values(API_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    // A name repeated in two owners' groups would be silently overwritten when they are merged.
    expect(PATH_OWNERS.map((entry) => entry.path).sort()).toEqual([...paths].sort());
  });

  it('writes every path as an absolute Express path with named parameters', () => {
    for (const path of Object.values(API_PATHS)) {
      expect(path).toMatch(/^(\/[a-z0-9.-]+|\/:[a-zA-Z]+)+$/);
    }
  });

  it('says who answers a path', () => {
    expect(ownerOf(API_PATHS.user)).toBe('auth');
    expect(ownerOf(API_PATHS.userCredits)).toBe('licensing');
    expect(ownerOf(API_PATHS.pushRunSchedule)).toBe('notifier');
    expect(ownerOf(API_PATHS.version)).toBe('kit');
    expect(ownerOf(API_PATHS.apiDocs)).toBe('gateway');
  });

  it('fills parameters, percent-encoding each value', () => {
    expect(apiPath(API_PATHS.me)).toBe('/api/me');
    expect(apiPath(API_PATHS.user, { id: 7 })).toBe('/api/users/7');
    expect(apiPath(API_PATHS.userDeviceRevoke, { id: 7, deviceId: '12' })).toBe(
      '/api/users/7/licenses/12/revoke',
    );
    expect(apiPath(API_PATHS.pushRunSchedule, { runId: 'run 1/../x?' })).toBe(
      '/api/push/runs/run%201%2F..%2Fx%3F/schedule',
    );
  });

  it('gives the OpenAPI form of a path', () => {
    expect(toOpenApiPath(API_PATHS.userDeviceRestore)).toBe('/api/users/{id}/licenses/{deviceId}/restore');
    expect(toOpenApiPath(API_PATHS.login)).toBe('/api/login');
  });
});

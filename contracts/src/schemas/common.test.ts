import { describe, expect, it } from 'vitest';
import { BuildMeta, ErrorBody, HealthResponse, ReadyResponse, VersionResponse } from './common';

describe('common schemas', () => {
  it('ErrorBody is { error: code, message, details? }', () => {
    expect(ErrorBody.parse({ error: 'bad_request', message: 'Bad input' })).toEqual({
      error: 'bad_request',
      message: 'Bad input',
    });
    expect(ErrorBody.parse({ error: 'conflict', message: 'In use', details: { runs: 2 } }).details).toEqual({
      runs: 2,
    });
    expect(ErrorBody.safeParse({ message: 'no code' }).success).toBe(false);
    expect(ErrorBody.safeParse({ error: '', message: 'x' }).success).toBe(false);
  });

  it('VersionResponse needs version; commit and service are optional', () => {
    expect(VersionResponse.parse({ version: '1.2.3' })).toEqual({ version: '1.2.3' });
    expect(VersionResponse.parse({ version: '1.2.3', commit: 'abc', service: 'auth' }).service).toBe('auth');
    expect(VersionResponse.safeParse({ commit: 'abc' }).success).toBe(false);
  });

  it('BuildMeta needs version and buildTime', () => {
    expect(BuildMeta.parse({ version: '1.0.0', buildTime: '2025-01-01T00:00:00Z' }).buildTime).toBe(
      '2025-01-01T00:00:00Z',
    );
    expect(BuildMeta.safeParse({ version: '1.0.0' }).success).toBe(false);
  });

  it("HealthResponse is exactly status 'ok'", () => {
    expect(HealthResponse.parse({ status: 'ok' })).toEqual({ status: 'ok' });
    expect(HealthResponse.safeParse({ status: 'fine' }).success).toBe(false);
  });

  it("ReadyResponse has status ok|unavailable and checks of 'ok'|'fail'", () => {
    expect(
      ReadyResponse.parse({ status: 'unavailable', checks: { postgres: 'ok', redis: 'fail' } }).checks.redis,
    ).toBe('fail');
    expect(ReadyResponse.safeParse({ status: 'ok', checks: { postgres: 'down' } }).success).toBe(false);
    expect(ReadyResponse.safeParse({ status: 'degraded', checks: {} }).success).toBe(false);
  });
});

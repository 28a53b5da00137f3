import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@pitclock/contracts';
import { CLOUD_BACKUP_BASE_GLOBAL, cloudBackupBaseUrl, readApiKey, writeApiKey } from './cloud-config';

const globals = globalThis as Record<string, unknown>;
afterEach(() => {
  delete globals[CLOUD_BACKUP_BASE_GLOBAL];
});

describe('cloudBackupBaseUrl', () => {
  it('is JSONBin v3 by default', () => {
    expect(cloudBackupBaseUrl(createMemoryStorage())).toBe('https://api.jsonbin.io/v3');
  });

  it("takes the global __PITCLOCK_CLOUD_BACKUP_BASE__, and the localStorage setting 'cloudBackupBaseUrl' over it", () => {
    globals[CLOUD_BACKUP_BASE_GLOBAL] = 'http://127.0.0.1:9999/v3/';
    expect(cloudBackupBaseUrl(createMemoryStorage())).toBe('http://127.0.0.1:9999/v3');
    const storage = createMemoryStorage({ cloudBackupBaseUrl: 'https://bins.example.com/api/v3' });
    expect(cloudBackupBaseUrl(storage)).toBe('https://bins.example.com/api/v3');
  });

  it('reads the page localStorage by default, at each call', () => {
    expect(cloudBackupBaseUrl()).toBe('https://api.jsonbin.io/v3');
    localStorage.setItem('cloudBackupBaseUrl', 'http://localhost:4010');
    expect(cloudBackupBaseUrl()).toBe('http://localhost:4010');
  });

  it("ignores what is not an absolute http(s) URL (a relative one would reach PitClock's own origin)", () => {
    for (const value of ['/api', 'api.jsonbin.io/v3', 'ftp://x.example', 'javascript:alert(1)', ' ']) {
      globals[CLOUD_BACKUP_BASE_GLOBAL] = value;
      expect(cloudBackupBaseUrl(createMemoryStorage({ cloudBackupBaseUrl: value }))).toBe(
        'https://api.jsonbin.io/v3',
      );
    }
  });
});

describe('the API key', () => {
  it("is kept under 'cloudBackupApiKey', trimmed; a blank key removes it", () => {
    const storage = createMemoryStorage();
    expect(readApiKey(storage)).toBe('');
    writeApiKey(storage, ' $2a$10$key ');
    expect(storage.getItem('cloudBackupApiKey')).toBe('$2a$10$key');
    expect(readApiKey(storage)).toBe('$2a$10$key');
    writeApiKey(storage, '  ');
    expect(storage.getItem('cloudBackupApiKey')).toBeNull();
  });
});

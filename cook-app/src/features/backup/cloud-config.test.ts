import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { addBackupRef, readBackupRefs, readLocalCopy, saveLocalCopy } from './backup-refs';
import {
  CLOUD_BACKUP_BASE_GLOBAL,
  accountBackupStorage,
  cloudBackupBaseUrl,
  isLegacyBackupKey,
  readApiKey,
  writeApiKey,
} from './cloud-config';

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

describe("an account's cloud backup settings", () => {
  const at = '2026-06-01T15:00:00.000Z';

  it("keep the key, the references and the local copies under the account's names, apart from another's", () => {
    const page = createMemoryStorage();
    const a = accountBackupStorage('7', page);
    const b = accountBackupStorage('8', page);
    writeApiKey(a, 'key-of-7');
    addBackupRef(a, { binId: 'bin-1', uploadedAt: at, backupId: 'b1', filename: 'b1.json', isLocal: false });
    saveLocalCopy(a, { uploadedAt: at, backupId: 'b2', filename: 'b2.json' }, '{"x":1}');
    expect(page.getItem('PitClock-u7:cloudBackupApiKey')).toBe('key-of-7');
    expect(page.getItem('PitClock-u7:cloudBackupLocal:b2')).toBe('{"x":1}');
    expect(page.getItem('cloudBackupApiKey')).toBeNull();
    expect(readApiKey(b)).toBe('');
    expect(readBackupRefs(b)).toEqual([]);
    expect(() => readLocalCopy(b, 'b2')).toThrow();
    expect(
      readBackupRefs(a)
        .map((ref) => ref.backupId)
        .sort(),
    ).toEqual(['b1', 'b2']);
  });

  it("are the signed-in account's by default, and nobody's (an empty storage) while signed out", () => {
    session.setTokens({ token: makeJwt({ sub: '7' }) });
    writeApiKey(accountBackupStorage(), 'key-of-7');
    expect(localStorage.getItem('PitClock-u7:cloudBackupApiKey')).toBe('key-of-7');
    session.setTokens({ token: makeJwt({ sub: '8' }) });
    expect(readApiKey(accountBackupStorage())).toBe('');
    session.clear();
    expect(readApiKey(accountBackupStorage())).toBe('');
  });

  it('name the unsuffixed keys of older versions, which the first account claims (not the base URL)', () => {
    expect(['cloudBackupApiKey', 'cloudBackupRefs', 'cloudBackupLocal:b1'].every(isLegacyBackupKey)).toBe(
      true,
    );
    expect(['cloudBackupBaseUrl', 'PitClock-u7:cloudBackupApiKey', 'theme'].some(isLegacyBackupKey)).toBe(
      false,
    );
  });
});

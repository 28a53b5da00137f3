import { describe, expect, it } from 'vitest';
import { createMemoryStorage, type StorageLike } from '@pitclock/contracts';
import { BackupFailure } from './backup-failure';
import {
  addBackupRef,
  isQuotaError,
  readBackupRefs,
  readLocalCopy,
  saveLocalCopy,
  type CloudBackupRef,
} from './backup-refs';

/** An in-memory Storage whose writes fail once it holds more than `limit` characters (values only). */
function smallStorage(limit: number): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      const size = [...items].reduce((n, [k, v]) => n + (k === key ? 0 : v.length), 0) + value.length;
      if (size > limit) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

const at = (minute: number) => `2026-06-01T15:${String(minute).padStart(2, '0')}:00.000Z`;
const cloudRef = (minute: number): CloudBackupRef => ({
  binId: `bin-${minute}`,
  uploadedAt: at(minute),
  backupId: `b-${minute}`,
  filename: `PitClock-Backup-${minute}.json`,
  isLocal: false,
});

describe('the backup references', () => {
  it('keeps the newest 10, newest first', () => {
    const storage = createMemoryStorage();
    for (const minute of [5, 1, 12, 3, 9, 0, 7, 11, 2, 10, 4, 8, 6]) addBackupRef(storage, cloudRef(minute));
    const refs = readBackupRefs(storage);
    expect(refs.map((r) => r.binId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((m) => `bin-${m}`));
    expect(JSON.parse(storage.getItem('cloudBackupRefs') ?? '')).toEqual(refs);
  });

  it('stores binId, uploadedAt, backupId, filename and isLocal', () => {
    const storage = createMemoryStorage();
    addBackupRef(storage, cloudRef(1));
    expect(JSON.parse(storage.getItem('cloudBackupRefs') ?? '')).toEqual([
      {
        binId: 'bin-1',
        uploadedAt: at(1),
        backupId: 'b-1',
        filename: 'PitClock-Backup-1.json',
        isLocal: false,
      },
    ]);
  });

  it('reads nothing from a missing or damaged list and skips unreadable entries', () => {
    expect(readBackupRefs(createMemoryStorage())).toEqual([]);
    expect(readBackupRefs(createMemoryStorage({ cloudBackupRefs: '{nope' }))).toEqual([]);
    expect(readBackupRefs(createMemoryStorage({ cloudBackupRefs: '{"a":1}' }))).toEqual([]);
    const mixed = JSON.stringify([
      cloudRef(1),
      { uploadedAt: at(2), backupId: 'no-bin', isLocal: false },
      { binId: 'x', backupId: 'no-time' },
      'text',
      { uploadedAt: at(3), backupId: 'local-3', isLocal: true },
    ]);
    expect(readBackupRefs(createMemoryStorage({ cloudBackupRefs: mixed }))).toEqual([
      { uploadedAt: at(3), backupId: 'local-3', filename: 'local-3', isLocal: true },
      cloudRef(1),
    ]);
  });

  it('deletes the local copies of references that fall off the list', () => {
    const storage = createMemoryStorage();
    saveLocalCopy(storage, { uploadedAt: at(0), backupId: 'old', filename: 'old.json' }, '{"data":{}}');
    for (let minute = 1; minute <= 9; minute += 1) addBackupRef(storage, cloudRef(minute));
    expect(storage.getItem('cloudBackupLocal:old')).toBe('{"data":{}}');
    addBackupRef(storage, cloudRef(10));
    expect(storage.getItem('cloudBackupLocal:old')).toBeNull();
    expect(readBackupRefs(storage).some((r) => r.backupId === 'old')).toBe(false);
  });
});

describe('the local-only copies', () => {
  it('are kept under cloudBackupLocal:{backupId} with a local reference', () => {
    const storage = createMemoryStorage();
    const refs = saveLocalCopy(storage, { uploadedAt: at(1), backupId: 'b1', filename: 'f.json' }, '{"x":1}');
    expect(refs).toEqual([{ uploadedAt: at(1), backupId: 'b1', filename: 'f.json', isLocal: true }]);
    expect(readLocalCopy(storage, 'b1')).toBe('{"x":1}');
  });

  it("a missing copy is 'Local backup not found'", () => {
    expect(() => readLocalCopy(createMemoryStorage(), 'gone')).toThrow(
      new BackupFailure('Local backup not found'),
    );
  });

  it("a full storage is 'Local cloud storage is full. Please clear some data.' and nothing is kept", () => {
    const storage = smallStorage(300);
    addBackupRef(storage, cloudRef(1));
    const before = new Map(storage.items);
    expect(() =>
      saveLocalCopy(storage, { uploadedAt: at(2), backupId: 'big', filename: 'big.json' }, 'x'.repeat(400)),
    ).toThrow(new BackupFailure('Local cloud storage is full. Please clear some data.'));
    expect(storage.items).toEqual(before);
  });

  it('a copy that fits but whose reference does not is removed again', () => {
    const storage = smallStorage(140);
    expect(() =>
      saveLocalCopy(storage, { uploadedAt: at(2), backupId: 'b', filename: 'b.json' }, 'x'.repeat(100)),
    ).toThrow('Local cloud storage is full. Please clear some data.');
    expect(storage.items.size).toBe(0);
  });

  it('recognises the quota errors of the browsers', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
  });

  it('another storage failure has its own text', () => {
    const storage: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {},
    };
    expect(() =>
      saveLocalCopy(storage, { uploadedAt: at(1), backupId: 'b', filename: 'b.json' }, '{}'),
    ).toThrow('Could not save the backup on this device.');
  });
});

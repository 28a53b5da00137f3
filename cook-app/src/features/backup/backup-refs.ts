// The device's list of backup references (SPEC.md section 3: binId, uploadedAt, backupId, filename,
// isLocal; section 9: at most 10, the newest kept) and the local-only backup copies, both in localStorage.
import type { StorageLike } from '@pitclock/contracts';
import { keepNewestBackupRefs } from '../../domain/backup';
import { BackupFailure } from './backup-failure';
import { CLOUD_BACKUP_KEYS } from './cloud-config';
import { BACKUP_TEXT } from './messages';

export type CloudBackupRef = {
  /** The bin of a cloud backup (absent for a local-only copy). */
  binId?: string;
  uploadedAt: string;
  backupId: string;
  filename: string;
  /** A copy kept in this device's localStorage only. */
  isLocal: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A storage write that failed because the storage is full (names and codes of the browsers). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

/** Writes one item; a full storage fails with 'Local cloud storage is full. Please clear some data.'. */
function write(storage: StorageLike, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    throw new BackupFailure(isQuotaError(error) ? BACKUP_TEXT.localFull : BACKUP_TEXT.localSaveFailed);
  }
}

function readRef(value: unknown): CloudBackupRef | null {
  if (!isRecord(value) || !isText(value.uploadedAt) || !isText(value.backupId)) return null;
  const isLocal = value.isLocal === true;
  if (!isLocal && !isText(value.binId)) return null;
  const ref: CloudBackupRef = {
    uploadedAt: value.uploadedAt,
    backupId: value.backupId,
    filename: isText(value.filename) ? value.filename : value.backupId,
    isLocal,
  };
  if (isText(value.binId)) ref.binId = value.binId;
  return ref;
}

/** The stored references, newest first (unreadable entries are skipped). */
export function readBackupRefs(storage: StorageLike): CloudBackupRef[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(CLOUD_BACKUP_KEYS.refs) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return keepNewestBackupRefs(stored.map(readRef).filter((ref): ref is CloudBackupRef => ref !== null));
}

const localCopyKey = (backupId: string) => `${CLOUD_BACKUP_KEYS.localCopyPrefix}${backupId}`;

/**
 * Adds a reference and keeps the newest 10; the local copies of references that fall off the list are
 * deleted with them. Returns the new list.
 */
export function addBackupRef(storage: StorageLike, added: CloudBackupRef): CloudBackupRef[] {
  const before = readBackupRefs(storage);
  const kept = keepNewestBackupRefs(before, added);
  write(storage, CLOUD_BACKUP_KEYS.refs, JSON.stringify(kept));
  const keptIds = new Set(kept.map((ref) => ref.backupId));
  for (const ref of [...before, added]) {
    if (ref.isLocal && !keptIds.has(ref.backupId)) storage.removeItem(localCopyKey(ref.backupId));
  }
  return kept;
}

/**
 * Keeps a backup in this device's localStorage and adds its reference. A full storage fails with
 * 'Local cloud storage is full. Please clear some data.' and leaves nothing behind.
 */
export function saveLocalCopy(
  storage: StorageLike,
  ref: Omit<CloudBackupRef, 'isLocal' | 'binId'>,
  json: string,
): CloudBackupRef[] {
  const key = localCopyKey(ref.backupId);
  write(storage, key, json);
  try {
    return addBackupRef(storage, { ...ref, isLocal: true });
  } catch (failure) {
    storage.removeItem(key);
    throw failure;
  }
}

/** The JSON text of a local copy; 'Local backup not found' when it is gone. */
export function readLocalCopy(storage: StorageLike, backupId: string): string {
  let json: string | null;
  try {
    json = storage.getItem(localCopyKey(backupId));
  } catch {
    json = null;
  }
  if (json === null) throw new BackupFailure(BACKUP_TEXT.localNotFound);
  return json;
}

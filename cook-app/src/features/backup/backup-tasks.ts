// What the backup controls do, step by step, without React: each task reports its stages (for the
// progress bar) and resolves with the text of its outcome, or rejects with a BackupFailure carrying the
// text the user sees. The store's exportBackup and importRestore do the data work; a restore changes the
// store in one action or not at all.
import type { StorageLike } from '@pitclock/contracts';
import { BACKUP_ERRORS, backupFileName, parseBackup, type BackupFile } from '../../domain/backup';
import { operationMessage } from '../../lib/operation-message';
import {
  exportBackup,
  FAILURE_MESSAGES,
  importRestore,
  type CookDispatch,
  type RestoreMode,
} from '../../store';
import { BackupFailure, failureText } from './backup-failure';
import { addBackupRef, readLocalCopy, saveLocalCopy, type CloudBackupRef } from './backup-refs';
import { createBin, readBin } from './cloud-client';
import { BACKUP_TEXT } from './messages';

export type BackupStage = keyof typeof BACKUP_TEXT.stages;
/**
 * Tells which stage a task has reached. Tasks await it: the UI may wait for the next frame, so that the
 * stage is painted before blocking work (parsing a large file) starts.
 */
export type ReportStage = (stage: BackupStage) => void | Promise<void>;

/** Saves a file for the user (a download in the browser; tests capture the Blob). */
export type SaveFile = (file: Blob, fileName: string) => void | Promise<void>;

/** The stages of each task, in order; every task ends with 'done'. */
export const TASK_STAGES = {
  download: ['prepare', 'save', 'done'],
  upload: ['prepare', 'upload', 'done'],
  saveLocal: ['prepare', 'store', 'done'],
  restoreFile: ['read', 'validate', 'apply', 'done'],
  restoreStored: ['download', 'validate', 'apply', 'done'],
} as const satisfies Record<string, readonly BackupStage[]>;

export type BackupDeps = {
  dispatch: CookDispatch;
  /** Where the API key, the references and the local copies live (localStorage). */
  storage: StorageLike;
  saveFile: SaveFile;
  deviceId: () => string;
  newId: () => string;
  /** The cloud service's base URL, read when a call is made. */
  cloudBaseUrl: () => string;
  fetch?: typeof fetch;
  cloudTimeoutMs?: number;
};

/** Where a restore reads its backup from. */
export type RestoreSource =
  { kind: 'file'; file: File } | { kind: 'cloud'; binId: string } | { kind: 'local'; backupId: string };

/** The name a restore source is shown with. */
export function sourceName(source: RestoreSource, refs: readonly CloudBackupRef[] = []): string {
  if (source.kind === 'file') return source.file.name;
  const ref = refs.find((r) =>
    source.kind === 'cloud'
      ? !r.isLocal && r.binId === source.binId
      : r.isLocal && r.backupId === source.backupId,
  );
  if (ref) return ref.filename;
  return source.kind === 'cloud' ? BACKUP_TEXT.binLabel(source.binId) : source.backupId;
}

/** The store's backup of every store ('Failed to create the backup.' when it cannot be made). */
async function prepare(deps: BackupDeps, report: ReportStage): Promise<BackupFile> {
  await report('prepare');
  try {
    return await deps.dispatch(exportBackup()).unwrap();
  } catch (failure) {
    throw new BackupFailure(operationMessage(failure, FAILURE_MESSAGES.exportBackup));
  }
}

/** The cloud variant of a backup: with deviceId, uploadedAt and backupId (SPEC.md section 3). */
function cloudVariant(
  deps: BackupDeps,
  backup: BackupFile,
): BackupFile & Required<Pick<BackupFile, 'backupId'>> {
  return { ...backup, deviceId: deps.deviceId(), uploadedAt: backup.timestamp, backupId: deps.newId() };
}

/** Downloads 'PitClock-Backup-{timestamp}.json' (SPEC.md sections 3 and 9). */
export async function downloadBackupFile(deps: BackupDeps, report: ReportStage): Promise<string> {
  const backup = await prepare(deps, report);
  await report('save');
  const fileName = backupFileName(backup.timestamp);
  try {
    await deps.saveFile(new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }), fileName);
  } catch {
    throw new BackupFailure(FAILURE_MESSAGES.downloadBackup);
  }
  await report('done');
  return BACKUP_TEXT.downloaded(fileName);
}

/** Creates a bin with the backup and keeps its reference. */
export async function uploadBackup(deps: BackupDeps, apiKey: string, report: ReportStage): Promise<string> {
  if (apiKey.trim() === '') throw new BackupFailure(BACKUP_TEXT.apiKeyRequired);
  const file = cloudVariant(deps, await prepare(deps, report));
  const filename = backupFileName(file.timestamp);
  await report('upload');
  const binId = await createBin(
    {
      baseUrl: deps.cloudBaseUrl(),
      apiKey: apiKey.trim(),
      fetch: deps.fetch,
      timeoutMs: deps.cloudTimeoutMs,
    },
    filename,
    file,
  );
  addBackupRef(deps.storage, {
    binId,
    uploadedAt: file.timestamp,
    backupId: file.backupId,
    filename,
    isLocal: false,
  });
  await report('done');
  return BACKUP_TEXT.uploaded(binId);
}

/** Keeps the backup in this device's localStorage only (no request is made). */
export async function saveLocalBackup(deps: BackupDeps, report: ReportStage): Promise<string> {
  const file = cloudVariant(deps, await prepare(deps, report));
  await report('store');
  saveLocalCopy(
    deps.storage,
    { uploadedAt: file.timestamp, backupId: file.backupId, filename: backupFileName(file.timestamp) },
    JSON.stringify(file),
  );
  await report('done');
  return BACKUP_TEXT.savedLocal;
}

async function readSource(
  deps: BackupDeps,
  source: RestoreSource,
  apiKey: string,
  report: ReportStage,
): Promise<unknown> {
  if (source.kind === 'file') {
    await report('read');
    try {
      return await source.file.text();
    } catch {
      throw new BackupFailure(BACKUP_TEXT.readFileFailed);
    }
  }
  await report('download');
  if (source.kind === 'local') return readLocalCopy(deps.storage, source.backupId);
  if (apiKey.trim() === '') throw new BackupFailure(BACKUP_TEXT.apiKeyRequired);
  return readBin(
    {
      baseUrl: deps.cloudBaseUrl(),
      apiKey: apiKey.trim(),
      fetch: deps.fetch,
      timeoutMs: deps.cloudTimeoutMs,
    },
    source.binId,
  );
}

/** The backup as a value, checked whole before anything is written. */
function validate(content: unknown): unknown {
  let json = content;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json) as unknown;
    } catch {
      throw new BackupFailure(BACKUP_ERRORS.fileFormat);
    }
  }
  const parsed = parseBackup(json);
  if (!parsed.ok) throw new BackupFailure(parsed.error);
  return json;
}

/**
 * Restores a backup (download -> validate -> apply). Every failure is 'Restore failed: {text}', and the
 * store is then exactly as it was.
 */
export async function restoreBackup(
  deps: BackupDeps,
  source: RestoreSource,
  mode: RestoreMode,
  apiKey: string,
  report: ReportStage,
): Promise<string> {
  try {
    const content = await readSource(deps, source, apiKey, report);
    await report('validate');
    const json = validate(content);
    await report('apply');
    try {
      await deps.dispatch(importRestore({ json, mode })).unwrap();
    } catch (failure) {
      throw new BackupFailure(operationMessage(failure, FAILURE_MESSAGES.restore));
    }
    await report('done');
    return BACKUP_TEXT.restored(mode);
  } catch (failure) {
    throw new BackupFailure(BACKUP_TEXT.restoreFailed(failureText(failure, FAILURE_MESSAGES.restore)));
  }
}

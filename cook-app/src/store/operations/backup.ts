import type { BackupFile } from '../../domain/backup';
import { dataReplaced } from '../actions';
import { FAILURE_MESSAGES, STORE_MESSAGES } from '../messages';
import type { Canonicalise } from '../records';
import { planSeed } from '../seed';
import { selectCookData, selectTemplatesWithUsage } from '../selectors';
import { defineOperation, fail } from '../thunk';
import { STORE_NAMES, type CookData, type StoreName } from '../types';
import { applyChanges } from './apply-changes';

// The backup format (and its checks) is loaded only when a backup is made or restored, so that it
// stays out of the first screen's JavaScript.
const loadBackupFormat = () => import('../../domain/backup');

/**
 * The backup of every store: { version, timestamp, app_version, data: { <store>: records } }.
 * Templates carry their usage counts, as in SPEC.md's field list.
 */
export const exportBackup = defineOperation<BackupFile>(
  'backup/export',
  FAILURE_MESSAGES.exportBackup,
  async (_arg, { getState, now, extra }) => {
    const { buildBackup } = await loadBackupFormat();
    const data = { ...selectCookData(getState()), templates: selectTemplatesWithUsage(getState()) };
    return buildBackup(data, { nowIso: now, appVersion: extra.appVersion });
  },
);

/**
 * Saves a backup as 'PitClock-Backup-{timestamp}.json' through a download link (browser only); without
 * a backup it exports one first. Resolves with the file name.
 */
export const downloadBackup = defineOperation<string, BackupFile | void>(
  'backup/download',
  FAILURE_MESSAGES.downloadBackup,
  async (given, { dispatch }) => {
    const { backupFileName } = await loadBackupFormat();
    const backup = given ? given : await dispatch(exportBackup()).unwrap();
    const fileName = backupFileName(backup.timestamp);
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }),
    );
    try {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 0);
    }
    return fileName;
  },
);

export type RestoreMode = 'overwrite' | 'merge';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True when the file declares no version, or a whole number from 1 to `current` (older files are read
 * with the tolerant readers). A version from a newer app, or one that is not a number, is refused: its
 * records may mean something this app does not know. Both the main format's `version` and the export
 * variant's `meta.version` are checked; a numeric text ('15') counts as its number.
 */
function isSupportedVersion(file: unknown, current: number): boolean {
  if (!isObject(file)) return true;
  const declared = [file.version, isObject(file.meta) ? file.meta.version : undefined];
  return declared.every((version) => {
    if (version === undefined || version === null) return true;
    const n = typeof version === 'string' && version.trim() !== '' ? Number(version) : version;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= current;
  });
}

export type RestoreResult = {
  mode: RestoreMode;
  format: 'backup' | 'export';
  counts: Record<StoreName, number>;
};

/**
 * Restores a backup (its JSON text or parsed value) in the main format or the five-store export
 * variant. 'overwrite' replaces every store the file holds; 'merge' adds and replaces records by id.
 * The whole file is checked first ('Invalid backup file format', 'Invalid backup payload', 'Invalid
 * backup data format', and 'Unsupported backup version' for a version above 15 or not a number), then
 * the new state is applied in one action, reseeded, so the store is never half-restored: on any error
 * the state before the restore remains.
 */
export const importRestore = defineOperation<RestoreResult, { json: unknown; mode: RestoreMode }>(
  'backup/importRestore',
  FAILURE_MESSAGES.restore,
  async ({ json, mode }, { getState, dispatch, now, newId, extra }) => {
    const [{ BACKUP_ERRORS, BACKUP_VERSION, mergeBackup, parseBackup }, { canonicalise }] = await Promise.all(
      [loadBackupFormat(), import('../records')],
    );
    let file = json;
    if (typeof file === 'string') {
      try {
        file = JSON.parse(file) as unknown;
      } catch {
        fail(BACKUP_ERRORS.fileFormat);
      }
    }
    if (!isSupportedVersion(file, BACKUP_VERSION)) fail(STORE_MESSAGES.unsupportedBackupVersion);
    const parsed = parseBackup(file);
    if (!parsed.ok) fail(parsed.error);

    const incoming: Partial<CookData> = {};
    for (const store of STORE_NAMES) {
      const records = parsed.data[store];
      if (!records) continue;
      const read = canonicalise[store] as Canonicalise<typeof store>;
      const list = records.map((record) => read(record, now) ?? fail(BACKUP_ERRORS.dataFormat));
      Object.assign(incoming, { [store]: list });
    }

    const merged = mergeBackup(
      selectCookData(getState()),
      incoming,
      mode === 'merge' ? 'merge' : 'overwrite',
    ) as CookData;
    const seed = planSeed(merged, { now, newId });
    const data = applyChanges(merged, seed.changes);
    const seededAt = getState().appMeta.seededAt ?? now;
    dispatch(dataReplaced({ data, meta: { seededAt } }));
    // "Backup restored" promises the data is kept: a reload right after must not bring back the old data.
    await extra.persistence.flush();

    const counts = Object.fromEntries(STORE_NAMES.map((store) => [store, data[store].length])) as Record<
      StoreName,
      number
    >;
    return { mode, format: parsed.format, counts };
  },
);

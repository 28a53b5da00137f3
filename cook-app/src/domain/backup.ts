// The backup file format (SPEC.md sections 3, 5 and 9). Imported lazily by the store (restore and export
// are not on the first screen), so it is not re-exported from domain/index.ts. Pure: the clock is a
// parameter; no zod (hand-written checks are smaller and the file shape is simple).
//
// Main format:    { version: 15, timestamp, app_version, data: { <store>: record[] } }
//                 (+ deviceId, uploadedAt, backupId in the cloud variant; read and ignored on import).
// Export variant: { meta: {...}, contests: [], templates: [], template_steps: [], categories: [],
//                 contest_templates: [] } - the five stores a user builds (the cook-offs, templates with
//                 their steps, their categories and attachments); runs, notes, weather and the seeded
//                 sanctioning bodies are not part of it. The five stores may also sit under `data`.
//
// parseBackup validates the whole file before anything is returned, so a caller that only writes after an
// ok result never half-restores:
// - 'Invalid backup file format': not JSON, not an object, or neither a `data` object nor the export variant;
// - 'Invalid backup payload': a store that is not a list, or no known store at all;
// - 'Invalid backup data format': a record that is not an object or has no id (contest_environment: no
//   contest_id; run_steps: id or step_id).
// Unknown stores are ignored; a store given as null counts as absent. Records are normalised with the
// tolerant readers (readers.ts), which leave normalised records unchanged.
import { OFFLINE_DB, OFFLINE_STORES } from '@pitclock/contracts/offline-db';
import {
  isRecord,
  normaliseContest,
  normaliseRunStep,
  normaliseTemplate,
  normaliseTemplateStep,
  readId,
  readRunStepId,
  type AnyRecord,
} from './readers';

/** A backup carries the version of the persisted state it was taken from. */
export const BACKUP_VERSION = OFFLINE_DB.version;
/** Every store of the offline database, in its order (store/types.ts's STORE_NAMES are the same list). */
export const BACKUP_STORES = OFFLINE_STORES;
export type BackupStore = (typeof BACKUP_STORES)[number];
export const EXPORT_VARIANT_STORES = [
  'contests',
  'templates',
  'template_steps',
  'categories',
  'contest_templates',
] as const satisfies readonly BackupStore[];

export const BACKUP_ERRORS = {
  fileFormat: 'Invalid backup file format',
  payload: 'Invalid backup payload',
  dataFormat: 'Invalid backup data format',
} as const;
export type BackupError = (typeof BACKUP_ERRORS)[keyof typeof BACKUP_ERRORS];

/** At most 10 cloud backup references are kept, the newest. */
export const MAX_BACKUP_REFS = 10;

export type BackupData = Partial<Record<BackupStore, AnyRecord[]>>;
export type BackupFile = {
  version: number;
  timestamp: string;
  app_version: string;
  data: Record<BackupStore, AnyRecord[]>;
  deviceId?: string;
  uploadedAt?: string;
  backupId?: string;
};
export type ParsedBackup =
  | {
      ok: true;
      format: 'backup' | 'export';
      version: number | null;
      timestamp: string | null;
      data: BackupData;
    }
  | { ok: false; error: BackupError };

const STORE_SET: ReadonlySet<string> = new Set(BACKUP_STORES);

/** The field a store's records are identified by when merging. */
function recordKey(store: BackupStore, record: AnyRecord): string | null {
  const id =
    store === 'contest_environment'
      ? readId(record.contest_id)
      : store === 'run_steps'
        ? readRunStepId(record)
        : readId(record.id);
  return id === null ? null : String(id);
}

const NORMALISERS: Partial<Record<BackupStore, (r: AnyRecord) => AnyRecord>> = {
  templates: normaliseTemplate,
  template_steps: normaliseTemplateStep,
  contests: normaliseContest,
  run_steps: normaliseRunStep,
};

/** The backup of every store (missing stores written as empty lists). */
export function buildBackup(
  data: BackupData,
  options: { nowIso: string; appVersion: string; deviceId?: string; uploadedAt?: string; backupId?: string },
): BackupFile {
  const stores = {} as Record<BackupStore, AnyRecord[]>;
  for (const store of BACKUP_STORES) stores[store] = [...(data[store] ?? [])];
  const file: BackupFile = {
    version: BACKUP_VERSION,
    timestamp: options.nowIso,
    app_version: options.appVersion,
    data: stores,
  };
  if (options.deviceId !== undefined) file.deviceId = options.deviceId;
  if (options.uploadedAt !== undefined) file.uploadedAt = options.uploadedAt;
  if (options.backupId !== undefined) file.backupId = options.backupId;
  return file;
}

/** 'PitClock-Backup-{timestamp}.json' with the timestamp made safe for file names (':' and '.' -> '-'). */
export function backupFileName(nowIso: string): string {
  return `PitClock-Backup-${nowIso.replace(/[:.]/g, '-').replace(/[^0-9A-Za-z_+-]/g, '')}.json`;
}

function readStores(
  source: AnyRecord,
  stores: readonly BackupStore[],
): { data: BackupData } | { error: BackupError } {
  const data: BackupData = {};
  let found = 0;
  for (const store of stores) {
    const list = source[store];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) return { error: BACKUP_ERRORS.payload };
    found += 1;
    const normalise = NORMALISERS[store];
    const records: AnyRecord[] = [];
    for (const item of list) {
      if (!isRecord(item) || recordKey(store, item) === null) return { error: BACKUP_ERRORS.dataFormat };
      records.push(normalise ? normalise(item) : item);
    }
    data[store] = records;
  }
  return found === 0 ? { error: BACKUP_ERRORS.payload } : { data };
}

/** Reads a backup (a parsed JSON value or its text) in the main format or the five-store export variant. */
export function parseBackup(json: unknown): ParsedBackup {
  let file = json;
  if (typeof file === 'string') {
    try {
      file = JSON.parse(file) as unknown;
    } catch {
      return { ok: false, error: BACKUP_ERRORS.fileFormat };
    }
  }
  if (!isRecord(file)) return { ok: false, error: BACKUP_ERRORS.fileFormat };
  const version = typeof file.version === 'number' && Number.isFinite(file.version) ? file.version : null;
  const timestamp = typeof file.timestamp === 'string' ? file.timestamp : null;

  if (file.data !== undefined) {
    if (!isRecord(file.data)) return { ok: false, error: BACKUP_ERRORS.fileFormat };
    const isExport =
      isRecord(file.meta) &&
      !Object.keys(file.data).some(
        (k) => STORE_SET.has(k) && !(EXPORT_VARIANT_STORES as readonly string[]).includes(k),
      );
    const read = readStores(file.data, BACKUP_STORES);
    if ('error' in read) return { ok: false, error: read.error };
    return { ok: true, format: isExport ? 'export' : 'backup', version, timestamp, data: read.data };
  }
  if (isRecord(file.meta)) {
    const read = readStores(file, EXPORT_VARIANT_STORES);
    if ('error' in read) return { ok: false, error: read.error };
    const metaTimestamp =
      typeof file.meta.timestamp === 'string'
        ? file.meta.timestamp
        : typeof file.meta.exported_at === 'string'
          ? file.meta.exported_at
          : timestamp;
    const metaVersion = typeof file.meta.version === 'number' ? file.meta.version : version;
    return { ok: true, format: 'export', version: metaVersion, timestamp: metaTimestamp, data: read.data };
  }
  return { ok: false, error: BACKUP_ERRORS.fileFormat };
}

/**
 * Applies a parsed backup to the current data, pure.
 * - 'overwrite': every store present in the backup replaces the current one; stores the backup does not
 *   hold (the export variant's other five) are kept as they are.
 * - 'merge': records are matched by id (contest_environment by contest_id; run_steps by id or step_id;
 *   1 and '1' are the same id). Decision: the incoming record wins (restoring means "bring these back");
 *   current records keep their place, new ones are appended in backup order; a backup holding an id twice
 *   contributes its last copy.
 */
export function mergeBackup(
  current: BackupData,
  incoming: BackupData,
  mode: 'overwrite' | 'merge',
): BackupData {
  const out: BackupData = { ...current };
  for (const store of BACKUP_STORES) {
    const records = incoming[store];
    if (records === undefined) continue;
    if (mode === 'overwrite') {
      out[store] = [...records];
      continue;
    }
    const byKey = new Map<string, AnyRecord>();
    for (const record of records) {
      const key = recordKey(store, record);
      if (key !== null) byKey.set(key, record);
    }
    const merged: AnyRecord[] = [];
    for (const record of current[store] ?? []) {
      const key = recordKey(store, record);
      const replacement = key === null ? undefined : byKey.get(key);
      if (replacement && key !== null) {
        merged.push(replacement);
        byKey.delete(key);
      } else merged.push(record);
    }
    for (const record of byKey.values()) merged.push(record);
    out[store] = merged;
  }
  return out;
}

export type BackupRef = {
  binId?: string;
  uploadedAt: string;
  backupId?: string;
  filename?: string;
  isLocal?: boolean;
};

/** Adds a cloud backup reference and keeps the newest 10 by uploadedAt (newest first). */
export function keepNewestBackupRefs<T extends BackupRef>(refs: readonly T[], added?: T): T[] {
  const all = added ? [added, ...refs] : [...refs];
  const time = (r: T) => {
    const ms = Date.parse(r.uploadedAt);
    return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
  };
  return all
    .map((r, i) => ({ r, i }))
    .sort((a, b) => time(b.r) - time(a.r) || a.i - b.i)
    .slice(0, MAX_BACKUP_REFS)
    .map(({ r }) => r);
}

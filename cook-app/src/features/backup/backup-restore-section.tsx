import { useMemo, useState } from 'react';
import { session, type StorageLike } from '@pitclock/contracts';
import { FAILURE_MESSAGES, useCookDispatch, type RestoreMode } from '../../store';
import { deviceTimeZone } from '../../lib/display-prefs';
import { BackupProgress } from './backup-progress';
import { readBackupRefs, type CloudBackupRef } from './backup-refs';
import {
  downloadBackupFile,
  restoreBackup,
  saveLocalBackup,
  sourceName,
  TASK_STAGES,
  uploadBackup,
  type BackupDeps,
  type BackupStage,
  type ReportStage,
  type RestoreSource,
  type SaveFile,
} from './backup-tasks';
import { CloudBackup } from './cloud-backup';
import {
  accountBackupStorage,
  cloudBackupBaseUrl,
  pageStorage,
  readApiKey,
  writeApiKey,
} from './cloud-config';
import { FileBackup } from './file-backup';
import { BACKUP_TEXT } from './messages';
import { RestoreDialog } from './restore-dialog';
import { saveFileWithLink } from './save-file';
import { useBackupTask, type TaskOrigin } from './use-backup-task';
import './backup.css';

export type BackupRestoreSectionProps = {
  /** Saves the backup file; default a browser download. Tests capture the Blob here. */
  saveFile?: SaveFile;
  /**
   * Where the API key, the backup references and the local-only copies live; default the signed-in
   * account's keys in localStorage (accountBackupStorage).
   */
  storage?: StorageLike;
  /**
   * The cloud service's base URL; default read at each call from the localStorage setting
   * 'cloudBackupBaseUrl', else the global __PITCLOCK_CLOUD_BACKUP_BASE__, else https://api.jsonbin.io/v3.
   */
  cloudBaseUrl?: string;
  /** Default the page's fetch. */
  fetch?: typeof fetch;
  /** Default 30 s. */
  cloudTimeoutMs?: number;
  /** Default the session's device id (written into cloud backups). */
  deviceId?: () => string;
  /** Ids of cloud backups (backupId); default random UUIDs. */
  newId?: () => string;
  /** Zone the backup times are shown in; default the device's. */
  timeZone?: string;
};

const pageDeviceId = () => session.getDeviceId();
const randomId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Settings' backup and restore (SPEC.md section 2, "file and cloud"): download a backup file, restore
 * from a file, upload to a JSONBin-compatible cloud service with the user's own key or keep a copy on this
 * device, and restore from one of the newest 10 backups or a bin ID. Every restore asks first (overwrite
 * or merge) and changes the data in one step or not at all. Rendered inside the Settings section
 * 'Backup and restore' (the caller gives the heading).
 */
export function BackupRestoreSection({
  saveFile = saveFileWithLink,
  storage: givenStorage,
  cloudBaseUrl,
  fetch: fetchImpl,
  cloudTimeoutMs,
  deviceId = pageDeviceId,
  newId = randomId,
  timeZone = deviceTimeZone(),
}: BackupRestoreSectionProps) {
  const dispatch = useCookDispatch();
  const storage = useMemo(() => givenStorage ?? accountBackupStorage(), [givenStorage]);
  const [apiKey, setApiKey] = useState(() => readApiKey(storage));
  const [refs, setRefs] = useState<CloudBackupRef[]>(() => readBackupRefs(storage));
  const [pending, setPending] = useState<RestoreSource | null>(null);
  const { task, busy, start } = useBackupTask();

  // The base URL is the device's setting, not the account's.
  const baseUrl = () => cloudBaseUrl ?? cloudBackupBaseUrl(givenStorage ?? pageStorage());
  const deps: BackupDeps = {
    dispatch,
    storage,
    saveFile,
    deviceId,
    newId,
    cloudBaseUrl: baseUrl,
    fetch: fetchImpl,
    cloudTimeoutMs,
  };
  const progressOf = (origin: TaskOrigin) =>
    task?.origin === origin ? <BackupProgress task={task} /> : null;
  const rereadRefs = () => setRefs(readBackupRefs(storage));

  const changeApiKey = (key: string) => {
    setApiKey(key);
    writeApiKey(storage, key);
  };

  const backup = (
    origin: TaskOrigin,
    stages: readonly BackupStage[],
    work: (report: ReportStage) => Promise<string>,
  ) =>
    void start(
      { origin, label: BACKUP_TEXT.backupProgress, stages, fallback: FAILURE_MESSAGES.exportBackup },
      work,
    );

  const restore = (mode: RestoreMode) => {
    const source = pending;
    setPending(null);
    if (!source) return;
    void start(
      {
        origin: source.kind === 'file' ? 'file' : 'cloud',
        label: BACKUP_TEXT.restoreProgress,
        stages: source.kind === 'file' ? TASK_STAGES.restoreFile : TASK_STAGES.restoreStored,
        fallback: BACKUP_TEXT.restoreFailed(FAILURE_MESSAGES.restore),
      },
      (report) => restoreBackup(deps, source, mode, apiKey, report),
    );
  };

  return (
    <div className="pc-backup">
      <FileBackup
        busy={busy}
        onDownload={() => backup('file', TASK_STAGES.download, (report) => downloadBackupFile(deps, report))}
        onChooseFile={(file) => setPending({ kind: 'file', file })}
        progress={progressOf('file')}
      />
      <CloudBackup
        apiKey={apiKey}
        onApiKeyChange={changeApiKey}
        baseUrl={baseUrl()}
        refs={refs}
        busy={busy}
        onUpload={() =>
          backup('cloud', TASK_STAGES.upload, (report) =>
            uploadBackup(deps, apiKey, report).finally(rereadRefs),
          )
        }
        onSaveLocal={() =>
          backup('cloud', TASK_STAGES.saveLocal, (report) =>
            saveLocalBackup(deps, report).finally(rereadRefs),
          )
        }
        onRestore={setPending}
        timeZone={timeZone}
        progress={progressOf('cloud')}
      />
      {pending ? (
        <RestoreDialog
          sourceName={sourceName(pending, refs)}
          onConfirm={restore}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { Button } from '@pitclock/design-system';
import { BACKUP_TEXT } from './messages';

export type FileBackupProps = {
  busy: boolean;
  onDownload: () => void;
  /** A backup file was chosen (the restore dialog asks before anything changes). */
  onChooseFile: (file: File) => void;
  /** The progress of a task started here. */
  progress: ReactNode;
};

/** Backup file: 'Download backup' and 'Restore from file' (a file input styled as a button). */
export function FileBackup({ busy, onDownload, onChooseFile, progress }: FileBackupProps) {
  const id = useId();
  return (
    <section className="pc-backup__part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="pc-backup__title">
        {BACKUP_TEXT.fileHeading}
      </h3>
      <p className="pc-backup__intro">{BACKUP_TEXT.fileIntro}</p>
      <div className="pc-backup__actions">
        <Button onClick={onDownload} disabled={busy}>
          {BACKUP_TEXT.download}
        </Button>
        <label
          className={`pc-button pc-button--secondary pc-button--md pc-backup__file${busy ? ' pc-backup__file--disabled' : ''}`}
        >
          <span className="pc-button__label">{BACKUP_TEXT.restoreFromFile}</span>
          <input
            type="file"
            accept=".json,application/json"
            className="pc-visually-hidden"
            disabled={busy}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onChooseFile(file);
            }}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="pc-backup__hint">
        {BACKUP_TEXT.restoreFileHint}
      </p>
      {progress}
    </section>
  );
}

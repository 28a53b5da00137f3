import { useId, useState } from 'react';
import { FormDialog } from '@pitclock/design-system';
import type { RestoreMode } from '../../store';
import { BACKUP_TEXT } from './messages';

export type RestoreDialogProps = {
  /** What is restored (a file name or a backup's name); the dialog is open while it is set. */
  sourceName: string;
  onConfirm: (mode: RestoreMode) => void;
  onCancel: () => void;
};

const MODES: { value: RestoreMode; label: string; detail: string }[] = [
  { value: 'merge', label: BACKUP_TEXT.modeMerge, detail: BACKUP_TEXT.modeMergeDetail },
  { value: 'overwrite', label: BACKUP_TEXT.modeOverwrite, detail: BACKUP_TEXT.modeOverwriteDetail },
];

/**
 * The confirmation before a restore, with the choice of overwrite or merge (merge first: it loses
 * nothing on the device). Cancel changes nothing.
 */
export function RestoreDialog({ sourceName, onConfirm, onCancel }: RestoreDialogProps) {
  const id = useId();
  const [mode, setMode] = useState<RestoreMode>('merge');
  return (
    <FormDialog
      open
      onClose={onCancel}
      title={BACKUP_TEXT.restoreTitle}
      size="sm"
      submitLabel={BACKUP_TEXT.restore}
      cancelLabel={BACKUP_TEXT.cancel}
      onSubmit={() => onConfirm(mode)}
      formClassName="pc-backup-dialog"
    >
      <p className="pc-backup-dialog__source">{BACKUP_TEXT.restoreSource(sourceName)}</p>
      <fieldset className="pc-backup-dialog__modes">
        <legend className="pc-field__label">{BACKUP_TEXT.modeLegend}</legend>
        {MODES.map((option) => (
          <div key={option.value} className="pc-backup-dialog__mode">
            <label className="pc-backup-dialog__mode-label">
              <input
                type="radio"
                name={`${id}-mode`}
                value={option.value}
                checked={mode === option.value}
                aria-describedby={`${id}-${option.value}`}
                onChange={() => setMode(option.value)}
              />
              <span>{option.label}</span>
            </label>
            <p id={`${id}-${option.value}`} className="pc-backup-dialog__detail">
              {option.detail}
            </p>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
}

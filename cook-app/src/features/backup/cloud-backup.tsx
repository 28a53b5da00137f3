import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Button, PasswordField, TextField } from '@pitclock/design-system';
import type { CloudBackupRef } from './backup-refs';
import { BackupRefList } from './backup-ref-list';
import type { RestoreSource } from './backup-tasks';
import { BACKUP_TEXT } from './messages';

/** Restore by bin ID: the ID, trimmed, not empty (Restore from bin stays disabled until then). */
const binFormSchema = z.object({ binId: z.string().check(z.trim(), z.minLength(1)) });
type BinValues = z.output<typeof binFormSchema>;

export type CloudBackupProps = {
  apiKey: string;
  onApiKeyChange: (key: string) => void;
  /** Where the key and the backups go (shown in the key's hint). */
  baseUrl: string;
  refs: readonly CloudBackupRef[];
  busy: boolean;
  onUpload: () => void;
  onSaveLocal: () => void;
  onRestore: (source: RestoreSource) => void;
  timeZone: string;
  /** The progress of a task started here. */
  progress: ReactNode;
};

/**
 * Cloud backup: the user's JSONBin key, 'Upload to cloud' (needs the key) and 'Save on this device' (a
 * local-only copy), the newest 10 backups with Restore, and a restore by bin ID (a backup made on another
 * device).
 */
export function CloudBackup({
  apiKey,
  onApiKeyChange,
  baseUrl,
  refs,
  busy,
  onUpload,
  onSaveLocal,
  onRestore,
  timeZone,
  progress,
}: CloudBackupProps) {
  const id = useId();
  const binForm = useForm<z.input<typeof binFormSchema>, unknown, BinValues>({
    resolver: zodResolver(binFormSchema),
    defaultValues: { binId: '' },
    shouldFocusError: false,
  });
  const hasBinId = binFormSchema.safeParse(useWatch({ control: binForm.control })).success;
  const hasKey = apiKey.trim() !== '';
  return (
    <section className="pc-backup__part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="pc-backup__title">
        {BACKUP_TEXT.cloudHeading}
      </h3>
      <p className="pc-backup__intro">{BACKUP_TEXT.cloudIntro}</p>
      <PasswordField
        label={BACKUP_TEXT.apiKeyLabel}
        hint={BACKUP_TEXT.apiKeyHint(baseUrl)}
        showPasswordLabel={BACKUP_TEXT.showApiKey}
        hidePasswordLabel={BACKUP_TEXT.hideApiKey}
        autoComplete="off"
        value={apiKey}
        onChange={(event) => onApiKeyChange(event.target.value)}
      />
      {hasKey ? null : <p className="pc-backup__notice">{BACKUP_TEXT.apiKeyRequired}</p>}
      <div className="pc-backup__actions">
        <Button onClick={onUpload} disabled={busy || !hasKey}>
          {BACKUP_TEXT.upload}
        </Button>
        <Button variant="secondary" onClick={onSaveLocal} disabled={busy}>
          {BACKUP_TEXT.saveLocal}
        </Button>
      </div>
      {progress}
      <h4 className="pc-backup__subtitle">{BACKUP_TEXT.refsHeading}</h4>
      <p className="pc-backup__hint">{BACKUP_TEXT.refsNote}</p>
      <BackupRefList refs={refs} busy={busy} hasApiKey={hasKey} onRestore={onRestore} timeZone={timeZone} />
      <form
        className="pc-backup__bin"
        noValidate
        onSubmit={(event) =>
          void binForm.handleSubmit(({ binId }) => {
            if (hasKey && !busy) onRestore({ kind: 'cloud', binId });
          })(event)
        }
      >
        <TextField
          label={BACKUP_TEXT.binIdLabel}
          hint={BACKUP_TEXT.binIdHint}
          autoComplete="off"
          spellCheck={false}
          {...binForm.register('binId')}
        />
        <Button type="submit" variant="secondary" disabled={busy || !hasKey || !hasBinId}>
          {BACKUP_TEXT.restoreFromBin}
        </Button>
      </form>
    </section>
  );
}

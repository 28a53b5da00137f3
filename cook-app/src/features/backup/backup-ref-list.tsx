import { Badge, Button } from '@pitclock/design-system';
import { formatDateTime, parseInstant } from '../../domain';
import { useLocale } from '../../lib/display-prefs';
import type { CloudBackupRef } from './backup-refs';
import type { RestoreSource } from './backup-tasks';
import { BACKUP_TEXT } from './messages';

export type BackupRefListProps = {
  refs: readonly CloudBackupRef[];
  busy: boolean;
  /** Restoring from the cloud needs the API key; local copies do not. */
  hasApiKey: boolean;
  onRestore: (source: RestoreSource) => void;
  timeZone: string;
};

function when(value: string, timeZone: string, locale: string): string {
  const ms = parseInstant(value);
  return ms === null ? value : formatDateTime(ms, timeZone, locale);
}

/** The newest 10 backups made on this device, each with a Restore button. */
export function BackupRefList({ refs, busy, hasApiKey, onRestore, timeZone }: BackupRefListProps) {
  const locale = useLocale();
  if (refs.length === 0) return <p className="pc-backup__hint">{BACKUP_TEXT.refsEmpty}</p>;
  return (
    <ul className="pc-backup__refs" aria-label={BACKUP_TEXT.refsHeading}>
      {refs.map((ref) => (
        <li key={`${ref.isLocal ? 'local' : 'cloud'}-${ref.backupId}`} className="pc-backup__ref">
          <div className="pc-backup__ref-text">
            <span className="pc-backup__ref-name">{ref.filename}</span>
            <span className="pc-backup__ref-meta">
              <Badge tone={ref.isLocal ? 'neutral' : 'accent'}>
                {ref.isLocal ? BACKUP_TEXT.localBadge : BACKUP_TEXT.cloudBadge}
              </Badge>
              <time dateTime={ref.uploadedAt}>{when(ref.uploadedAt, timeZone, locale)}</time>
              {ref.binId ? <span>{BACKUP_TEXT.binLabel(ref.binId)}</span> : null}
            </span>
          </div>
          <Button
            variant="secondary"
            aria-label={BACKUP_TEXT.restoreRef(ref.filename, ref.isLocal)}
            disabled={busy || (!ref.isLocal && !hasApiKey)}
            onClick={() =>
              onRestore(
                ref.isLocal
                  ? { kind: 'local', backupId: ref.backupId }
                  : { kind: 'cloud', binId: ref.binId ?? '' },
              )
            }
          >
            {BACKUP_TEXT.restore}
          </Button>
        </li>
      ))}
    </ul>
  );
}

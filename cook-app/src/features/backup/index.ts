// Backup and restore (Settings, SPEC.md section 2: file and cloud).
export { BackupRestoreSection, type BackupRestoreSectionProps } from './backup-restore-section';
export {
  CLOUD_BACKUP_BASE_GLOBAL,
  CLOUD_BACKUP_KEYS,
  DEFAULT_CLOUD_BACKUP_BASE,
  cloudBackupBaseUrl,
} from './cloud-config';
export { BACKUP_TEXT } from './messages';
export type { SaveFile } from './backup-tasks';

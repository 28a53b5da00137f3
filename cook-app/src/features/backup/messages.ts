// Texts of backup and restore (SPEC.md section 2 "backup and restore (file and cloud)"). SPEC.md section 8
// texts are marked SPEC; the others are ours, where SPEC.md is silent. The restore file's validation texts
// ('Invalid backup file format', 'Invalid backup payload', 'Invalid backup data format') come from the
// domain (BACKUP_ERRORS); 'Unsupported backup version', 'Invalid backup file', 'Failed to create the
// backup.' and 'Failed to save the backup file.' from the store (STORE_MESSAGES, FAILURE_MESSAGES).

export const BACKUP_TEXT = {
  // Sections ('Backup and restore' is the Settings section's title, given by the Settings screen)
  sectionTitle: 'Backup and restore',
  fileHeading: 'Backup file',
  fileIntro:
    'Your cook-offs, templates, steps, categories, runs and notes are stored on this device. Download them as a file, or restore them from one.',
  cloudHeading: 'Cloud backup',
  cloudIntro:
    'Keep backups in a JSONBin-compatible cloud service with your own API key, or as a copy on this device only.',

  // File
  download: 'Download backup',
  restoreFromFile: 'Restore from file',
  restoreFileHint: 'A PitClock backup (.json).',

  // Cloud
  apiKeyLabel: 'JSONBin API key (X-Master-Key)',
  showApiKey: 'Show API key',
  hideApiKey: 'Hide API key',
  apiKeyHint: (baseUrl: string) =>
    `Stored on this device only and sent only to ${baseUrl}, never to PitClock's servers.`,
  apiKeyRequired:
    'Cloud backup requires an API key. Enter your JSONBin X-Master-Key above, or save a copy on this device only.',
  upload: 'Upload to cloud',
  saveLocal: 'Save on this device',
  refsHeading: 'Recent backups',
  refsEmpty: 'No backups yet.',
  refsNote: 'The newest 10 backups made on this device.',
  cloudBadge: 'Cloud',
  localBadge: 'This device',
  binLabel: (binId: string) => `Bin ${binId}`,
  restoreRef: (filename: string, isLocal: boolean) =>
    `Restore ${filename} from ${isLocal ? 'this device' : 'the cloud'}`,
  binIdLabel: 'Bin ID',
  binIdHint: 'Restore a cloud backup made on another device by its bin ID.',
  restoreFromBin: 'Restore from bin',

  // The restore dialog
  restoreTitle: 'Restore backup?',
  restoreSource: (name: string) => `Restore from ${name}.`,
  modeLegend: 'How to restore',
  modeMerge: 'Merge',
  modeMergeDetail:
    'Keep the data on this device; add the backup’s records and replace those with the same ID.',
  modeOverwrite: 'Overwrite',
  modeOverwriteDetail: 'Replace the data on this device with the backup.',
  restore: 'Restore',
  cancel: 'Cancel',

  // Progress (stages: prepare -> upload -> done; restore: download -> validate -> apply)
  backupProgress: 'Backup progress',
  restoreProgress: 'Restore progress',
  stages: {
    prepare: 'Preparing backup',
    save: 'Saving the file',
    upload: 'Uploading',
    store: 'Saving on this device',
    read: 'Reading the file',
    download: 'Downloading',
    validate: 'Checking the backup',
    apply: 'Restoring data',
    done: 'Done',
  },
  stageOf: (stage: string, index: number, total: number) => `${stage} (${index} of ${total})`,

  // Outcomes
  downloaded: (fileName: string) => `Backup saved as ${fileName}.`,
  uploaded: (binId: string) => `Backup uploaded (bin ${binId}).`,
  savedLocal: 'Backup saved on this device.',
  restored: (mode: 'overwrite' | 'merge') =>
    mode === 'overwrite'
      ? 'Backup restored: your data was replaced.'
      : 'Backup restored: merged with your data.',

  // Failures. SPEC: 'Restore failed: {message or Invalid backup file}', 'Upload failed: {status} {text}',
  // 'Download failed: {status}', 'Local cloud storage is full. Please clear some data.', 'Local backup not found'.
  restoreFailed: (message: string) => `Restore failed: ${message || 'Invalid backup file'}`,
  uploadFailed: (status: number, text: string) => `Upload failed: ${`${status} ${text}`.trim()}`,
  downloadFailed: (status: number) => `Download failed: ${status}`,
  localFull: 'Local cloud storage is full. Please clear some data.',
  localNotFound: 'Local backup not found',
  // ours:
  localSaveFailed: 'Could not save the backup on this device.',
  uploadTimeout: 'Upload failed: the cloud service did not answer in time',
  uploadNetwork: 'Upload failed: the cloud service could not be reached',
  uploadUnreadable: 'Upload failed: the cloud service sent an answer without a bin ID',
  downloadTimeout: 'Download failed: the cloud service did not answer in time',
  downloadNetwork: 'Download failed: the cloud service could not be reached',
  downloadUnreadable: 'Download failed: the cloud service sent an answer without a record',
  readFileFailed: 'The file could not be read',
} as const;

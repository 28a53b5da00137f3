/** An expected failure of a backup step, with the text the user sees (from BACKUP_TEXT or SPEC.md). */
export class BackupFailure extends Error {
  override name = 'BackupFailure';
}

/** The text of a failure: a BackupFailure's own, else `fallback`. */
export function failureText(failure: unknown, fallback: string): string {
  return failure instanceof BackupFailure && failure.message !== '' ? failure.message : fallback;
}

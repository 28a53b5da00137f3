/**
 * Texts of the local data operations: SPEC.md section 8 where it gives one, ours where it is silent
 * (marked). The validation texts of section 5 live in the domain (VALIDATION_MESSAGES, CONTEST_MESSAGES).
 */
export const STORE_MESSAGES = {
  itemNotFound: 'Item not found',
  runNotFound: 'Run not found',
  noContestSelected: 'No contest selected',
  startRunFailed: 'Failed to start local run',
  reorderFailed: 'Failed to save the new order.',
  // SPEC.md states these rules without a text; ours:
  globalCategoryReadOnly: 'Global categories cannot be edited or deleted.',
  templateInUse: 'This template is in use; archive it instead of deleting it.',
  templateNotInUse: 'Only a template in use can be archived; delete it instead.',
  // A backup whose version is not a whole number from 1 to 15 (a newer app's file, or a damaged one):
  unsupportedBackupVersion: 'Unsupported backup version',
} as const;

/** The SPEC.md section 8 text of each operation, used when it fails for an unexpected reason. */
export const FAILURE_MESSAGES = {
  loadCategories: 'Failed to load categories',
  createCategory: 'Failed to create category',
  saveCategory: 'Failed to save category',
  deleteCategory: 'Failed to delete category',
  loadTemplates: 'Failed to load templates',
  createTemplate: 'Failed to create template',
  updateTemplate: 'Failed to update template',
  archiveTemplate: 'Failed to archive template',
  restoreTemplate: 'Failed to restore template',
  deleteTemplate: 'Failed to delete template',
  loadSteps: 'Failed to load steps',
  addStep: 'Failed to add step',
  saveStep: 'Failed to save changes',
  removeStep: 'Failed to remove step',
  loadContests: 'Failed to load cook-offs',
  createContest: 'Failed to create cook-off',
  saveContest: 'Failed to save cook-off',
  deleteContest: 'Failed to delete cook-off',
  attach: 'Failed to attach template locally',
  detach: 'Failed to detach template locally',
  saveNote: 'Failed to save note',
  snooze: 'Failed to snooze step',
  dismiss: 'Failed to dismiss step',
  undismiss: 'Failed to undismiss',
  complete: 'Failed to complete step',
  restore: 'Invalid backup file',
  // SPEC.md has no text for a failed local export; ours:
  exportBackup: 'Failed to create the backup.',
  downloadBackup: 'Failed to save the backup file.',
  reseed: 'Reseed failed',
  diagnostics: 'Failed to load diagnostics',
  // Runs beyond SPEC.md (issue 18); ours:
  finishRun: 'Failed to finish the run',
  resetRun: 'Failed to reset the run',
  dismissPlanChanges: 'Failed to save the run',
} as const;

// Public surface of the cook-app's offline data layer. Features import from here only.
export {
  createCookStore,
  type CookStore,
  type CookStoreBundle,
  type CookStoreOptions,
} from './create-cook-store';
export { OFFLINE_DB_NAME, PERSIST_VERSION } from './persist';
export { firstOpened } from './app-meta-slice';
export { ACCOUNT_SETTINGS_ID, readAccountSettings, type AccountSettings } from './account-settings';
export { selectAccountSettings } from './account-settings-slice';
export { setDisplayUnits, type DisplayUnitsInput } from './operations/settings';
export { useCookDispatch, useCookSelector } from './hooks';
export type { CookDispatch, CookExtra, CookRootState, OperationError } from './thunk';
export type { CookState } from './root-reducer';
export { STORE_MESSAGES, FAILURE_MESSAGES } from './messages';
export { SEED_CATEGORIES, SEED_SANCTIONING_BODIES, type SeedReport } from './seed';
export * from './types';
export {
  selectActiveRun,
  selectActiveTemplates,
  selectArchivedTemplates,
  selectCategories,
  selectContestAttachments,
  selectContestEnvironment,
  selectContests,
  selectRunSteps,
  selectSanctioningBodies,
  selectStepNotes,
  selectStoreCounts,
  selectTemplateSteps,
  selectTemplatesWithUsage,
  selectTemplateUsage,
  categorySelectors,
  contestSelectors,
  runSelectors,
  runStepSelectors,
  templateSelectors,
} from './selectors';
export {
  addCategory,
  deleteCategory,
  getCategories,
  isCategoryInUse,
  updateCategory,
  type AddCategoryInput,
  type UpdateCategoryInput,
} from './operations/categories';
export {
  addTemplate,
  archiveTemplate,
  deleteTemplate,
  getTemplates,
  reorderTemplates,
  restoreTemplate,
  updateTemplate,
  type AddTemplateInput,
  type UpdateTemplateInput,
} from './operations/templates';
export { shareContest, shareTemplate, type ShareInput } from './operations/sharing';
export {
  addTemplateStep,
  deleteTemplateStep,
  getTemplateSteps,
  updateTemplateStep,
  type AddTemplateStepInput,
  type UpdateTemplateStepInput,
} from './operations/steps';
export {
  addContest,
  attachTemplate,
  deleteContest,
  detachTemplate,
  getContests,
  saveContestEnvironment,
  setContestClock,
  updateContest,
  type AttachInput,
  type ContestFields,
  type EnvironmentInput,
  type SetContestClockInput,
} from './operations/contests';
export {
  completeStep,
  CUSTOM_TIME_FIELD,
  dismissPlanChanges,
  dismissStep,
  finishRun,
  getOrStartRunForContest,
  getRun,
  resetRun,
  snoozeStep,
  undismissStep,
  type CompleteStepInput,
  type RunWithSteps,
} from './operations/runs';
export { addStepNote, getStepNotes } from './operations/notes';
export {
  downloadBackup,
  exportBackup,
  importRestore,
  type RestoreMode,
  type RestoreResult,
} from './operations/backup';
export { diagnostics, forceReseed, type OfflineDiagnostics } from './operations/diagnostics';
export {
  cookStoreFor,
  createAccountCookStore,
  releaseCookStore,
  type AccountStoreBundle,
  type AccountStoreOptions,
} from './account-store';

// Sync (docs/sync.md). Only these small parts load with the first screen; the engine is imported by
// SyncStarter once that screen has rendered.
export { SyncStarter } from './sync-starter';
export { useSyncStatus } from './use-sync-status';
export { stopRunningSync, type SyncStatus } from './sync-status';

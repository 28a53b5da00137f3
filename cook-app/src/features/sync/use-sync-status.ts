import { useSyncExternalStore } from 'react';
import { pageSyncStatus, type SyncStatus } from './sync-status';

/** The page's sync status, following the engine. */
export const useSyncStatus = (): SyncStatus =>
  useSyncExternalStore(pageSyncStatus.subscribe, pageSyncStatus.get);

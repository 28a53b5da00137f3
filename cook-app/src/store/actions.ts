import { createAction } from '@reduxjs/toolkit';
import type { AccountSettings } from './account-settings';
import type { AppMetaState, CookData, RecordOf, StoreName } from './types';

/**
 * One atomic change to the offline database: records to set (whole records, replacing any with the
 * same id) and ids to remove, per store, plus app meta fields. Every operation commits through one
 * of these, so a change that touches several stores (a run and its steps, a template and its steps)
 * is applied, and persisted, all at once or not at all.
 */
export type ChangeSet = {
  /** What made the change, for devtools and logs (e.g. 'templates/add'). */
  op: string;
  set?: { [K in StoreName]?: RecordOf[K][] } & { settings?: AccountSettings[] };
  remove?: { [K in StoreName]?: string[] } & { settings?: string[] };
  meta?: Partial<AppMetaState>;
};

export const changesApplied = createAction<ChangeSet>('cook/changesApplied');

/** The op of a change set that brings in changes made on other devices (the sync engine's). */
export const SYNC_PULL_OP = 'sync/pull';

/** Replaces every store at once (a restore), with app meta fields. */
export const dataReplaced = createAction<{ data: CookData; meta?: Partial<AppMetaState> }>(
  'cook/dataReplaced',
);

/** Whether a change set changes nothing (so that it need not be dispatched, nor persisted). */
export function isEmptyChangeSet(changes: ChangeSet): boolean {
  const lists = [...Object.values(changes.set ?? {}), ...Object.values(changes.remove ?? {})];
  return lists.every((list) => list.length === 0) && Object.keys(changes.meta ?? {}).length === 0;
}

import { FAILURE_MESSAGES } from '../messages';
import { PERSIST_VERSION } from '../persist';
import { duplicateSanctioningBodyNames, planSeed, type SeedReport } from '../seed';
import {
  sanctioningBodySelectors,
  selectSanctioningBodies,
  selectSeedInput,
  selectStoreCounts,
} from '../selectors';
import { defineOperation } from '../thunk';
import type { StoreName } from '../types';

/**
 * Seeds again: adds any missing seeded sanctioning body or global category and repairs duplicates
 * (keeps the oldest, re-points cook-offs and templates); resolves with what it did.
 */
export const forceReseed = defineOperation<SeedReport>(
  'diagnostics/forceReseed',
  FAILURE_MESSAGES.reseed,
  (_arg, context) => {
    const state = context.getState();
    const { changes, report } = planSeed(selectSeedInput(state), { now: context.now, newId: context.newId });
    const meta = state.appMeta.seededAt ? {} : { seededAt: context.now };
    context.commit({ ...changes, op: 'diagnostics/forceReseed', meta });
    return report;
  },
);

/** The offline diagnostics of SPEC.md section 3 (shown on /admin/diagnostics). */
export type OfflineDiagnostics = {
  /** The version of the state stored in IndexedDB (the running version when nothing is stored yet). */
  dbVersion: number;
  /** The stored state is at the current version (migrations ran, or none were needed). */
  migrated: boolean;
  /** The version the last migration started from, if one ran on this device. */
  migratedFrom: number | null;
  seeded: boolean;
  counts: Record<StoreName, number>;
  sanctioningBodyNames: string[];
  duplicateSanctioningBodies: string[];
  error: string | null;
};

export const diagnostics = defineOperation<OfflineDiagnostics>(
  'diagnostics/get',
  FAILURE_MESSAGES.diagnostics,
  async (_arg, context) => {
    const { health, storedVersion } = context.extra.persistence;
    let error = health.rehydrateError ?? health.writeError;
    let stored: number | null = null;
    try {
      stored = await storedVersion();
    } catch (cause) {
      error ??= cause instanceof Error ? cause.message : String(cause);
    }
    const state = context.getState();
    const dbVersion = stored ?? state._persist.version;
    return {
      dbVersion,
      migrated: dbVersion === PERSIST_VERSION && health.rehydrateError === null,
      migratedFrom: state.appMeta.migratedFrom,
      seeded: state.appMeta.seededAt !== null,
      counts: selectStoreCounts(state),
      sanctioningBodyNames: selectSanctioningBodies(state).map((body) => body.name),
      duplicateSanctioningBodies: duplicateSanctioningBodyNames(sanctioningBodySelectors.selectAll(state)),
      error,
    };
  },
);

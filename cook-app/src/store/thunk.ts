import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { PersistState } from 'redux-persist';
import { changesApplied, isEmptyChangeSet, type ChangeSet } from './actions';
import type { CookState } from './root-reducer';

/** What went wrong with loading or saving the offline database (kept outside the state). */
export type PersistHealth = {
  /** Reading or migrating the stored state failed; writes are then held back (see persist.ts). */
  rehydrateError: string | null;
  /** The last failed write to IndexedDB, if any. */
  writeError: string | null;
  /** The persisted version the stored state was migrated from at this start (null: none ran). */
  migratedFrom: number | null;
};

/**
 * The thunk extra argument: everything an operation needs from outside, so that tests control time,
 * ids and the time zone (operations never call Date.now() or crypto themselves).
 */
export type CookExtra = {
  clock: () => number;
  newId: () => string;
  /** IANA time zone that HH:MM inputs and contest dates are read in. */
  timeZone: string;
  appVersion: string;
  /** Owner of records created on this device (null only for seeded global records). */
  userId: () => string;
  /** Resolves once the stored state is loaded, migrated and seeded; operations wait for it. */
  ready: Promise<void>;
  persistence: {
    health: PersistHealth;
    /** The version of the state stored in IndexedDB now (null: nothing stored or unreadable). */
    storedVersion: () => Promise<number | null>;
    /** Writes every pending change now; resolves when IndexedDB has it. */
    flush: () => Promise<void>;
  };
};

/** The store's state: the cook state plus redux-persist's bookkeeping. */
export type CookRootState = CookState & { _persist: PersistState };
export type CookDispatch = ThunkDispatch<CookRootState, CookExtra, UnknownAction>;

/**
 * How an operation rejects: with the SPEC.md message ('Item not found', a validation text...) and, when one
 * input was wrong, that input's name, so a form puts the message beside its field without matching texts.
 */
export type OperationError = { message: string; field?: string };

/** An expected failure of an operation, with the message the user sees and the input it is about. */
export class OperationFailure extends Error {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

export function fail(message: string, field?: string): never {
  throw new OperationFailure(message, field);
}

export type OperationContext = {
  getState: () => CookRootState;
  dispatch: CookDispatch;
  /** Applies one atomic change (nothing is dispatched for an empty one). */
  commit: (changes: ChangeSet) => void;
  /** The operation's instant (one clock reading per operation), ISO UTC and milliseconds. */
  now: string;
  nowMs: number;
  newId: () => string;
  timeZone: string;
  extra: CookExtra;
};

const createCookThunk = createAsyncThunk.withTypes<{
  state: CookRootState;
  dispatch: CookDispatch;
  extra: CookExtra;
  rejectValue: OperationError;
}>();

/**
 * Defines a local data operation as an async thunk. It waits until the stored state is loaded (so
 * that nothing it writes is overwritten by the rehydration), then runs. An OperationFailure rejects
 * with its message; any other error rejects with `fallbackMessage` (the SPEC.md section 8 text).
 * Operations validate everything before they commit, so a rejected operation changes nothing.
 */
export function defineOperation<Returned, Arg = void>(
  type: string,
  fallbackMessage: string,
  run: (arg: Arg, context: OperationContext) => Returned | Promise<Returned>,
) {
  return createCookThunk<Returned, Arg>(type, async (arg, api) => {
    await api.extra.ready;
    const nowMs = api.extra.clock();
    const context: OperationContext = {
      getState: api.getState,
      dispatch: api.dispatch,
      commit: (changes) => {
        if (!isEmptyChangeSet(changes)) api.dispatch(changesApplied(changes));
      },
      now: new Date(nowMs).toISOString(),
      nowMs,
      newId: api.extra.newId,
      timeZone: api.extra.timeZone,
      extra: api.extra,
    };
    try {
      return await run(arg, context);
    } catch (error) {
      if (!(error instanceof OperationFailure)) return api.rejectWithValue({ message: fallbackMessage });
      const { message, field } = error;
      return api.rejectWithValue(field === undefined ? { message } : { message, field });
    }
  });
}

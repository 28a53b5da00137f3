import { createSlice, type EntityAdapter } from '@reduxjs/toolkit';
import { changesApplied, dataReplaced } from './actions';
import type { RecordOf, StoreName } from './types';

/**
 * The slice of one record store: an entity adapter's state that changes only through the atomic
 * changesApplied and dataReplaced actions (operations compute whole records; the slice stores them).
 */
export function createEntitySlice<K extends StoreName>(name: K, adapter: EntityAdapter<RecordOf[K], string>) {
  return createSlice({
    name,
    initialState: adapter.getInitialState(),
    reducers: {},
    extraReducers: (builder) => {
      builder
        .addCase(changesApplied, (state, { payload }) => {
          const removed = payload.remove?.[name];
          if (removed?.length) adapter.removeMany(state, removed);
          const set = payload.set?.[name] as RecordOf[K][] | undefined;
          if (set?.length) adapter.setMany(state, set);
        })
        .addCase(dataReplaced, (state, { payload }) => {
          adapter.setAll(state, payload.data[name] as RecordOf[K][]);
        });
    },
  });
}

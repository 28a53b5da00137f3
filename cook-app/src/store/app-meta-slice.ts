import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { changesApplied, dataReplaced } from './actions';
import type { AppMetaState } from './types';

export const initialAppMeta: AppMetaState = {
  firstOpenedAt: null,
  seededAt: null,
  migratedFrom: null,
  migratedAt: null,
};

export const appMetaSlice = createSlice({
  name: 'appMeta',
  initialState: initialAppMeta,
  reducers: {
    firstOpened(state, action: PayloadAction<string>) {
      state.firstOpenedAt ??= action.payload;
    },
  },
  extraReducers: (builder) => {
    const merge = (state: AppMetaState, meta: Partial<AppMetaState> | undefined) => {
      if (meta) Object.assign(state, meta);
    };
    builder
      .addCase(changesApplied, (state, { payload }) => merge(state, payload.meta))
      .addCase(dataReplaced, (state, { payload }) => merge(state, payload.meta));
  },
});

export const { firstOpened } = appMetaSlice.actions;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Placeholder slice until the feature slices arrive: when this device first opened the app. */
export type AppMetaState = { firstOpenedAt: string | null };

const initialState: AppMetaState = { firstOpenedAt: null };

export const appMetaSlice = createSlice({
  name: 'appMeta',
  initialState,
  reducers: {
    firstOpened(state, action: PayloadAction<string>) {
      state.firstOpenedAt ??= action.payload;
    },
  },
});

export const { firstOpened } = appMetaSlice.actions;

import { createEntityAdapter, createSlice, type EntityState } from '@reduxjs/toolkit';
import { changesApplied } from './actions';
import { ACCOUNT_SETTINGS_ID, ACCOUNT_SETTINGS_STATE_KEY, type AccountSettings } from './account-settings';

export const accountSettingsAdapter = createEntityAdapter<AccountSettings, string>({
  selectId: (settings) => settings.id,
});

/**
 * The account's settings record(s), state key 'settings' (the sync store's name). Changed only through
 * changesApplied; a restore (dataReplaced) leaves them as they are: settings are the account's, not
 * part of a backup's data.
 */
export const accountSettingsSlice = createSlice({
  name: ACCOUNT_SETTINGS_STATE_KEY,
  initialState: accountSettingsAdapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(changesApplied, (state, { payload }) => {
      const removed = payload.remove?.settings;
      if (removed?.length) accountSettingsAdapter.removeMany(state, removed);
      const set = payload.set?.settings;
      if (set?.length) accountSettingsAdapter.setMany(state, set);
    });
  },
});

/** The account's settings record, or undefined while it has none (everything follows the device). */
export const selectAccountSettings = (state: {
  settings: EntityState<AccountSettings, string>;
}): AccountSettings | undefined => state.settings.entities[ACCOUNT_SETTINGS_ID];

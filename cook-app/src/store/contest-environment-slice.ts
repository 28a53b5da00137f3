import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { ContestEnvironment } from './types';

/** One record per contest, keyed by its contest_id. */
export const contestEnvironmentAdapter = createEntityAdapter<ContestEnvironment, string>({
  selectId: (record) => record.contest_id,
});
export const contestEnvironmentSlice = createEntitySlice('contest_environment', contestEnvironmentAdapter);

import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { Contest } from './types';

export const contestsAdapter = createEntityAdapter<Contest>();
export const contestsSlice = createEntitySlice('contests', contestsAdapter);

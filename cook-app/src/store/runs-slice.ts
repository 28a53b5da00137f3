import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { Run } from './types';

export const runsAdapter = createEntityAdapter<Run>();
export const runsSlice = createEntitySlice('runs', runsAdapter);

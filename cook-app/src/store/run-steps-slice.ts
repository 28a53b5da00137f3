import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { RunStep } from './types';

export const runStepsAdapter = createEntityAdapter<RunStep>();
export const runStepsSlice = createEntitySlice('run_steps', runStepsAdapter);

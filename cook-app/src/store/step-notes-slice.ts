import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { StepNote } from './types';

export const stepNotesAdapter = createEntityAdapter<StepNote>();
export const stepNotesSlice = createEntitySlice('step_notes', stepNotesAdapter);

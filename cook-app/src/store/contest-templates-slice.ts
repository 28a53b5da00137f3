import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { ContestTemplate } from './types';

export const contestTemplatesAdapter = createEntityAdapter<ContestTemplate>();
export const contestTemplatesSlice = createEntitySlice('contest_templates', contestTemplatesAdapter);

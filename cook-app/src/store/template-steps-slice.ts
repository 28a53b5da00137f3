import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { TemplateStep } from './types';

export const templateStepsAdapter = createEntityAdapter<TemplateStep>();
export const templateStepsSlice = createEntitySlice('template_steps', templateStepsAdapter);

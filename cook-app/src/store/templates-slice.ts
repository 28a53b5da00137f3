import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { Template } from './types';

export const templatesAdapter = createEntityAdapter<Template>();
export const templatesSlice = createEntitySlice('templates', templatesAdapter);

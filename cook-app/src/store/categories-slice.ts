import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { Category } from './types';

export const categoriesAdapter = createEntityAdapter<Category>();
export const categoriesSlice = createEntitySlice('categories', categoriesAdapter);

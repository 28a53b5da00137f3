import { createEntityAdapter } from '@reduxjs/toolkit';
import { createEntitySlice } from './entity-slice';
import type { SanctioningBody } from './types';

export const sanctioningBodiesAdapter = createEntityAdapter<SanctioningBody>();
export const sanctioningBodiesSlice = createEntitySlice('sanctioning_bodies', sanctioningBodiesAdapter);

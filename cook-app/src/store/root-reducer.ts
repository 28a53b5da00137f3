import { combineSlices } from '@reduxjs/toolkit';
import { accountSettingsSlice } from './account-settings-slice';
import { appMetaSlice } from './app-meta-slice';
import { categoriesSlice } from './categories-slice';
import { contestEnvironmentSlice } from './contest-environment-slice';
import { contestTemplatesSlice } from './contest-templates-slice';
import { contestsSlice } from './contests-slice';
import { runStepsSlice } from './run-steps-slice';
import { runsSlice } from './runs-slice';
import { sanctioningBodiesSlice } from './sanctioning-bodies-slice';
import { stepNotesSlice } from './step-notes-slice';
import { templateStepsSlice } from './template-steps-slice';
import { templatesSlice } from './templates-slice';

/** The cook-app's state: app meta plus one entity slice per record store (keyed by store name). */
export const rootReducer = combineSlices(
  appMetaSlice,
  sanctioningBodiesSlice,
  categoriesSlice,
  templatesSlice,
  templateStepsSlice,
  contestsSlice,
  contestTemplatesSlice,
  runsSlice,
  runStepsSlice,
  stepNotesSlice,
  contestEnvironmentSlice,
  accountSettingsSlice,
);

/** The state without redux-persist's _persist key. */
export type CookState = ReturnType<typeof rootReducer>;

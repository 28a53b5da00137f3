// Run screen (/contests/:id/steps and /contests/:contestId/runs/:runId/steps).
export { RunScreen, type RunScreenProps } from './run-screen';

// Test helpers of the run screen: a cook-off with two templates attached, rendered at its run route.
import { screen, within } from '@testing-library/react';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  getOrStartRunForContest,
  selectActiveRun,
  selectRunSteps,
  type RunStep,
} from '../../store';
import { cookStore, NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { RunScreen } from './index';

export { cookStore, NOW, type TestBundle };

export const MINUTE = 60_000;
/** NOW is 2026-06-01 15:00 UTC; instants of that day in UTC (the tests' zone). */
export const at = (hhmm: string) => `2026-06-01T${hhmm}:00.000Z`;

/**
 * A cook-off today (2026-06-01, UTC) with Ribs (turn-in 18:00: Wrap 16:00, Box 17:50 'Six bones') and
 * Chicken (turn-in 17:00: Inject 14:00, Sauce 16:30). Schedule order: Inject, Wrap, Sauce, Box.
 */
export async function cookOff(bundle: TestBundle, { withTemplates = true } = {}) {
  const contest = await bundle.store
    .dispatch(addContest({ name: 'Odessa Smoke-off', sanctioning_body_id: '1', contest_date: '2026-06-01' }))
    .unwrap();
  if (!withTemplates) return contest;
  const ribs = await bundle.store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '18:00' })).unwrap();
  const chicken = await bundle.store
    .dispatch(addTemplate({ name: 'Chicken', turn_in_time: '17:00' }))
    .unwrap();
  const steps = [
    { template_id: ribs.id, name: 'Wrap', minutes_before_turn_in: 120 },
    { template_id: ribs.id, name: 'Box', description: 'Six bones', minutes_before_turn_in: 10 },
    { template_id: chicken.id, name: 'Inject', minutes_before_turn_in: 180 },
    { template_id: chicken.id, name: 'Sauce', minutes_before_turn_in: 30 },
  ];
  for (const step of steps) await bundle.store.dispatch(addTemplateStep(step)).unwrap();
  await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
  await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: chicken.id })).unwrap();
  return contest;
}

/** Starts the cook-off's run through the store (as the screen would) and returns its steps by name. */
export async function startRun(bundle: TestBundle, contestId: string) {
  const { run } = await bundle.store.dispatch(getOrStartRunForContest(contestId)).unwrap();
  return run;
}

/** The stored steps of the cook-off's active run. */
export function storedSteps(bundle: TestBundle, contestId: string): RunStep[] {
  const run = selectActiveRun(bundle.store.getState(), contestId);
  return run ? selectRunSteps(bundle.store.getState(), run.id) : [];
}

export function storedStep(bundle: TestBundle, contestId: string, name: string): RunStep {
  const step = storedSteps(bundle, contestId).find((s) => s.name === name);
  if (!step) throw new Error(`no stored step ${name}`);
  return step;
}

/** The tests' locale: 24-hour times ('17:50'), as the e2e runs read them. */
export const TEST_LOCALE = 'en-GB';

/** The run screen with the store's clock, zone UTC and the locale given (default TEST_LOCALE). */
function runScreen(bundle: TestBundle, locale: string) {
  return (
    <DisplayLocaleProvider locale={locale}>
      <RunScreen now={() => bundle.clock.now} timeZone="UTC" />
    </DisplayLocaleProvider>
  );
}

/** Renders the run screen at /contests/<id>/steps with the store's clock and zone. */
export function renderRun(bundle: TestBundle, contestId: string, { locale = TEST_LOCALE } = {}) {
  return renderWithStore(bundle, runScreen(bundle, locale), {
    path: `/contests/${contestId}/steps`,
    route: '/contests/:id/steps',
  });
}

export function renderRunById(
  bundle: TestBundle,
  contestId: string,
  runId: string,
  { locale = TEST_LOCALE } = {},
) {
  return renderWithStore(bundle, runScreen(bundle, locale), {
    path: `/contests/${contestId}/runs/${runId}/steps`,
    route: '/contests/:contestId/runs/:runId/steps',
  });
}

/** The shown list of steps ('Pending' or 'All'). */
export const stepList = (view: 'Pending' | 'All' = 'Pending') => screen.getByRole('list', { name: view });
export const findStepList = (view: 'Pending' | 'All' = 'Pending') =>
  screen.findByRole('list', { name: view });

/** Names of the shown steps, in order. */
export const shownNames = (view: 'Pending' | 'All' = 'Pending') =>
  within(stepList(view))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** The list item of a shown step. */
export function itemOf(name: string, view: 'Pending' | 'All' = 'Pending') {
  const item = within(stepList(view)).getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`no list item for ${name}`);
  return item;
}

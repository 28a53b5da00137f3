// Test helpers of the alert engine: a real cook store with a started run, and a recording delivery.
import { vi } from 'vitest';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  getOrStartRunForContest,
  runSelectors,
  runStepSelectors,
  type RunStep,
} from '../../store';
import { cookStore, type TestBundle } from '../../lib/test-support';
import { activeRunSteps, type AlertNotice } from './alert-engine';
import type { NotificationDelivery } from './notification-delivery';

export { cookStore, renderWithStore, type TestBundle } from '../../lib/test-support';

/** The cook-off day of these tests (store clock 2026-06-01 15:00 UTC, zone UTC). */
export const DAY = '2026-06-01';
export const at = (hhmmss: string) => Date.parse(`${DAY}T${hhmmss}Z`);

/**
 * A store with a cook-off on DAY whose run is started from one template 'Brisket' (turn-in 18:00) with
 * the given steps (name and minutes before turn-in). Returns the bundle, the run and its steps by name.
 */
export async function startedRun(steps: [name: string, minutesBefore: number][]) {
  const bundle = await cookStore();
  const { dispatch } = bundle.store;
  const contest = await dispatch(
    addContest({ name: 'Smoke on the Water', contest_date: DAY, sanctioning_body_id: '1' }),
  ).unwrap();
  const template = await dispatch(addTemplate({ name: 'Brisket', turn_in_time: '18:00' })).unwrap();
  for (const [name, minutes] of steps) {
    await dispatch(
      addTemplateStep({ template_id: template.id, name, minutes_before_turn_in: minutes }),
    ).unwrap();
  }
  await dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
  const { run, steps: runSteps } = await dispatch(getOrStartRunForContest(contest.id)).unwrap();
  const byName = Object.fromEntries(runSteps.map((step) => [step.name, step])) as Record<string, RunStep>;
  return { bundle, contest, run, steps: runSteps, byName };
}

/** The steps of the active runs as the store holds them now. */
export function storeSteps(bundle: TestBundle): RunStep[] {
  const state = bundle.store.getState();
  return activeRunSteps(runSelectors.selectAll(state), runStepSelectors.selectAll(state));
}

/** A delivery that records every notice and answers `shown` (true: shown natively). */
export function recordingDelivery(shown = true) {
  const notices: AlertNotice[] = [];
  const delivery: NotificationDelivery & { notices: AlertNotice[] } = {
    notices,
    deliver: vi.fn(async (notice: AlertNotice) => {
      notices.push(notice);
      return shown;
    }),
  };
  return delivery;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { completeStep, deleteTemplateStep, dismissStep, selectTemplateSteps } from '../../store';
import {
  at,
  cookOff,
  cookStore,
  findStepList,
  itemOf,
  renderRun,
  startRun,
  storedStep,
  type TestBundle,
} from './test-support';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** Completes a step of the cook-off's run at a custom instant of 2026-06-01 (UTC), through the store. */
async function completeAt(bundle: TestBundle, contestId: string, name: string, hhmm: string) {
  const step = storedStep(bundle, contestId, name);
  await bundle.store
    .dispatch(completeStep({ step_id: step.id, time_mode: 'custom', custom_at: at(hhmm) }))
    .unwrap();
}

async function dismiss(bundle: TestBundle, contestId: string, name: string) {
  await bundle.store.dispatch(dismissStep(storedStep(bundle, contestId, name).id)).unwrap();
}

/** The stored template step of that name (the cook-off's templates are Ribs and Chicken). */
function templateStep(bundle: TestBundle, name: string) {
  const state = bundle.store.getState();
  const all = Object.values(state.templates.entities).flatMap((t) =>
    t ? selectTemplateSteps(state, t.id) : [],
  );
  const found = all.find((step) => step.name === name);
  if (!found) throw new Error(`no template step ${name}`);
  return found;
}

const summary = () => screen.queryByRole('region', { name: 'Run summary' });

/** Body rows of a template's summary table, cell texts in column order. */
function rowsOf(template: string) {
  const table = within(summary() ?? document.body).getByRole('table', { name: template });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
}

const useActual = (stepName: string) =>
  screen.queryByRole('button', { name: `Use actual time next time for ${stepName}` });

describe('Run screen: planned against actual in the All view', () => {
  it("shows each completed step as '7 min late', '3 min early' or 'on time' (within a minute), and nothing for a pending step", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    await completeAt(bundle, contest.id, 'Inject', '14:07'); // planned 14:00
    await completeAt(bundle, contest.id, 'Wrap', '15:57'); // planned 16:00
    await completeAt(bundle, contest.id, 'Sauce', '16:31'); // planned 16:30
    const { user } = renderRun(bundle, contest.id);
    await findStepList();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(within(itemOf('Inject', 'All')).getByText('7 min late')).toBeTruthy();
    expect(within(itemOf('Wrap', 'All')).getByText('3 min early')).toBeTruthy();
    expect(within(itemOf('Sauce', 'All')).getByText('on time')).toBeTruthy();
    expect(itemOf('Box', 'All').textContent).not.toMatch(/late|early|on time/);
    // Box is still pending: the run is not over, so no summary.
    expect(summary()).toBeNull();
  });
});

describe('Run screen: run summary', () => {
  it('is not shown while a step is pending, nor when every step is dismissed and none completed', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    for (const name of ['Inject', 'Wrap', 'Sauce', 'Box']) await dismiss(bundle, contest.id, name);
    renderRun(bundle, contest.id);

    expect(await screen.findByText('No steps to show.')).toBeTruthy();
    expect(summary()).toBeNull();
  });

  it('appears above the list once the last step is completed: per template in run order, completed steps with planned, actual and difference', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    await completeAt(bundle, contest.id, 'Inject', '14:07');
    await dismiss(bundle, contest.id, 'Sauce');
    await completeAt(bundle, contest.id, 'Wrap', '16:10');
    renderRun(bundle, contest.id);
    await findStepList();
    expect(summary()).toBeNull();

    await act(() => completeAt(bundle, contest.id, 'Box', '17:52'));

    const region = await screen.findByRole('region', { name: 'Run summary' });
    expect(
      within(region)
        .getAllByRole('table')
        .map((t) => t.querySelector('caption')?.textContent),
    ).toEqual(['Chicken', 'Ribs']);
    // Sauce was dismissed, not completed: not listed.
    expect(rowsOf('Chicken')).toEqual([
      ['Inject', '14:00', '14:07', '7 min late', 'Use actual time next time'],
    ]);
    expect(rowsOf('Ribs')).toEqual([
      ['Wrap', '16:00', '16:10', '10 min late', 'Use actual time next time'],
      ['Box', '17:50', '17:52', '2 min late', ''],
    ]);
    const steps = screen.getByRole('heading', { level: 2, name: 'Steps' });
    expect(region.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("'Use actual time next time' stores the template step's minutes before turn-in moved by the difference (10 min late: 120 -> 110), says so and disables itself", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    await completeAt(bundle, contest.id, 'Inject', '13:54'); // 6 min early
    await completeAt(bundle, contest.id, 'Wrap', '16:10'); // 10 min late
    await completeAt(bundle, contest.id, 'Sauce', '16:26'); // 4 min early
    await completeAt(bundle, contest.id, 'Box', '17:55'); // 5 min late
    const { user } = renderRun(bundle, contest.id);
    await screen.findByRole('region', { name: 'Run summary' });
    expect(templateStep(bundle, 'Wrap').minutes_before_turn_in).toBe(120);

    // Under 5 minutes early or late: no action; from 5 on: the action.
    expect(useActual('Sauce')).toBeNull();
    expect(useActual('Box')).not.toBeNull();

    const wrapButton = useActual('Wrap') as HTMLButtonElement;
    await user.click(wrapButton);
    expect(await screen.findByText('Saved: Wrap now 110 min before turn-in.')).toBeTruthy();
    expect(templateStep(bundle, 'Wrap')).toMatchObject({
      minutes_before_turn_in: 110,
      updated_at: at('15:00'),
    });
    expect(wrapButton.disabled).toBe(true);
    await user.click(wrapButton);
    expect(templateStep(bundle, 'Wrap').minutes_before_turn_in).toBe(110);

    // Early: more minutes before turn-in (180 + 6).
    await user.click(useActual('Inject') as HTMLButtonElement);
    expect(await screen.findByText('Saved: Inject now 186 min before turn-in.')).toBeTruthy();
    expect(templateStep(bundle, 'Inject').minutes_before_turn_in).toBe(186);
    // The others are untouched.
    expect(templateStep(bundle, 'Sauce').minutes_before_turn_in).toBe(30);
    expect(templateStep(bundle, 'Box').minutes_before_turn_in).toBe(10);
  });

  it('offers no action for a step whose template step no longer exists', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    for (const [name, hhmm] of [
      ['Inject', '14:00'],
      ['Wrap', '16:10'],
      ['Sauce', '16:30'],
      ['Box', '17:50'],
    ] as const)
      await completeAt(bundle, contest.id, name, hhmm);
    await bundle.store.dispatch(deleteTemplateStep(templateStep(bundle, 'Wrap').id)).unwrap();
    renderRun(bundle, contest.id);
    await screen.findByRole('region', { name: 'Run summary' });

    expect(rowsOf('Ribs')[0]).toEqual(['Wrap', '16:00', '16:10', '10 min late', '']);
    expect(useActual('Wrap')).toBeNull();
  });

  it('remembers a saved step: coming back shows it saved and cannot move the template step twice', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    for (const [name, hhmm] of [
      ['Inject', '14:00'],
      ['Wrap', '16:10'],
      ['Sauce', '16:30'],
      ['Box', '17:50'],
    ] as const)
      await completeAt(bundle, contest.id, name, hhmm);
    const first = renderRun(bundle, contest.id);
    await screen.findByRole('region', { name: 'Run summary' });
    await first.user.click(useActual('Wrap') as HTMLButtonElement);
    await waitFor(() => expect(templateStep(bundle, 'Wrap').minutes_before_turn_in).toBe(110));
    first.unmount();
    renderRun(bundle, contest.id);
    await screen.findByRole('region', { name: 'Run summary' });
    expect((useActual('Wrap') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Saved: Wrap now 110 min before turn-in\./)).toBeTruthy();
  });
});

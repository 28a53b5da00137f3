// The run screen when the plan moves under a started run, and its ways out: an empty run, reset, finish.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  addTemplate,
  addTemplateStep,
  attachTemplate,
  completeStep,
  runSelectors,
  selectActiveRun,
  templateSelectors,
  type Contest,
} from '../../store';
import { renderWithStore } from '../../lib/test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { RunScreen } from './index';
import {
  at,
  cookOff,
  cookStore,
  findStepList,
  itemOf,
  shownNames,
  storedStep,
  storedSteps,
  type TestBundle,
} from './test-support';

const ribsId = (bundle: TestBundle) =>
  templateSelectors.selectAll(bundle.store.getState()).find((template) => template.name === 'Ribs')!.id;

/** A Manage templates panel as the app gives one: a dialog naming the cook-off, closed by its button. */
function ManagePanel({ contest, onClose }: { contest: Contest; onClose: () => void }) {
  return (
    <div role="dialog" aria-label={`Manage templates of ${contest.name}`}>
      <button onClick={onClose}>Close</button>
    </div>
  );
}

function renderRun(bundle: TestBundle, contestId: string) {
  return renderWithStore(
    bundle,
    <DisplayLocaleProvider locale="en-GB">
      <RunScreen now={() => bundle.clock.now} timeZone="UTC" manageTemplates={ManagePanel} />
    </DisplayLocaleProvider>,
    { path: `/contests/${contestId}/steps`, route: '/contests/:id/steps' },
  );
}

describe('Run screen: the plan moves', () => {
  it('moves the steps when the Ribs turn-in moves 30 min later and says what moved until dismissed', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    expect(screen.queryByText('The plan changed')).toBeNull();

    await bundle.store
      .dispatch(
        attachTemplate({
          contest_id: contest.id,
          template_id: ribsId(bundle),
          override_turn_in_time: '18:30',
        }),
      )
      .unwrap();

    const notice = (await screen.findByText('The plan changed')).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByText('Ribs: 2 steps 30 min later')).toBeTruthy();
    await user.click(within(notice).getByText('Show the 2 steps'));
    expect(within(notice).getByText('Ribs · Wrap: 16:00 → 16:30')).toBeTruthy();
    expect(within(notice).getByText('Ribs · Box: 17:50 → 18:20')).toBeTruthy();
    expect(itemOf('Wrap').querySelector('time')?.textContent).toBe('16:30');
    expect(storedStep(bundle, contest.id, 'Wrap').scheduled_at).toBe(at('16:30'));

    await user.click(screen.getByRole('button', { name: 'Dismiss the plan changes' }));
    await waitFor(() => expect(screen.queryByText('The plan changed')).toBeNull());
    expect(selectActiveRun(bundle.store.getState(), contest.id)?.plan_changes).toEqual([]);
  });

  it('adds the steps of a template attached while the run is open', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);
    await findStepList();
    const brisket = await bundle.store
      .dispatch(addTemplate({ name: 'Brisket', turn_in_time: '19:00' }))
      .unwrap();
    await bundle.store
      .dispatch(addTemplateStep({ template_id: brisket.id, name: 'Rest', minutes_before_turn_in: 60 }))
      .unwrap();
    await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: brisket.id })).unwrap();
    await waitFor(() => expect(shownNames()).toEqual(['Inject', 'Wrap', 'Sauce', 'Box', 'Rest']));
    expect(screen.getByText('Brisket: 1 step added')).toBeTruthy();
  });
});

describe('Run screen: no dead ends', () => {
  it('a cook-off started with nothing attached says so and offers Manage templates; attaching fills the run', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle, { withTemplates: false });
    const { user } = renderRun(bundle, contest.id);
    expect(await screen.findByRole('heading', { name: 'No templates attached' })).toBeTruthy();
    expect(screen.queryByText('0 of 0 steps done')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Manage templates' }));
    expect(screen.getByRole('dialog', { name: 'Manage templates of Odessa Smoke-off' })).toBeTruthy();
    const chicken = await bundle.store
      .dispatch(addTemplate({ name: 'Chicken', turn_in_time: '17:00' }))
      .unwrap();
    await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: chicken.id })).unwrap();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await findStepList();
    expect(shownNames()).toEqual(['Chicken']);
    expect(screen.getByText('0 of 1 steps done')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No templates attached' })).toBeNull();
  });

  it('Reset run asks first, then makes every step pending again', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    await bundle.store
      .dispatch(completeStep({ step_id: storedStep(bundle, contest.id, 'Inject').id, time_mode: 'now' }))
      .unwrap();
    await waitFor(() => expect(shownNames()).toEqual(['Wrap', 'Sauce', 'Box']));

    await user.click(screen.getByRole('button', { name: 'Reset run' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(storedStep(bundle, contest.id, 'Inject').status).toBe('completed');

    await user.click(screen.getByRole('button', { name: 'Reset run' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset run' }));
    await waitFor(() => expect(shownNames()).toEqual(['Inject', 'Wrap', 'Sauce', 'Box']));
    expect(storedSteps(bundle, contest.id).every((step) => step.status === 'pending')).toBe(true);
    expect(screen.getByText('Run reset: every step is pending again.')).toBeTruthy();
  });

  it('Finish run asks first, then ends the run and stays on it by its id', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    const runId = selectActiveRun(bundle.store.getState(), contest.id)!.id;

    await user.click(screen.getByRole('button', { name: 'Finish run' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Finish this run?' })).getByRole('button', {
        name: 'Finish run',
      }),
    );

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/contests/${contest.id}/runs/${runId}/steps`),
    );
    expect(runSelectors.selectById(bundle.store.getState(), runId)).toMatchObject({ status: 'finished' });
    expect(selectActiveRun(bundle.store.getState(), contest.id)).toBeUndefined();
  });
});

// Issue 18, part 4: the run screen reads right across midnight and over several days.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  completeStep,
  selectRunSteps,
  type RunStep,
} from '../../store';
import { renderWithStore } from '../../lib/test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { StepList } from './step-list';
import {
  cookOff,
  cookStore,
  findStepList,
  itemOf,
  NOW,
  renderRun,
  shownNames,
  startRun,
  type TestBundle,
} from './test-support';

const text = (element: Element, selector: string) => element.querySelector(selector)?.textContent;

/** A cook-off on `date` with one template 'Brisket' turning in at `turnIn`, steps as [name, minutes before]. */
async function brisketCookOff(
  bundle: TestBundle,
  date: string,
  turnIn: string,
  steps: [name: string, minutesBefore: number][],
) {
  const { dispatch } = bundle.store;
  const contest = await dispatch(
    addContest({ name: 'Overnight Smoke', sanctioning_body_id: '1', contest_date: date }),
  ).unwrap();
  const template = await dispatch(addTemplate({ name: 'Brisket', turn_in_time: turnIn })).unwrap();
  for (const [name, minutes] of steps) {
    await dispatch(
      addTemplateStep({ template_id: template.id, name, minutes_before_turn_in: minutes }),
    ).unwrap();
  }
  await dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
  return contest;
}

/** The day headings of the shown list, in order. */
const dayLabels = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('.pc-run-day__label')).map((label) => label.textContent);

describe('Run screen: the contest date', () => {
  it("shows the cook-off's date in the header in the locale's way ('Mon, 1 Jun 2026' en-GB) as a <time>", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);

    await findStepList();
    const date = screen.getByText('Mon, 1 Jun 2026');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2026-06-01');
    expect(date.closest('.pc-run__header')).toBeTruthy();
  });
});

describe('Run screen: en-US reads 12-hour times and month-first dates', () => {
  it("shows the clock, the step times, the day headings and the date as en-US writes them ('2:00 PM', 'Mon, Jun 1, 2026')", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id, { locale: 'en-US' });

    await findStepList();
    expect(text(itemOf('Inject'), 'time')).toBe('2:00 PM');
    expect(text(itemOf('Box'), 'time')).toBe('5:50 PM');
    expect(document.querySelector('.pc-run__clock time')?.textContent).toBe('3:00 PM');
    expect(screen.getByText('Mon, Jun 1, 2026').tagName).toBe('TIME');
    expect(screen.queryByText(/\b1[3-7]:\d\d\b/)).toBeNull();
  });

  it("labels the days 'Mon, Jun 1' and a step 3 days away 'Thu 5:50 PM'", async () => {
    const bundle = await cookStore();
    const overnight = await brisketCookOff(bundle, '2026-06-02', '13:30', [
      ['Trim', 1110],
      ['Box', 10],
    ]);
    const later = await brisketCookOff(bundle, '2026-06-04', '18:00', [['Box', 10]]);
    const first = renderRun(bundle, overnight.id, { locale: 'en-US' });
    expect(dayLabels(await findStepList())).toEqual(['Mon, Jun 1', 'Tue, Jun 2']);
    expect(text(itemOf('Trim'), 'time')).toBe('7:00 PM');
    first.unmount();

    renderRun(bundle, later.id, { locale: 'en-US' });
    await findStepList();
    expect(text(itemOf('Box'), 'time')).toBe('Thu 5:50 PM');
  });
});

describe('Run screen: days', () => {
  it('groups an overnight brisket by day: steps the evening before under one heading, turn-in day under the next', async () => {
    const bundle = await cookStore();
    // Turn-in Tue 2 Jun 13:30 (UTC): Trim Mon 19:00, On the smoker Mon 22:30, Wrap Tue 06:30, Box Tue 13:20.
    const contest = await brisketCookOff(bundle, '2026-06-02', '13:30', [
      ['Trim', 1110],
      ['On the smoker', 900],
      ['Wrap', 420],
      ['Box', 10],
    ]);
    renderRun(bundle, contest.id);

    const list = await findStepList();
    expect(dayLabels(list)).toEqual(['Mon 1 Jun', 'Tue 2 Jun']);
    const monday = within(list).getByRole('list', { name: 'Mon 1 Jun' });
    const tuesday = within(list).getByRole('list', { name: 'Tue 2 Jun' });
    expect(
      within(monday)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Trim', 'On the smoker']);
    expect(
      within(tuesday)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Wrap', 'Box']);
    expect(shownNames()).toEqual(['Trim', 'On the smoker', 'Wrap', 'Box']);
    // All within 24 h of now (Mon 15:00): the times need no day.
    expect(text(itemOf('Box'), 'time')).toBe('13:20');
    expect(within(itemOf('Box')).getByText('in 22:20:00')).toBeTruthy();
  });

  it('shows no day headings when every shown step is on one day', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);

    const list = await findStepList();
    expect(dayLabels(list)).toEqual([]);
    expect(within(list).queryAllByRole('list')).toEqual([]);
  });

  it("reads a step 3 days away with its day: 'Thu 17:50' and 'in 3 d 2 h' instead of 'in 74:50:00'", async () => {
    const bundle = await cookStore();
    const contest = await brisketCookOff(bundle, '2026-06-04', '18:00', [['Box', 10]]);
    renderRun(bundle, contest.id);

    await findStepList();
    const box = itemOf('Box');
    expect(text(box, 'time')).toBe('Thu 17:50');
    expect(within(box).getByText('in 3 d 2 h')).toBeTruthy();
    expect(within(box).queryByText(/74:50/)).toBeNull();
    expect(screen.getByText('Thu, 4 Jun 2026')).toBeTruthy();
  });

  it("reads a completion more than a day ago with its day and a step more than a day late as 'overdue 1 d 2 h'", async () => {
    const bundle = await cookStore();
    const contest = await brisketCookOff(bundle, '2026-06-01', '18:00', [
      ['Trim', 60],
      ['Box', 10],
    ]);
    const run = await startRun(bundle, contest.id);
    const trim = selectRunSteps(bundle.store.getState(), run.id).find((s) => s.name === 'Trim')!;
    await bundle.store.dispatch(completeStep({ step_id: trim.id, time_mode: 'scheduled' })).unwrap();
    bundle.clock.now = Date.parse('2026-06-02T19:50:00.000Z'); // Tue, 26 h after Box (Mon 17:50)
    const { user } = renderRun(bundle, contest.id);

    await findStepList();
    expect(text(itemOf('Box'), 'time')).toBe('Mon 17:50');
    expect(within(itemOf('Box')).getByText('overdue 1 d 2 h')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(within(itemOf('Trim', 'All')).getByText('Completed at Mon 17:00')).toBeTruthy();
  });
});

describe('Step list: a step no longer in the plan', () => {
  const step = (id: string, fields: Partial<RunStep> = {}): RunStep => ({
    id,
    run_id: 'run',
    contest_id: 'contest',
    template_id: 't-ribs',
    template_step_id: null,
    name: id,
    description: null,
    template_name: 'Ribs',
    scheduled_at: '2026-06-01T14:00:00.000Z',
    status: 'pending',
    completed_at: null,
    time_mode: null,
    dismissed_for_user: false,
    dismissed_at: null,
    created_at: '2026-06-01T00:00:00.000Z',
    updated_at: '2026-06-01T00:00:00.000Z',
    is_local: true,
    ...fields,
  });

  async function renderList(view: 'pending' | 'all', steps: RunStep[]) {
    const bundle = await cookStore();
    return renderWithStore(
      bundle,
      <DisplayLocaleProvider locale="en-GB">
        <StepList
          view={view}
          steps={steps}
          colours={new Map()}
          now={() => NOW}
          timeZone="UTC"
          busyStepId={null}
          onAction={() => undefined}
        />
      </DisplayLocaleProvider>,
    );
  }

  const offPlan = step('Spritz', { left_plan_at: '2026-06-01T13:00:00.000Z' });
  const kept = step('Mop');

  it("marks it 'No longer in the plan' in the All view, with no countdown, overdue state or step actions but its notes", async () => {
    await renderList('all', [kept, offPlan]);
    const item = within(screen.getByRole('list', { name: 'All' }))
      .getByRole('heading', { level: 3, name: 'Spritz' })
      .closest('li')!;
    expect(within(item).getByText('No longer in the plan')).toBeTruthy();
    expect(text(item, 'time')).toBe('14:00');
    expect(within(item).queryByText(/overdue|^in /)).toBeNull();
    expect(within(item).queryByText('Overdue')).toBeNull();
    expect(item.className).not.toContain('pc-run-step--overdue');
    expect(within(item).queryByRole('button', { name: /^(Complete|Snooze|Dismiss|Undismiss) / })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Notes Spritz' })).toBeTruthy();
    // The step still in the plan keeps its state.
    const mop = within(screen.getByRole('list', { name: 'All' }))
      .getByRole('heading', { level: 3, name: 'Mop' })
      .closest('li')!;
    expect(within(mop).getByText('overdue 1:00:00')).toBeTruthy();
    expect(within(mop).queryByText('No longer in the plan')).toBeNull();
  });

  it('is not in the Pending view', async () => {
    await renderList('pending', [kept, offPlan]);
    const list = screen.getByRole('list', { name: 'Pending' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Mop']);
  });

  it('keeps its completion time when it was completed before it left the plan', async () => {
    await renderList('all', [
      step('Glaze', {
        left_plan_at: '2026-06-01T14:30:00.000Z',
        status: 'completed',
        completed_at: '2026-06-01T14:05:00.000Z',
      }),
    ]);
    const item = screen.getByRole('heading', { level: 3, name: 'Glaze' }).closest('li')!;
    expect(within(item).getByText('Completed at 14:05')).toBeTruthy();
    expect(within(item).getByText('No longer in the plan')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { addTemplate, attachTemplate, completeStep, type RunStep } from '../../store';
import {
  at,
  cookOff,
  cookStore,
  findStepList,
  MINUTE,
  renderRun,
  startRun,
  storedStep,
} from './test-support';
import { turnInRows, turnInStepOf } from './turn-in-board-model';

const rowOf = (name: string) => {
  const row = within(screen.getByRole('list', { name: 'Turn-ins' }))
    .getByRole('heading', { level: 3, name })
    .closest('li');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Turn-ins' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

async function openBoard(bundle: Awaited<ReturnType<typeof cookStore>>, contestId: string, locale?: string) {
  const view = renderRun(bundle, contestId, { locale });
  await findStepList();
  await view.user.click(screen.getByRole('tab', { name: /^Turn-ins/ }));
  return view;
}

describe('Turn-in board', () => {
  it('lists one row per attached template in turn-in order with its category, turn-in, KCBS window and countdown', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await openBoard(bundle, contest.id);

    expect(rowNames()).toEqual(['Chicken', 'Ribs']);
    const chicken = rowOf('Chicken');
    expect(chicken.querySelector('.pc-turn-in__time')?.textContent).toBe('17:00');
    expect(within(chicken).getByText('16:55–17:05')).toBeTruthy();
    expect(within(chicken).getByText('in 2:00:00')).toBeTruthy();
    expect(chicken.className).not.toMatch(/--open|--missed/);
    const ribs = rowOf('Ribs');
    expect(within(ribs).getByText('17:55–18:05')).toBeTruthy();
    expect(within(ribs).getByText('in 3:00:00')).toBeTruthy();
  });

  it("writes the turn-in and its window in the locale's clock (en-US: '5:00 PM', '4:55 PM–5:05 PM')", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await openBoard(bundle, contest.id, 'en-US');

    const chicken = rowOf('Chicken');
    expect(chicken.querySelector('.pc-turn-in__time')?.textContent).toBe('5:00 PM');
    expect(within(chicken).getByText('4:55 PM–5:05 PM')).toBeTruthy();
  });

  it('shows the category of a template that has one', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle, { withTemplates: false });
    const pork = await bundle.store
      .dispatch(addTemplate({ name: 'Butt', turn_in_time: '16:00', category_id: '3' }))
      .unwrap();
    await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: pork.id })).unwrap();
    await openBoard(bundle, contest.id);
    expect(pork.category_name).toBe('Pork');
    expect(within(rowOf('Butt')).getByText('Pork')).toBeTruthy();
    expect(within(rowOf('Butt')).getByText('15:55–16:05')).toBeTruthy();
  });

  it('highlights a row while its window is open and counts it on the tab', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    bundle.clock.now = Date.parse(at('16:57'));
    await openBoard(bundle, contest.id);

    const chicken = rowOf('Chicken');
    expect(chicken.className).toContain('pc-turn-in--open');
    expect(within(chicken).getByText('Window open')).toBeTruthy();
    expect(within(chicken).getByText('closes in 8:00')).toBeTruthy();
    expect(rowOf('Ribs').className).not.toMatch(/--open|--missed/);
    expect(screen.getByRole('tab', { name: 'Turn-ins 1 now' })).toBeTruthy();
  });

  it('keeps a row highlighted after its window closed when nothing was turned in, and not once the box went in', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    bundle.clock.now = Date.parse(at('17:10'));
    await startRun(bundle, contest.id);
    await openBoard(bundle, contest.id);

    const chicken = rowOf('Chicken');
    expect(chicken.className).toContain('pc-turn-in--missed');
    expect(within(chicken).getByText('Not turned in')).toBeTruthy();
    expect(within(chicken).getByText('window closed 17:05')).toBeTruthy();

    // Sauce (16:30) is Chicken's last step: the one the judges' box stands for.
    const sauce = storedStep(bundle, contest.id, 'Sauce');
    await bundle.store
      .dispatch(completeStep({ step_id: sauce.id, time_mode: 'custom', custom_at: '17:03' }))
      .unwrap();
    await waitFor(() => expect(rowOf('Chicken').className).not.toContain('pc-turn-in--missed'));
    expect(within(rowOf('Chicken')).getByText('Turned in 17:03')).toBeTruthy();
  });
});

describe('turnInStepOf and turnInRows', () => {
  const step = (id: string, template_id: string, planned: string, extra: Partial<RunStep> = {}) =>
    ({
      id,
      template_id,
      template_step_id: id,
      name: id,
      description: null,
      template_name: template_id,
      scheduled_at: planned,
      planned_at: planned,
      status: 'pending',
      completed_at: null,
      dismissed_for_user: false,
      dismissed_at: null,
      time_mode: null,
      run_id: 'r',
      contest_id: 'c',
      created_at: planned,
      updated_at: planned,
      is_local: true,
      ...extra,
    }) as RunStep;

  it('takes the template’s last planned step, whatever a snooze did, and leaves out steps no longer in the plan', () => {
    const steps = [
      step('trim', 'brisket', at('04:00')),
      step('box', 'brisket', at('13:50'), { scheduled_at: at('14:30') }),
      step('spritz', 'brisket', at('13:00'), { scheduled_at: at('13:55') }),
      step('old', 'brisket', at('13:59'), { left_plan_at: at('12:00') }),
      step('ribs-box', 'ribs', at('12:20')),
    ];
    expect(turnInStepOf('brisket', steps)?.id).toBe('box');
    expect(turnInStepOf('ribs', steps)?.id).toBe('ribs-box');
    expect(turnInStepOf('chicken', steps)).toBeNull();
  });

  it('counts a template attached twice once, and reads the body’s window', () => {
    const turnIn = { template_id: 'ribs', template_name: 'Ribs', at: at('14:00') };
    const rows = turnInRows({
      turnIns: [turnIn, turnIn],
      steps: [step('box', 'ribs', at('13:50'), { status: 'completed', completed_at: at('13:58') })],
      categories: new Map([['ribs', 'Ribs']]),
      sanctioningBody: 'Kansas City Barbecue Society (KCBS)',
      nowMs: Date.parse(at('14:06')),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      phase: 'closed',
      turnedIn: true,
      alerting: false,
      turnedInAt: Date.parse(at('13:58')),
    });
    expect(rows[0]!.window.opensAt).toBe(Date.parse(at('14:00')) - 5 * MINUTE);
  });
});

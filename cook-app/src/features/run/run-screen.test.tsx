import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { completeStep, dismissStep, runSelectors, selectActiveRun } from '../../store';
import {
  at,
  cookOff,
  cookStore,
  findStepList,
  itemOf,
  NOW,
  renderRun,
  renderRunById,
  shownNames,
  startRun,
  stepList,
  storedStep,
  storedSteps,
} from './test-support';

const text = (element: Element, selector: string) => element.querySelector(selector)?.textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('Run screen: loading and lists', () => {
  it('starts the cook-off run and lists its steps in schedule order with due times, countdowns, template colours and descriptions', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);

    await findStepList();
    expect(screen.getByRole('heading', { level: 1, name: 'Odessa Smoke-off' })).toBeTruthy();
    const runs = runSelectors.selectAll(bundle.store.getState());
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ contest_id: contest.id, status: 'active' });
    expect(shownNames()).toEqual(['Inject', 'Wrap', 'Sauce', 'Box']);

    const inject = itemOf('Inject');
    expect(text(inject, 'time')).toBe('14:00');
    expect(within(inject).getByText('overdue 1:00:00')).toBeTruthy();
    expect(within(inject).getByText('Chicken')).toBeTruthy();
    expect(within(inject).getByText('No description.')).toBeTruthy();
    expect(inject.getAttribute('data-colour')).toBe('amber');
    expect(inject.style.getPropertyValue('--pc-run-step-colour')).toBe('var(--pc-color-step-amber)');

    const wrap = itemOf('Wrap');
    expect(text(wrap, 'time')).toBe('16:00');
    expect(within(wrap).getByText('in 1:00:00')).toBeTruthy();
    expect(within(wrap).getByText('Ribs')).toBeTruthy();
    expect(wrap.getAttribute('data-colour')).toBe('sky');
    expect(within(itemOf('Box')).getByText('Six bones')).toBeTruthy();
    expect(itemOf('Sauce').getAttribute('data-colour')).toBe('amber');
    expect(itemOf('Box').getAttribute('data-colour')).toBe('sky');
  });

  it('shows the header clock (HH:MM), the progress and, under its Timeline disclosure, the timeline with its now-line', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    await bundle.store
      .dispatch(completeStep({ step_id: storedStep(bundle, contest.id, 'Inject').id, time_mode: 'now' }))
      .unwrap();
    const { user } = renderRun(bundle, contest.id);

    await findStepList();
    expect(screen.getByText('15:00', { selector: '.pc-run__clock time' })).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: '1 of 4 steps done' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('4');
    // Folded on a phone (the test's window matches no wide-screen query).
    const timeline = screen.getByRole('button', { name: 'Timeline' });
    expect(timeline.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('figure', { name: 'Cook-off timeline' })).toBeNull();
    await user.click(timeline);
    expect(timeline.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('figure', { name: 'Cook-off timeline' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Now 15:00' })).toBeTruthy();
  });

  it('refreshes the header clock every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);
    await findStepList();

    bundle.clock.now = NOW + 61_000;
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(screen.getByText('15:00', { selector: '.pc-run__clock time' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByText('15:01', { selector: '.pc-run__clock time' })).toBeTruthy();
  });

  it('reuses the active run on a second visit instead of starting another', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const run = await startRun(bundle, contest.id);
    renderRun(bundle, contest.id);

    await findStepList();
    expect(runSelectors.selectAll(bundle.store.getState()).map((r) => r.id)).toEqual([run.id]);
  });

  it('hides completed and dismissed steps in Pending and shows them in All, with the completion time and Undismiss', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    bundle.clock.now = Date.parse(at('15:07'));
    await bundle.store
      .dispatch(completeStep({ step_id: storedStep(bundle, contest.id, 'Inject').id, time_mode: 'now' }))
      .unwrap();
    await bundle.store.dispatch(dismissStep(storedStep(bundle, contest.id, 'Sauce').id)).unwrap();
    const { user } = renderRun(bundle, contest.id);

    await findStepList();
    expect(shownNames()).toEqual(['Wrap', 'Box']);

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(shownNames('All')).toEqual(['Inject', 'Wrap', 'Sauce', 'Box']);
    const inject = itemOf('Inject', 'All');
    expect(within(inject).getByText('Completed at 15:07')).toBeTruthy();
    expect(within(inject).queryByText('Overdue')).toBeNull();
    expect(within(inject).queryByRole('button', { name: 'Complete Inject' })).toBeNull();
    const sauce = itemOf('Sauce', 'All');
    expect(within(sauce).getByText('Dismissed')).toBeTruthy();
    expect(within(sauce).getByRole('button', { name: 'Undismiss Sauce' })).toBeTruthy();
    expect(within(sauce).queryByRole('button', { name: 'Dismiss Sauce' })).toBeNull();
  });

  it('starts a run for a cook-off with no templates and says none is attached, with no progress of 0 steps', async () => {
    const bundle = await cookStore();
    const empty = await cookOff(bundle, { withTemplates: false });
    renderRun(bundle, empty.id);

    expect(await screen.findByRole('heading', { name: 'No templates attached' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(selectActiveRun(bundle.store.getState(), empty.id)).toBeDefined();
  });

  it("shows 'No steps to show.' in Pending when every step is completed", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    for (const step of storedSteps(bundle, contest.id))
      await bundle.store.dispatch(completeStep({ step_id: step.id, time_mode: 'scheduled' })).unwrap();
    const { user } = renderRun(bundle, contest.id);

    expect(await screen.findByText('No steps to show.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '4 of 4 steps done' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(shownNames('All')).toHaveLength(4);
  });

  it('opens a run by id at /contests/:contestId/runs/:runId/steps', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const run = await startRun(bundle, contest.id);
    renderRunById(bundle, contest.id, run.id);

    await findStepList();
    expect(screen.getByRole('heading', { level: 1, name: 'Odessa Smoke-off' })).toBeTruthy();
    expect(shownNames()).toEqual(['Inject', 'Wrap', 'Sauce', 'Box']);
  });

  it("shows 'Run not found' for an unknown run id", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRunById(bundle, contest.id, 'no-such-run');

    expect(await screen.findByRole('heading', { level: 1, name: 'Run not found' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pending' })).toBeNull();
  });

  it("shows 'Failed to start local run' for a cook-off that is not on this device, and starts nothing", async () => {
    const bundle = await cookStore();
    renderRun(bundle, 'no-such-contest');

    expect(await screen.findByText('Failed to start local run')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeTruthy();
    expect(runSelectors.selectAll(bundle.store.getState())).toEqual([]);
  });
});

describe('Run screen: countdowns and overdue', () => {
  it("shows 'overdue 4:12' and the Overdue badge for a past step and 'in 1:55:48' for a coming one at 14:04:12", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    bundle.clock.now = Date.parse('2026-06-01T14:04:12.000Z');
    renderRun(bundle, contest.id);

    await findStepList();
    const inject = itemOf('Inject');
    expect(within(inject).getByText('overdue 4:12')).toBeTruthy();
    expect(within(inject).getByText('Overdue')).toBeTruthy();
    const wrap = itemOf('Wrap');
    expect(within(wrap).getByText('in 1:55:48')).toBeTruthy();
    expect(within(wrap).queryByText('Overdue')).toBeNull();
  });

  it("reads 'in 1:05:30' an hour, five minutes and thirty seconds before a step is due", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    bundle.clock.now = Date.parse('2026-06-01T14:54:30.000Z');
    renderRun(bundle, contest.id);

    await findStepList();
    expect(within(itemOf('Wrap')).getByText('in 1:05:30')).toBeTruthy();
    expect(within(itemOf('Inject')).getByText('overdue 54:30')).toBeTruthy();
  });

  it('ticks every second while the page is visible, pauses while it is hidden and catches up when shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    bundle.clock.now = Date.parse(at('15:59')) + 58_000; // 2 s before Wrap is due
    renderRun(bundle, contest.id);
    await findStepList();
    expect(within(itemOf('Wrap')).getByText('in 0:02')).toBeTruthy();

    bundle.clock.now += 3_000;
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(within(itemOf('Wrap')).getByText('overdue 0:01')).toBeTruthy();
    expect(within(itemOf('Wrap')).getByText('Overdue')).toBeTruthy();

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    bundle.clock.now += 10_000;
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(within(itemOf('Wrap')).getByText('overdue 0:01')).toBeTruthy();

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(within(itemOf('Wrap')).getByText('overdue 0:11')).toBeTruthy());
    visibility.mockRestore();
  });

  it('renders only the selected view: choosing All replaces the Pending list', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(stepList('All')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pending' })).toBeNull();
  });
});

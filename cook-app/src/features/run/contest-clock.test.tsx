import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cookOff, cookStore, findStepList, itemOf, renderRun } from './test-support';
import { offsetText } from './contest-clock';

describe('Contest clock on the run screen', () => {
  it('follows the official clock the team types: header clock and countdowns move, and the phone clock comes back', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    expect(within(itemOf('Wrap')).getByText('in 1:00:00')).toBeTruthy();

    // The phone reads 15:00; the official clock at the cooks' meeting shows 15:05.
    await user.click(screen.getByRole('button', { name: 'Alert settings' }));
    await user.click(screen.getByRole('button', { name: 'Set contest clock' }));
    const dialog = screen.getByRole('dialog', { name: 'Set contest clock' });
    await user.type(within(dialog).getByLabelText(/The official clock shows/), '3:05 PM{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set contest clock' })).toBeNull());

    expect(bundle.store.getState().contests.entities[contest.id]?.clock_offset_ms).toBe(5 * 60_000);
    expect(screen.getByText('Contest clock +5 min')).toBeTruthy();
    await waitFor(() => expect(within(itemOf('Wrap')).getByText('in 55:00')).toBeTruthy());
    expect(screen.getByText('15:05', { selector: '.pc-run__clock time' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use phone clock' }));
    await waitFor(() => expect(within(itemOf('Wrap')).getByText('in 1:00:00')).toBeTruthy());
    expect(bundle.store.getState().contests.entities[contest.id]?.clock_offset_ms).toBe(0);
    // A whole flow typed key by key: more than the default 5 s on a busy 2-core machine.
  }, 15_000);

  it('refuses a time it cannot read and keeps the clock as it was', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    await user.click(screen.getByRole('button', { name: 'Alert settings' }));
    await user.click(screen.getByRole('button', { name: 'Set contest clock' }));
    const dialog = screen.getByRole('dialog', { name: 'Set contest clock' });
    await user.type(within(dialog).getByLabelText(/The official clock shows/), 'soon');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please pick a valid time (HH:MM).')).toBeTruthy();
    expect(bundle.store.getState().contests.entities[contest.id]?.clock_offset_ms ?? 0).toBe(0);
  });

  it('says how far the contest clock is from the phone', () => {
    expect(offsetText(3 * 60_000)).toBe('+3 min');
    expect(offsetText(-60_000)).toBe('-1 min');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { KEEP_SCREEN_ON_KEY } from '../../lib/alert-preferences';
import { cookOff, cookStore, findStepList, itemOf, renderRun, stepList } from './test-support';

/** A navigator.wakeLock that records requests and releases. */
function installWakeLock() {
  const released = vi.fn();
  const request = vi.fn(async () => {
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true;
        released();
      },
    };
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, released };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('Run screen in the field', () => {
  it('leads Pending with the next step, marked Next, with its Complete and Snooze', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    renderRun(bundle, contest.id);
    await findStepList();

    const first = within(stepList()).getAllByRole('listitem')[0]!;
    expect(first).toBe(itemOf('Inject'));
    expect(first.className).toContain('pc-run-step--next');
    expect(within(first).getByText('Next')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Complete Inject' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Snooze Inject' })).toBeTruthy();
    expect(itemOf('Wrap').className).not.toContain('pc-run-step--next');
  });

  it('keeps the contest clock, notification status, flash, sound and Keep screen on behind one Alert settings button', async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();

    const button = screen.getByRole('button', { name: 'Alert settings' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Set contest clock' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Flash the tab title' })).toBeNull();
    expect(screen.queryByText(/^Notifications:/)).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getByRole('button', { name: 'Set contest clock' })).toBeTruthy();
    expect(within(panel).getByText(/^Notifications:/)).toBeTruthy();
    expect(within(panel).getByRole('switch', { name: 'Flash the tab title' })).toBeTruthy();
    expect(within(panel).getByRole('switch', { name: 'Alert sound' })).toBeTruthy();
    expect(within(panel).getByRole('switch', { name: 'Keep screen on' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // Escape in the panel folds it and gives the button the focus back.
    within(panel).getByRole('switch', { name: 'Alert sound' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps the screen on while open: the lock is taken, released when Keep screen on goes off (stored), and on leaving', async () => {
    const { request, released } = installWakeLock();
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user, unmount } = renderRun(bundle, contest.id);
    await findStepList();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Alert settings' }));
    await user.click(screen.getByRole('switch', { name: 'Keep screen on' }));
    await waitFor(() => expect(released).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(KEEP_SCREEN_ON_KEY)).toBe('0');

    await user.click(screen.getByRole('switch', { name: 'Keep screen on' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    unmount();
    await waitFor(() => expect(released).toHaveBeenCalledTimes(2));
  });

  it('takes no lock when Keep screen on was turned off before', async () => {
    localStorage.setItem(KEEP_SCREEN_ON_KEY, '0');
    const { request } = installWakeLock();
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    const { user } = renderRun(bundle, contest.id);
    await findStepList();
    await user.click(screen.getByRole('button', { name: 'Alert settings' }));
    expect(screen.getByRole('switch', { name: 'Keep screen on' }).getAttribute('aria-checked')).toBe('false');
    expect(request).not.toHaveBeenCalled();
  });
});

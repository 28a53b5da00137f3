// The alert card on its own (issue 21, alerts you can act on): what it shows for one and for several
// alerts, its actions and their names, the keyboard, and the room it keeps at the bottom of the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FallbackAlertCard, type FallbackAlertCardProps, type FallbackAlertItem } from './fallback-alerts';
import type { AlertActions } from './use-alert-actions';
import { ALERT_DOCK_CLASS, ALERT_DOCK_SPACE_PROPERTY } from './use-dock-space';

function item(id: string, stepName: string, dueMs = 0): FallbackAlertItem {
  return {
    id,
    createdAtMs: 0,
    title: `PitClock - ${stepName}`,
    stepName,
    body: 'Due now · Brisket · due 08:30',
    url: `/contests/c1/runs/r1/steps`,
    dueMs,
  };
}

const TRIM = item('s-trim', 'Trim brisket');
const INJECT = item('s-inject', 'Inject brisket');
const LIGHT = item('s-light', 'Light the pit');

function stubActions(overrides: Partial<AlertActions> = {}): AlertActions {
  return {
    busyStepId: null,
    error: null,
    complete: vi.fn(async () => true),
    snooze: vi.fn(async () => true),
    ...overrides,
  };
}

function mount(props: Partial<FallbackAlertCardProps> & Pick<FallbackAlertCardProps, 'alerts'>) {
  const all: FallbackAlertCardProps = {
    actions: stubActions(),
    onClose: vi.fn(),
    onView: vi.fn(),
    onHoldChange: vi.fn(),
    ...props,
  };
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <FallbackAlertCard {...all} />
    </MemoryRouter>,
  );
  const rerender = (next: Partial<FallbackAlertCardProps>) =>
    view.rerender(
      <MemoryRouter>
        <FallbackAlertCard {...all} {...next} />
      </MemoryRouter>,
    );
  return { ...all, user, view, rerender };
}

const card = () => screen.getByRole('region', { name: 'Alerts' });
const toggle = () => within(card()).getByRole('button', { name: /steps$/ });

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('FallbackAlertCard: one alert', () => {
  it("shows its step's title and body with Complete, Snooze and View named after the step, and no list to open", () => {
    mount({ alerts: [TRIM] });
    expect(within(card()).getByRole('alert').textContent).toBe(
      'PitClock - Trim brisketDue now · Brisket · due 08:30',
    );
    expect(within(card()).getByRole('button', { name: 'Complete Trim brisket' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Snooze Trim brisket' })).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'View Trim brisket' }).getAttribute('href')).toBe(
      '/contests/c1/runs/r1/steps',
    );
    expect(within(card()).queryByRole('button', { name: /steps$/ })).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('Complete and Snooze act on its step, View closes it, Close closes the card', async () => {
    const { user, actions, onView, onClose } = mount({ alerts: [TRIM] });
    await user.click(screen.getByRole('button', { name: 'Complete Trim brisket' }));
    expect(actions.complete).toHaveBeenCalledWith('s-trim');
    await user.click(screen.getByRole('button', { name: 'Snooze Trim brisket' }));
    expect(actions.snooze).toHaveBeenCalledWith('s-trim');
    await user.click(screen.getByRole('link', { name: 'View Trim brisket' }));
    expect(onView).toHaveBeenCalledWith('s-trim');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while its step is being completed, Complete is busy and Snooze disabled; a failure is told', () => {
    const { rerender } = mount({ alerts: [TRIM], actions: stubActions({ busyStepId: 's-trim' }) });
    expect(screen.getByRole('button', { name: 'Complete Trim brisket' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Snooze Trim brisket' })).toHaveProperty('disabled', true);
    const told = () =>
      within(card())
        .getAllByRole('alert')
        .map((a) => a.textContent);
    const failed = stubActions({ error: { stepId: 's-trim', message: 'Failed to complete step' } });
    rerender({ actions: failed });
    expect(told()).toContain('Failed to complete step');
    // Once that step is off the card, its failure is not told over another step's alert.
    rerender({ actions: failed, alerts: [INJECT] });
    expect(told()).not.toContain('Failed to complete step');
  });
});

describe('FallbackAlertCard: alerts due together', () => {
  it("collapse into one card '3 steps due' naming the steps, with no per-step buttons until the list is opened", async () => {
    const { user } = mount({ alerts: [TRIM, INJECT, LIGHT] });
    expect(within(card()).getByRole('alert').textContent).toBe(
      '3 steps dueTrim brisket, Inject brisket, Light the pit',
    );
    expect(within(card()).queryAllByRole('button', { name: /^(Complete|Snooze) / })).toEqual([]);
    expect(toggle().textContent).toBe('Show steps');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle());
    expect(toggle().textContent).toBe('Hide steps');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const list = within(card()).getByRole('list', { name: 'Steps due' });
    expect(toggle().getAttribute('aria-controls')).toBe(list.id);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.pc-alerts__step')?.textContent)).toEqual([
      'Trim brisket',
      'Inject brisket',
      'Light the pit',
    ]);
    expect(
      rows.map((row) =>
        [...within(row).getAllByRole('button'), ...within(row).getAllByRole('link')].map((control) => [
          control.textContent,
          control.getAttribute('aria-label'),
        ]),
      ),
    ).toEqual([
      [
        ['Complete', 'Complete Trim brisket'],
        ['Snooze', 'Snooze Trim brisket'],
        ['View', 'View Trim brisket'],
      ],
      [
        ['Complete', 'Complete Inject brisket'],
        ['Snooze', 'Snooze Inject brisket'],
        ['View', 'View Inject brisket'],
      ],
      [
        ['Complete', 'Complete Light the pit'],
        ['Snooze', 'Snooze Light the pit'],
        ['View', 'View Light the pit'],
      ],
    ]);

    await user.click(toggle());
    expect(within(card()).queryByRole('list')).toBeNull();
  });

  it('works with the keyboard: Enter opens the list, Tab reaches each step, Enter and Space act, Escape closes it back to the toggle', async () => {
    const { user, actions } = mount({ alerts: [TRIM, INJECT] });
    await user.tab();
    expect(document.activeElement).toBe(toggle());
    await user.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await user.tab(); // Close
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Complete Trim brisket' }));
    await user.keyboard('{Enter}');
    expect(actions.complete).toHaveBeenCalledWith('s-trim');
    await user.tab();
    await user.keyboard(' ');
    expect(actions.snooze).toHaveBeenCalledWith('s-trim');
    await user.keyboard('{Escape}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it("after a step's alert was acted on and removed, focus goes to the next step's Complete, not the page", async () => {
    const { user, rerender } = mount({ alerts: [TRIM, INJECT, LIGHT] });
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Complete Trim brisket' }));
    rerender({ alerts: [INJECT, LIGHT] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Complete Inject brisket' }));
  });

  it('tells when the cook holds it (list open, or focus inside) and when the cook lets go', async () => {
    const onHoldChange = vi.fn();
    const { user, view } = mount({ alerts: [TRIM, INJECT], onHoldChange });
    expect(onHoldChange.mock.calls.at(-1)).toEqual([false]);
    await user.click(toggle());
    expect(onHoldChange.mock.calls.at(-1)).toEqual([true]);
    await user.keyboard('{Escape}');
    expect(onHoldChange.mock.calls.at(-1)).toEqual([true]); // focus is still on the toggle
    await user.click(document.body);
    expect(onHoldChange.mock.calls.at(-1)).toEqual([false]);
    await user.click(toggle());
    view.unmount();
    expect(onHoldChange.mock.calls.at(-1)).toEqual([false]);
  });
});

describe('FallbackAlertCard: order', () => {
  it('lists the steps due earliest first, whatever order their alerts came in', () => {
    mount({ alerts: [item('b', 'Wrap', 2000), item('a', 'Trim', 1000), item('c', 'Rest', 2000)] });
    expect(screen.getByRole('alert').textContent).toBe('3 steps dueTrim, Wrap, Rest');
  });
});

describe('FallbackAlertCard: room on the page', () => {
  it('keeps room at the bottom of the page while it is on screen, and gives it back when it goes', () => {
    const root = document.documentElement;
    const { view } = mount({ alerts: [TRIM] });
    expect(root.classList.contains(ALERT_DOCK_CLASS)).toBe(true);
    expect(root.style.getPropertyValue(ALERT_DOCK_SPACE_PROPERTY)).toMatch(/^\d+px$/);
    view.unmount();
    expect(root.classList.contains(ALERT_DOCK_CLASS)).toBe(false);
    expect(root.style.getPropertyValue(ALERT_DOCK_SPACE_PROPERTY)).toBe('');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissStep, selectStepNotes, type RunStep } from '../../store';
import { renderWithStore } from '../../lib/test-support';
import { CompleteDialog } from './complete-dialog';
import {
  at,
  cookOff,
  cookStore,
  findStepList,
  itemOf,
  MINUTE,
  NOW,
  renderRun,
  shownNames,
  startRun,
  storedStep,
  type TestBundle,
} from './test-support';

afterEach(() => {
  vi.useRealTimers();
});

async function ready(bundle: TestBundle) {
  const contest = await cookOff(bundle);
  const view = renderRun(bundle, contest.id);
  await findStepList();
  return { contest, ...view };
}

const button = (stepName: string, action: string, view: 'Pending' | 'All' = 'Pending') =>
  within(itemOf(stepName, view)).getByRole('button', { name: new RegExp(`^${action} ${stepName}$`) });
const dialogNamed = (name: string) => within(screen.getByRole('dialog', { name }));

describe('Run screen: complete', () => {
  it('completes a step now with a note: stored completed at now in mode now, the note saved, gone from Pending', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Wrap', 'Complete'));
    const dialog = dialogNamed('Complete "Wrap"');
    expect((dialog.getByRole('radio', { name: 'Now' }) as HTMLInputElement).checked).toBe(true);
    await user.type(dialog.getByLabelText('Note (optional)'), '  Wrapped in butcher paper ');
    await user.click(dialog.getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const wrap = storedStep(bundle, contest.id, 'Wrap');
    expect(wrap).toMatchObject({ status: 'completed', completed_at: at('15:00'), time_mode: 'now' });
    expect(selectStepNotes(bundle.store.getState(), wrap.id).map((n) => n.body)).toEqual([
      'Wrapped in butcher paper',
    ]);
    expect(shownNames()).toEqual(['Inject', 'Sauce', 'Box']);
    expect(screen.getByRole('progressbar', { name: '1 of 4 steps done' })).toBeTruthy();
  });

  it('completes a step at its scheduled time', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Inject', 'Complete'));
    const dialog = dialogNamed('Complete "Inject"');
    await user.click(dialog.getByRole('radio', { name: /Scheduled time/ }));
    await user.click(dialog.getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedStep(bundle, contest.id, 'Inject')).toMatchObject({
      completed_at: at('14:00'),
      time_mode: 'scheduled',
    });
    expect(selectStepNotes(bundle.store.getState(), storedStep(bundle, contest.id, 'Inject').id)).toEqual([]);
  });

  it("completes at a custom HH:MM on the scheduled day, refusing an unreadable time with 'Please pick a valid time (HH:MM).'", async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Inject', 'Complete'));
    const dialog = dialogNamed('Complete "Inject"');
    await user.click(dialog.getByRole('radio', { name: 'Custom' }));
    const time = dialog.getByLabelText('Time (HH:MM)');
    await user.clear(time);
    await user.type(time, '25:99');
    await user.click(dialog.getByRole('button', { name: 'Complete' }));

    expect(dialog.getByText('Please pick a valid time (HH:MM).')).toBeTruthy();
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(storedStep(bundle, contest.id, 'Inject').completed_at).toBeNull();

    await user.clear(time);
    await user.type(time, '14:20');
    await user.click(dialog.getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedStep(bundle, contest.id, 'Inject')).toMatchObject({
      completed_at: at('14:20'),
      time_mode: 'custom',
    });
  });

  it("refuses a custom time for a step with no scheduled time: 'This step has no scheduled time to anchor the date.'", async () => {
    const bundle = await cookStore();
    const contest = await cookOff(bundle);
    await startRun(bundle, contest.id);
    const step: RunStep = { ...storedStep(bundle, contest.id, 'Wrap'), scheduled_at: null };
    const onCompleted = vi.fn();
    const { user } = renderWithStore(
      bundle,
      <CompleteDialog
        step={step}
        now={() => NOW}
        timeZone="UTC"
        onClose={() => {}}
        onCompleted={onCompleted}
      />,
    );
    const before = bundle.store.getState();

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.click(screen.getByRole('button', { name: 'Complete' }));

    expect(screen.getByText('This step has no scheduled time to anchor the date.')).toBeTruthy();
    expect(onCompleted).not.toHaveBeenCalled();
    expect(bundle.store.getState().run_steps).toBe(before.run_steps);
  });
});

describe('Run screen: snooze', () => {
  it('snoozes a step 10 minutes from now by default: stored time moved, list reordered, new time shown', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Sauce', 'Snooze'));
    const dialog = dialogNamed('Snooze "Sauce"');
    expect((dialog.getByLabelText('Minutes') as HTMLInputElement).value).toBe('10');
    await user.click(dialog.getByRole('button', { name: 'Snooze' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedStep(bundle, contest.id, 'Sauce').scheduled_at).toBe(
      new Date(NOW + 10 * MINUTE).toISOString(),
    );
    expect(shownNames()).toEqual(['Inject', 'Sauce', 'Wrap', 'Box']);
    expect(itemOf('Sauce').querySelector('time')?.textContent).toBe('15:10');
    expect(screen.getByText('"Sauce" snoozed to 15:10.')).toBeTruthy();
  });

  it('refuses fewer than 1 minute with the domain message beside the field and stores nothing', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Wrap', 'Snooze'));
    const dialog = dialogNamed('Snooze "Wrap"');
    const minutes = dialog.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(dialog.getByRole('button', { name: 'Snooze' }));

    expect(dialog.getByText('Snooze for at least 1 minute.')).toBeTruthy();
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(storedStep(bundle, contest.id, 'Wrap').scheduled_at).toBe(at('16:00'));

    await user.clear(minutes);
    await user.type(minutes, '25');
    await user.click(dialog.getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedStep(bundle, contest.id, 'Wrap').scheduled_at).toBe(at('15:25'));
  });
});

describe('Run screen: dismiss and undismiss', () => {
  it('dismisses a step, gives the focus to the next step and offers Undo for 5 seconds, then the offer goes and the step stays dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const bundle = await cookStore();
    const { contest } = await ready(bundle);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(button('Wrap', 'Dismiss'));

    const undo = await screen.findByRole('button', { name: 'Undo' });
    // Announced by its live region; the focus stays near the list: on the step after Wrap.
    expect(undo.closest('[role="status"]')?.textContent).toContain('Dismissed "Wrap".');
    const sauce = within(itemOf('Sauce')).getByRole('heading', { level: 3, name: 'Sauce' });
    await waitFor(() => expect(document.activeElement).toBe(sauce));
    expect(storedStep(bundle, contest.id, 'Wrap')).toMatchObject({
      dismissed_for_user: true,
      dismissed_at: at('15:00'),
    });
    expect(shownNames()).toEqual(['Inject', 'Sauce', 'Box']);

    act(() => {
      vi.advanceTimersByTime(4_500);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(storedStep(bundle, contest.id, 'Wrap').dismissed_for_user).toBe(true);
    expect(document.activeElement).toBe(sauce);
  });

  it('gives the focus to the Steps heading when the last pending step is dismissed', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);
    for (const name of ['Inject', 'Wrap', 'Sauce'])
      await bundle.store.dispatch(dismissStep(storedStep(bundle, contest.id, name).id)).unwrap();
    await waitFor(() => expect(shownNames()).toEqual(['Box']));

    await user.click(button('Box', 'Dismiss'));
    await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Steps' })),
    );
  });

  it('Undo from the keyboard brings the step back and gives it the focus', async () => {
    const bundle = await cookStore();
    const { user } = await ready(bundle);
    await user.click(button('Wrap', 'Dismiss'));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownNames()).toContain('Wrap'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(itemOf('Wrap')).getByRole('heading', { level: 3, name: 'Wrap' }),
      ),
    );
  });

  it('Undo restores the dismissed step in the store and in Pending', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Wrap', 'Dismiss'));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(shownNames()).toEqual(['Inject', 'Wrap', 'Sauce', 'Box']));
    expect(storedStep(bundle, contest.id, 'Wrap')).toMatchObject({
      dismissed_for_user: false,
      dismissed_at: null,
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('undismisses a dismissed step from the All view', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);
    await user.click(button('Box', 'Dismiss'));
    await screen.findByRole('button', { name: 'Undo' });

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(button('Box', 'Undismiss', 'All'));

    await waitFor(() => expect(storedStep(bundle, contest.id, 'Box').dismissed_for_user).toBe(false));
    expect(within(itemOf('Box', 'All')).getByRole('button', { name: 'Dismiss Box' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(shownNames()).toContain('Box');
  });
});

describe('Run screen: notes', () => {
  it('adds notes to a step: an empty one is refused, a note is stored trimmed and listed newest first with its time', async () => {
    const bundle = await cookStore();
    const { contest, user } = await ready(bundle);

    await user.click(button('Wrap', 'Notes'));
    const dialog = dialogNamed('Notes: Wrap');
    expect(dialog.getByText('No notes yet.')).toBeTruthy();
    const field = dialog.getByLabelText('New note');

    await user.type(field, '   ');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));
    expect(dialog.getByText('Write a note first.')).toBeTruthy();
    const wrapId = storedStep(bundle, contest.id, 'Wrap').id;
    expect(selectStepNotes(bundle.store.getState(), wrapId)).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Bark set, 165F  ');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(selectStepNotes(bundle.store.getState(), wrapId)).toHaveLength(1));
    expect(selectStepNotes(bundle.store.getState(), wrapId)[0]).toMatchObject({
      body: 'Bark set, 165F',
      step_id: wrapId,
      created_at: at('15:00'),
    });
    expect((field as HTMLTextAreaElement).value).toBe('');

    bundle.clock.now = NOW + 5 * MINUTE;
    await user.type(field, 'Wrapped');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));

    await waitFor(() =>
      expect(
        within(dialog.getByRole('list', { name: 'Notes' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['15:05Wrapped', '15:00Bark set, 165F']),
    );
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(within(itemOf('Wrap')).getByRole('button', { name: 'Notes (2) Wrap' })).toBeTruthy();
  });
});

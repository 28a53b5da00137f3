// The "Missed while away" panel's texts (issue 18, part 4) and which runs it leaves out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { finishRun } from '../../store';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { AlertCenter } from './alert-center';
import { MissedPanel, missedDetails } from './missed-panel';
import { ALERT_LAST_SEEN_KEY, type MissedView } from './missed-while-away';
import { at, recordingDelivery, renderWithStore, startedRun } from './test-support';

const MINUTE = 60_000;

function view(fields: Partial<MissedView> & Pick<MissedView, 'dueMs' | 'describedAtMs'>): MissedView {
  return {
    stepId: 's1',
    stage: 'overdue',
    stepName: 'Trim',
    templateName: 'Brisket',
    runId: 'r1',
    contestId: 'c1',
    overdueMinutes: Math.floor((fields.describedAtMs - fields.dueMs) / MINUTE),
    ...fields,
  };
}

describe('missedDetails', () => {
  it("reads a step due today 'due 08:30' and its lateness in hours and minutes ('overdue by 1 h 30 min')", () => {
    expect(
      missedDetails(view({ dueMs: at('08:30:00'), describedAtMs: at('10:00:00') }), 'UTC', 'en-GB'),
    ).toBe('Brisket · due 08:30 · overdue by 1 h 30 min');
    expect(
      missedDetails(view({ dueMs: at('08:30:00'), describedAtMs: at('08:45:00') }), 'UTC', 'en-GB'),
    ).toBe('Brisket · due 08:30 · overdue by 15 min');
    expect(
      missedDetails(view({ dueMs: at('08:30:00'), describedAtMs: at('20:35:00') }), 'UTC', 'en-GB'),
    ).toBe('Brisket · due 08:30 · overdue by 12 h 5 min');
    expect(
      missedDetails(view({ dueMs: at('08:30:00'), describedAtMs: at('20:30:00') }), 'UTC', 'en-GB'),
    ).toBe('Brisket · due 08:30 · overdue by 12 h');
  });

  it("shows the day of a due time not on today's date ('due Sun 23:00'), and days and hours from a day on", () => {
    const sunday2300 = Date.parse('2026-05-31T23:00:00Z');
    expect(missedDetails(view({ dueMs: sunday2300, describedAtMs: at('01:00:00') }), 'UTC', 'en-GB')).toBe(
      'Brisket · due Sun 23:00 · overdue by 2 h',
    );
    // Not 'overdue by 46198 min' beside 'due 08:01'.
    const monthOld = at('08:01:00') - 32 * 24 * 60 * MINUTE;
    expect(missedDetails(view({ dueMs: monthOld, describedAtMs: at('10:00:00') }), 'UTC', 'en-GB')).toBe(
      'Brisket · due Thu 08:01 · overdue by 32 d 1 h',
    );
    // Today is the zone's today: 23:00 UTC on Sunday is 18:00 on Sunday in Chicago, and so is 01:00 UTC Monday.
    expect(
      missedDetails(view({ dueMs: sunday2300, describedAtMs: at('01:00:00') }), 'America/Chicago', 'en-GB'),
    ).toBe('Brisket · due 18:00 · overdue by 2 h');
  });

  it("writes the due time in the locale's clock ('due 1:55 PM' in en-US, with its day when not today)", () => {
    expect(
      missedDetails(view({ dueMs: at('13:55:00'), describedAtMs: at('14:00:00') }), 'UTC', 'en-US'),
    ).toBe('Brisket · due 1:55 PM · overdue by 5 min');
    const sunday2300 = Date.parse('2026-05-31T23:00:00Z');
    expect(missedDetails(view({ dueMs: sunday2300, describedAtMs: at('01:00:00') }), 'UTC', 'en-US')).toBe(
      'Brisket · due Sun 11:00 PM · overdue by 2 h',
    );
  });

  it("reads 'due now' within the first minute and leaves out a template without a name", () => {
    expect(
      missedDetails(
        view({ dueMs: at('08:30:00'), describedAtMs: at('08:30:00'), templateName: null }),
        'UTC',
        'en-GB',
      ),
    ).toBe('due 08:30 · due now');
  });
});

describe('MissedPanel', () => {
  it('shows each row with the step name and its details, a View link and Got it', () => {
    render(
      <DisplayLocaleProvider locale="en-GB">
        <MissedPanel
          items={[view({ dueMs: Date.parse('2026-05-31T21:55:00Z'), describedAtMs: at('10:00:00') })]}
          timeZone="UTC"
          onAcknowledge={() => undefined}
        />
      </DisplayLocaleProvider>,
    );
    const region = screen.getByRole('region', { name: 'Missed while away' });
    expect(within(region).getByText('Trim')).toBeTruthy();
    expect(within(region).getByText('Brisket · due Sun 21:55 · overdue by 12 h 5 min')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Got it' })).toBeTruthy();
  });
});

describe('AlertCenter: which runs the missed list leaves out', () => {
  const tick = (ms = 0) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  const missedRegion = () => screen.queryByRole('region', { name: 'Missed while away' });
  const names = () =>
    within(missedRegion()!)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('p')?.textContent);

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Brisket turns in at 18:00: Trim is due at 08:30, Box at 17:50 (the run's latest due time: its last turn-in). */
  const day = () =>
    startedRun([
      ['Trim', 570],
      ['Box', 10],
    ]);

  it("lists a run's steps up to a day after its last turn-in, and none of a run more than a day past it", async () => {
    const { bundle } = await day();
    localStorage.setItem(ALERT_LAST_SEEN_KEY, String(at('08:00:00')));
    vi.useFakeTimers({ now: at('17:50:00') + 24 * 60 * MINUTE });
    renderWithStore(
      bundle,
      <DisplayLocaleProvider locale="en-GB">
        <AlertCenter storage={localStorage} timeZone="UTC" notify={recordingDelivery()} />
      </DisplayLocaleProvider>,
    );
    await tick();
    expect(names()).toEqual(['Trim', 'Box']);
    expect(within(missedRegion()!).getByText('Brisket · due Mon 17:50 · overdue by 1 d')).toBeTruthy();

    await tick(5_000); // more than a day past the last turn-in
    expect(missedRegion()).toBeNull();
  });

  it('shows nothing of a month-old run', async () => {
    const { bundle } = await day();
    localStorage.setItem(ALERT_LAST_SEEN_KEY, String(at('08:00:00')));
    vi.useFakeTimers({ now: at('10:00:00') + 30 * 24 * 60 * MINUTE });
    renderWithStore(
      bundle,
      <DisplayLocaleProvider locale="en-GB">
        <AlertCenter storage={localStorage} timeZone="UTC" notify={recordingDelivery()} />
      </DisplayLocaleProvider>,
    );
    await tick();
    expect(missedRegion()).toBeNull();
  });

  it('drops the steps of a run once it is finished', async () => {
    const { bundle, run } = await day();
    localStorage.setItem(ALERT_LAST_SEEN_KEY, String(at('08:00:00')));
    vi.useFakeTimers({ now: at('10:00:00') });
    renderWithStore(
      bundle,
      <DisplayLocaleProvider locale="en-GB">
        <AlertCenter storage={localStorage} timeZone="UTC" notify={recordingDelivery()} />
      </DisplayLocaleProvider>,
    );
    await tick();
    expect(names()).toEqual(['Trim']);

    await act(async () => {
      await bundle.store.dispatch(finishRun(run.id)).unwrap();
    });
    await tick(5_000);
    expect(missedRegion()).toBeNull();
  });
});

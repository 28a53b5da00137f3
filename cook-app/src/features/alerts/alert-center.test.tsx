import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { AlertCenter } from './alert-center';
import { completeStep, dismissStep } from '../../store';
import { ALERT_STATES_KEY } from './alert-engine';
import { ALERT_SOUND_KEY, TITLE_FLASH_KEY } from '../../lib/alert-preferences';
import { ALERT_LAST_SEEN_KEY, ALERT_MISSED_KEY } from './missed-while-away';
import { at, recordingDelivery, renderWithStore, startedRun, type TestBundle } from './test-support';

/** Advances the fake clock and timers, letting the deliveries' promises settle. */
const tick = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Fake timers and Date from `startMs` (installed after the store is ready, which needs real timers). */
function clockAt(startMs: number) {
  vi.useFakeTimers({ now: startMs });
}

function mount(bundle: TestBundle, props: Parameters<typeof AlertCenter>[0] = {}) {
  return renderWithStore(bundle, <AlertCenter storage={localStorage} timeZone="UTC" {...props} />);
}

function hideTab() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

const region = () => screen.queryByRole('region', { name: 'Alerts' });

describe('AlertCenter', () => {
  it('with notification permission granted delivers a due step once with the exact title, body, tag, actions and data, and shows no in-app alert', async () => {
    const { bundle, contest, run, byName } = await startedRun([['Wrap', 60]]);
    const notify = recordingDelivery(true);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    await tick(5000);
    await tick(5000);
    expect(notify.notices).toEqual([
      {
        title: 'PitClock - Wrap',
        options: {
          body: 'Due now · Brisket · due 17:00',
          tag: 'pitclock-step-alert',
          requireInteraction: true,
          actions: [
            { action: 'view', title: 'View Contest' },
            { action: 'dismiss', title: 'Dismiss' },
          ],
          data: {
            url: `/contests/${contest.id}/runs/${run.id}/steps`,
            stepId: byName.Wrap!.id,
            runId: run.id,
            contestId: contest.id,
          },
        },
      },
    ]);
    expect(region()).toBeNull();
  });

  it('keeps checking every 5 s: the overdue alert follows after the due-now one and repeats after more than 60 s', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    const notify = recordingDelivery(true);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    await tick(15_000); // 17:00:10
    await tick(65_000); // 17:01:15
    expect(notify.notices.map((n) => n.options.body)).toEqual([
      'Due now · Brisket · due 17:00',
      'Overdue · Brisket · due 17:00',
      'Overdue · Brisket · due 17:00',
    ]);
  });

  it('persists the alert states, so a second AlertCenter on the same storage (a reload) does not alert again, and drops states of steps that are gone', async () => {
    const { bundle, byName } = await startedRun([['Wrap', 60]]);
    const wrap = byName.Wrap!.id;
    localStorage.setItem(
      ALERT_STATES_KEY,
      JSON.stringify({ 'gone-step': { dueMs: 1, stage: 'due-now', sentAtMs: 1 } }),
    );
    const first = recordingDelivery(true);
    clockAt(at('16:59:55'));
    const view = mount(bundle, { notify: first });
    await tick();
    expect(first.notices).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(ALERT_STATES_KEY)!)).toEqual({
      [wrap]: { dueMs: at('17:00:00'), stage: 'due-now', sentAtMs: at('16:59:55') },
    });
    view.unmount();

    const second = recordingDelivery(true);
    await tick(3000); // 16:59:58, still due-now
    mount(bundle, { notify: second });
    await tick();
    await tick(5000); // 17:00:03
    expect(second.notices).toEqual([]);
    await tick(10_000); // 17:00:13: overdue is a new stage
    expect(second.notices.map((n) => n.options.body)).toEqual(['Overdue · Brisket · due 17:00']);
  });

  it('when the delivery cannot show a notification, lists in-app alerts with title, body and View link, at most 5 (the newest), each gone after 12 s', async () => {
    const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const { bundle, contest, run } = await startedRun(names.map((name) => [name, 60]));
    const notify = recordingDelivery(false);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    expect(notify.notices).toHaveLength(6);
    const alerts = within(region()!).getAllByRole('alert');
    expect(alerts.map((a) => a.querySelector('.pc-alerts__title')?.textContent)).toEqual(
      notify.notices.slice(1).map((n) => n.title),
    );
    expect(alerts[0]).toHaveProperty('textContent', expect.stringContaining('Due now · Brisket · due 17:00'));
    expect(within(alerts[0]!).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/contests/${contest.id}/runs/${run.id}/steps`,
    );
    await tick(11_999);
    expect(within(region()!).getAllByRole('alert')).toHaveLength(5);
    await tick(1);
    expect(region()).toBeNull();
  });

  it('without a Notification API (jsdom, like an unsupported browser) the default delivery falls back to an in-app alert that its close button removes', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    clockAt(at('16:59:55'));
    mount(bundle);
    await tick();
    const alert = within(region()!).getByRole('alert');
    expect(within(alert).getByText('PitClock - Wrap')).toBeTruthy();
    expect(within(alert).getByText('Due now · Brisket · due 17:00')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(region()).toBeNull();
  });

  it('while the tab is hidden, an alert flashes the title with "⏰ <step>" for 9 toggles of 600 ms, then restores it', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    hideTab();
    document.title = 'PitClock';
    clockAt(at('16:59:55'));
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    const titles = [document.title];
    for (let i = 0; i < 10; i += 1) {
      await tick(600);
      titles.push(document.title);
    }
    const F = '⏰ Wrap';
    const O = 'PitClock';
    expect(titles).toEqual([F, O, F, O, F, O, F, O, F, O, O]);
  });

  it('does not flash the title when the tab is visible, nor when the title flash preference is off', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    document.title = 'PitClock';
    clockAt(at('16:59:55'));
    const view = mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(document.title).toBe('PitClock');
    view.unmount();

    localStorage.clear();
    localStorage.setItem(TITLE_FLASH_KEY, '0');
    hideTab();
    const notify = recordingDelivery(true);
    mount(bundle, { notify });
    await tick();
    expect(notify.notices).toHaveLength(1);
    expect(document.title).toBe('PitClock');
  });

  it('plays a tone per check with alerts only when the sound preference is on (off by default)', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    const started = vi.fn();
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator = () => ({
        frequency: { setValueAtTime: vi.fn() },
        connect: vi.fn(),
        start: started,
        stop: vi.fn(),
      });
      createGain = () => ({
        gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
        connect: vi.fn(),
      });
      close = () => Promise.resolve();
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    clockAt(at('16:59:55'));
    const view = mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(started).not.toHaveBeenCalled();
    view.unmount();

    localStorage.clear();
    localStorage.setItem(ALERT_SOUND_KEY, '1');
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('when the storage cannot be written, remembers the alert states in memory and still alerts each stage once', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const notify = recordingDelivery(true);
    clockAt(at('16:59:55'));
    mount(bundle, { notify, storage: full });
    await tick();
    await tick(10_000);
    expect(notify.notices.map((n) => n.options.body)).toEqual(['Due now · Brisket · due 17:00']);
  });
});

describe('AlertCenter: in-app alerts that no longer need attention', () => {
  it('removes an in-app alert at the next check once its step is completed or dismissed, and keeps the others', async () => {
    const { bundle, byName } = await startedRun([
      ['Wrap', 60],
      ['Foil', 60],
      ['Rest', 60],
    ]);
    const notify = recordingDelivery(false);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    const titles = () =>
      within(region()!)
        .getAllByRole('alert')
        .map((a) => a.querySelector('.pc-alerts__title')?.textContent)
        .sort();
    expect(titles()).toEqual(['PitClock - Foil', 'PitClock - Rest', 'PitClock - Wrap']);
    await act(async () => {
      await bundle.store.dispatch(completeStep({ step_id: byName.Wrap!.id, time_mode: 'now' })).unwrap();
      await bundle.store.dispatch(dismissStep(byName.Foil!.id)).unwrap();
    });
    expect(titles()).toHaveLength(3); // not before the next check
    await tick(5000); // 17:00:00, well within the 12 s an alert stays
    expect(titles()).toEqual(['PitClock - Rest']);
    expect(notify.notices).toHaveLength(3);
  });
});

describe('AlertCenter: missed while away', () => {
  const missedRegion = () => screen.queryByRole('region', { name: 'Missed while away' });
  const rows = () =>
    within(missedRegion()!)
      .getAllByRole('listitem')
      .map((row) => [...row.querySelectorAll('p')].map((p) => p.textContent));
  const stored = () => JSON.parse(localStorage.getItem(ALERT_MISSED_KEY) ?? 'null') as unknown;

  function showTab() {
    act(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  /** Brisket turns in at 18:00: Trim is due at 08:30, Inject at 09:45, Wrap at 17:00. */
  const day = () =>
    startedRun([
      ['Trim', 570],
      ['Inject', 495],
      ['Wrap', 60],
    ]);

  it('lists the steps alerted while the tab was hidden once it is visible again, keeps them over a remount on the same storage, and Got it clears the list and its storage', async () => {
    const { bundle, contest, run, byName } = await day();
    clockAt(at('07:59:55'));
    const first = mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(missedRegion()).toBeNull();
    expect(localStorage.getItem(ALERT_LAST_SEEN_KEY)).toBe(String(at('07:59:55')));

    hideTab();
    await tick(2 * 60 * 60_000 + 5_000); // 10:00:00, the checks kept running in the background
    expect(localStorage.getItem(ALERT_LAST_SEEN_KEY)).toBe(String(at('07:59:55')));
    showTab();
    expect(rows()).toEqual([
      ['Trim', 'Brisket · due 08:30 · overdue by 1 h 30 min'],
      ['Inject', 'Brisket · due 09:45 · overdue by 15 min'],
    ]);
    const links = within(missedRegion()!).getAllByRole('link', { name: 'View' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/contests/${contest.id}/runs/${run.id}/steps`,
      `/contests/${contest.id}/runs/${run.id}/steps`,
    ]);
    expect(stored()).toEqual([
      { stepId: byName.Trim!.id, dueMs: at('08:30:00'), stage: 'overdue' },
      { stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'overdue' },
    ]);
    expect(localStorage.getItem(ALERT_LAST_SEEN_KEY)).toBe(String(at('10:00:00')));

    first.unmount(); // a reload
    await tick(60_000);
    const second = mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(rows().map(([name]) => name)).toEqual(['Trim', 'Inject']);
    expect(rows()[0]).toEqual(['Trim', 'Brisket · due 08:30 · overdue by 1 h 31 min']);

    fireEvent.click(within(missedRegion()!).getByRole('button', { name: 'Got it' }));
    expect(missedRegion()).toBeNull();
    expect(localStorage.getItem(ALERT_MISSED_KEY)).toBeNull();
    await tick(5000);
    expect(missedRegion()).toBeNull();
    second.unmount();
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(missedRegion()).toBeNull();
  });

  it('at start lists the steps due since the app was last seen (closed 08:00-10:00) and drops one completed or dismissed meanwhile at the next check', async () => {
    const { bundle, byName } = await day();
    localStorage.setItem(ALERT_LAST_SEEN_KEY, String(at('08:00:00')));
    clockAt(at('10:00:00'));
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(rows().map(([name]) => name)).toEqual(['Trim', 'Inject']);
    // The panel is part of the page content, before the cook screens (not the fixed alerts area).
    expect(missedRegion()!.className).toBe('pc-missed');

    await act(async () => {
      await bundle.store.dispatch(completeStep({ step_id: byName.Trim!.id, time_mode: 'now' })).unwrap();
    });
    await tick(5000);
    expect(rows().map(([name]) => name)).toEqual(['Inject']);
    expect(stored()).toEqual([{ stepId: byName.Inject!.id, dueMs: at('09:45:00'), stage: 'overdue' }]);

    await act(async () => {
      await bundle.store.dispatch(dismissStep(byName.Inject!.id)).unwrap();
    });
    await tick(5000);
    expect(missedRegion()).toBeNull();
    expect(localStorage.getItem(ALERT_MISSED_KEY)).toBeNull();
  });

  it('at the first start ever (no last-seen instant) lists nothing, and starts remembering when the app was seen', async () => {
    const { bundle } = await day();
    clockAt(at('10:00:00'));
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    expect(missedRegion()).toBeNull();
    expect(localStorage.getItem(ALERT_MISSED_KEY)).toBeNull();
    expect(localStorage.getItem(ALERT_LAST_SEEN_KEY)).toBe(String(at('10:00:00')));
  });

  it('does not list steps alerted while the team was watching (tab visible throughout)', async () => {
    const { bundle } = await day();
    const notify = recordingDelivery(false);
    clockAt(at('08:29:55'));
    mount(bundle, { notify });
    await tick();
    await tick(10 * 60_000);
    expect(notify.notices.length).toBeGreaterThan(0);
    expect(missedRegion()).toBeNull();
    expect(localStorage.getItem(ALERT_MISSED_KEY)).toBeNull();
  });

  it('lists a step whose overdue alert was delivered while hidden even though it fell due while the team was watching', async () => {
    const { bundle, byName } = await day();
    clockAt(at('08:29:55'));
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    await tick(10_000); // 08:30:05, due-now seen on screen
    expect(missedRegion()).toBeNull();
    hideTab();
    await tick(75_000); // 08:31:20: the overdue alert went out while hidden
    showTab();
    expect(rows()).toEqual([['Trim', 'Brisket · due 08:30 · overdue by 1 min']]);
    expect(stored()).toEqual([{ stepId: byName.Trim!.id, dueMs: at('08:30:00'), stage: 'overdue' }]);
  });

  it('counts a long pause of a visible tab (device asleep) as away', async () => {
    const { bundle } = await day();
    clockAt(at('08:00:00'));
    mount(bundle, { notify: recordingDelivery(true) });
    await tick();
    vi.setSystemTime(at('10:00:00')); // the clock moved on, no timer ran
    await tick(5000);
    expect(rows().map(([name]) => name)).toEqual(['Trim', 'Inject']);
  });
});

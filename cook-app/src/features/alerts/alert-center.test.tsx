import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { AlertCenter } from './alert-center';
import { completeStep, dismissStep, runStepSelectors } from '../../store';
import { ALERT_STATES_KEY } from './alert-engine';
import { ALERT_SOUND_KEY, TITLE_FLASH_KEY } from '../../lib/alert-preferences';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
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

/** The alert center in locale en-GB (24-hour 'due 17:00'), or the one given. */
function mount(bundle: TestBundle, props: Parameters<typeof AlertCenter>[0] = {}, locale = 'en-GB') {
  return renderWithStore(
    bundle,
    <DisplayLocaleProvider locale={locale}>
      <AlertCenter storage={localStorage} timeZone="UTC" {...props} />
    </DisplayLocaleProvider>,
  );
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

  it("when the delivery cannot show a notification, collapses the in-app alerts into one card 'N steps due' of at most 5 (the newest), gone 12 s after", async () => {
    const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const { bundle } = await startedRun(names.map((name) => [name, 60]));
    const notify = recordingDelivery(false);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    expect(notify.notices).toHaveLength(6);
    const newest = notify.notices.slice(1).map((notice) => notice.title.replace('PitClock - ', ''));
    expect(within(region()!).getByRole('alert').textContent).toBe(`5 steps due${newest.join(', ')}`);
    await tick(11_999);
    expect(within(region()!).getByRole('alert').textContent).toMatch(/^5 steps due/);
    await tick(1);
    expect(region()).toBeNull();
  });

  it('the opened card lists each step with its body, Complete, Snooze and a View link to its run', async () => {
    const { bundle, contest, run } = await startedRun([
      ['Trim', 60],
      ['Inject', 60],
    ]);
    clockAt(at('16:59:55'));
    mount(bundle, { notify: recordingDelivery(false) });
    await tick();
    fireEvent.click(within(region()!).getByRole('button', { name: 'Show steps' }));
    const list = within(region()!).getByRole('list', { name: 'Steps due' });
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => item.querySelector('.pc-alerts__step')?.textContent === name)!;
    for (const name of ['Trim', 'Inject']) {
      expect(row(name).querySelector('.pc-alerts__body')?.textContent).toBe('Due now · Brisket · due 17:00');
      expect(within(row(name)).getByRole('button', { name: `Complete ${name}` })).toBeTruthy();
      expect(within(row(name)).getByRole('button', { name: `Snooze ${name}` })).toBeTruthy();
      expect(
        within(row(name))
          .getByRole('link', { name: `View ${name}` })
          .getAttribute('href'),
      ).toBe(`/contests/${contest.id}/runs/${run.id}/steps`);
    }
  });

  it('without a Notification API (jsdom, like an unsupported browser) the default delivery falls back to an in-app alert that its close button removes', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    clockAt(at('16:59:55'));
    mount(bundle);
    await tick();
    const alert = within(region()!).getByRole('alert');
    expect(within(alert).getByText('PitClock - Wrap')).toBeTruthy();
    expect(within(alert).getByText('Due now · Brisket · due 17:00')).toBeTruthy();
    fireEvent.click(within(region()!).getByRole('button', { name: 'Close' }));
    expect(region()).toBeNull();
  });

  it("writes the due time in the reader's locale: 'due 5:00 PM' in en-US, natively and in the app", async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    const notify = recordingDelivery(false);
    clockAt(at('16:59:55'));
    mount(bundle, { notify }, 'en-US');
    await tick();
    expect(notify.notices.map((n) => n.options.body)).toEqual(['Due now · Brisket · due 5:00 PM']);
    const alert = within(region()!).getByRole('alert');
    expect(within(alert).getByText('Due now · Brisket · due 5:00 PM')).toBeTruthy();
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
    const card = () => within(region()!).getByRole('alert').textContent;
    expect(card()).toMatch(/^3 steps due(Wrap|Foil|Rest), (Wrap|Foil|Rest), (Wrap|Foil|Rest)$/);
    await act(async () => {
      await bundle.store.dispatch(completeStep({ step_id: byName.Wrap!.id, time_mode: 'now' })).unwrap();
      await bundle.store.dispatch(dismissStep(byName.Foil!.id)).unwrap();
    });
    expect(card()).toMatch(/^3 steps due/); // not before the next check
    await tick(5000); // 17:00:00, well within the 12 s an alert stays
    expect(card()).toBe('PitClock - RestDue now · Brisket · due 17:00');
    expect(notify.notices).toHaveLength(3);
  });
});

describe('AlertCenter: acting on an in-app alert', () => {
  const stored = (bundle: TestBundle, id: string) =>
    runStepSelectors.selectById(bundle.store.getState(), id)!;
  const click = (name: string) =>
    act(async () => {
      fireEvent.click(within(region()!).getByRole('button', { name }));
      await vi.advanceTimersByTimeAsync(0);
    });

  it('Complete completes the step now through the store (as the run screen does) and its alert goes at once; the engine alerts it no more', async () => {
    const { bundle, byName } = await startedRun([
      ['Trim', 60],
      ['Inject', 60],
    ]);
    const notify = recordingDelivery(false);
    clockAt(at('17:00:02'));
    bundle.clock.now = at('17:00:02');
    mount(bundle, { notify });
    await tick();
    fireEvent.click(within(region()!).getByRole('button', { name: 'Show steps' }));
    await click('Complete Trim');
    expect(stored(bundle, byName.Trim!.id)).toMatchObject({
      status: 'completed',
      completed_at: new Date(at('17:00:02')).toISOString(),
      time_mode: 'now',
    });
    expect(within(region()!).getByRole('alert').textContent).toBe(
      'PitClock - InjectDue now · Brisket · due 17:00',
    );
    await tick(70_000); // past the overdue repeat: only Inject alerts again
    const later = notify.notices.slice(2).map((notice) => notice.title);
    expect(later.length).toBeGreaterThan(0);
    expect(new Set(later)).toEqual(new Set(['PitClock - Inject']));
  });

  it("Snooze moves the step 10 minutes from now (the run screen's default) and its alert goes until the new time", async () => {
    const { bundle, byName } = await startedRun([['Wrap', 60]]);
    const notify = recordingDelivery(false);
    clockAt(at('17:00:00'));
    bundle.clock.now = at('17:00:00');
    mount(bundle, { notify });
    await tick();
    await click('Snooze Wrap');
    expect(stored(bundle, byName.Wrap!.id).scheduled_at).toBe(new Date(at('17:10:00')).toISOString());
    expect(region()).toBeNull();
    await tick(9 * 60_000 + 55_000); // 17:09:55
    expect(notify.notices.map((notice) => notice.options.body)).toEqual([
      'Due now · Brisket · due 17:00',
      'Due now · Brisket · due 17:10',
    ]);
    expect(within(region()!).getByRole('alert').textContent).toBe(
      'PitClock - WrapDue now · Brisket · due 17:10',
    );
  });

  it('Close closes the whole card, and View closes only its alert', async () => {
    const { bundle } = await startedRun([
      ['Trim', 60],
      ['Inject', 60],
    ]);
    clockAt(at('16:59:55'));
    // Mounted on every path, as in the app: following View does not unmount it.
    renderWithStore(
      bundle,
      <AlertCenter storage={localStorage} timeZone="UTC" notify={recordingDelivery(false)} />,
      {
        route: '/*',
      },
    );
    await tick();
    fireEvent.click(within(region()!).getByRole('button', { name: 'Show steps' }));
    fireEvent.click(within(region()!).getByRole('link', { name: 'View Trim' }));
    expect(within(region()!).getByRole('alert').textContent).toMatch(/^PitClock - Inject/);
    fireEvent.click(within(region()!).getByRole('button', { name: 'Close' }));
    expect(region()).toBeNull();
  });

  it('while the cook has the list open the alerts do not expire; closed again, they stay 12 s more', async () => {
    const { bundle } = await startedRun([
      ['Trim', 60],
      ['Inject', 60],
    ]);
    clockAt(at('16:59:55'));
    mount(bundle, { notify: recordingDelivery(false) });
    await tick();
    const toggle = () => within(region()!).getByRole('button', { name: /steps$/ });
    fireEvent.click(toggle());
    await tick(30_000);
    expect(within(region()!).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(toggle());
    fireEvent.blur(toggle());
    await tick(11_999);
    expect(region()).not.toBeNull();
    await tick(1);
    expect(region()).toBeNull();
  });
});

describe('AlertCenter: vibration', () => {
  it('vibrates with a short pattern once per check that alerts, also when the alert is shown natively', async () => {
    const { bundle } = await startedRun([
      ['Trim', 60],
      ['Inject', 60],
    ]);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const notify = recordingDelivery(true);
    clockAt(at('16:59:55'));
    mount(bundle, { notify });
    await tick();
    expect(notify.notices).toHaveLength(2);
    expect(vibrate.mock.calls).toEqual([[[200, 100, 200]]]);
    await tick(5000); // 17:00:00: nothing new
    expect(vibrate).toHaveBeenCalledTimes(1);
    await tick(10_000); // 17:00:10: overdue
    expect(vibrate.mock.calls).toEqual([[[200, 100, 200]], [[200, 100, 200]]]);
  });

  it('still alerts where the device cannot vibrate (no Vibration API)', async () => {
    const { bundle } = await startedRun([['Wrap', 60]]);
    const { vibrate: _missing, ...withoutVibrate } = navigator as Navigator & { vibrate?: unknown };
    vi.stubGlobal('navigator', withoutVibrate);
    clockAt(at('16:59:55'));
    mount(bundle, { notify: recordingDelivery(false) });
    await tick();
    expect(within(region()!).getByRole('alert').textContent).toMatch(/^PitClock - Wrap/);
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

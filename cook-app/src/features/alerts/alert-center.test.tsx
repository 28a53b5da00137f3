import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { AlertCenter } from './alert-center';
import { ALERT_STATES_KEY } from './alert-engine';
import { ALERT_SOUND_KEY, TITLE_FLASH_KEY } from './alert-preferences';
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

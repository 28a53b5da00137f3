import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  alertStage,
  DUE_NOW_WINDOW_MS,
  expireFallbackAlerts,
  MAX_FALLBACK_ALERTS,
  nextAlertState,
  notificationTitle,
  OVERDUE_REPEAT_MS,
  OVERDUE_WINDOW_MS,
  pushFallbackAlert,
  type AlertState,
} from './alerts';

const DUE = Date.parse('2026-05-16T18:00:00Z');
const S = 1000;

describe('alertStage', () => {
  it.each([
    [-6 * S, null],
    [-5 * S, 'due-now'],
    [0, 'due-now'],
    [5 * S, 'due-now'],
    [5 * S + 1, 'overdue'],
    [60 * S, 'overdue'],
    [5 * 60 * S, 'overdue'],
    [5 * 60 * S + 1, null],
  ])('%i ms after the due time -> %j', (offset, stage) => {
    expect(alertStage(DUE, DUE + offset)).toBe(stage);
  });
  it('constants follow SPEC.md section 9', () => {
    expect([DUE_NOW_WINDOW_MS, OVERDUE_WINDOW_MS, OVERDUE_REPEAT_MS]).toEqual([5000, 300000, 60000]);
  });
});

describe('nextAlertState', () => {
  const step = { id: 's', scheduled_at: new Date(DUE).toISOString() };

  it('sends due-now once, then overdue once, and repeats overdue only after more than 60 s', () => {
    let state: AlertState | null = null;
    const sent: [number, string][] = [];
    for (let t = DUE - 10 * S; t <= DUE + 6 * 60 * S; t += 5 * S) {
      const d = nextAlertState(state, step, t);
      if (d.send) sent.push([(t - DUE) / S, d.send]);
      state = d.state;
    }
    expect(sent).toEqual([
      [-5, 'due-now'],
      [10, 'overdue'],
      [75, 'overdue'],
      [140, 'overdue'],
      [205, 'overdue'],
      [270, 'overdue'],
    ]);
  });

  it('exactly 60 s after the last overdue alert is not enough; 60 s and 1 ms is', () => {
    const state: AlertState = { dueMs: DUE, stage: 'overdue', sentAtMs: DUE + 10 * S };
    expect(nextAlertState(state, step, DUE + 70 * S).send).toBeNull();
    expect(nextAlertState(state, step, DUE + 70 * S + 1).send).toBe('overdue');
  });

  it('resets when the scheduled time changes (a snooze), so due-now is sent again', () => {
    const state: AlertState = { dueMs: DUE, stage: 'due-now', sentAtMs: DUE };
    const snoozed = { ...step, scheduled_at: new Date(DUE + 10 * 60 * S).toISOString() };
    expect(nextAlertState(state, snoozed, DUE + 2 * S)).toEqual({ send: null, state: null });
    expect(nextAlertState(state, snoozed, DUE + 10 * 60 * S)).toEqual({
      send: 'due-now',
      state: { dueMs: DUE + 10 * 60 * S, stage: 'due-now', sentAtMs: DUE + 10 * 60 * S },
    });
  });

  it('never alerts a completed, dismissed or undated step, and forgets its state', () => {
    const state: AlertState = { dueMs: DUE, stage: 'due-now', sentAtMs: DUE };
    for (const s of [{ ...step, status: 'done' }, { ...step, dismissed_for_user: true }, { id: 'x' }]) {
      expect(nextAlertState(state, s, DUE + 30 * S)).toEqual({ send: null, state: null });
    }
  });

  it('property: a stage is never sent twice in a row unless it is overdue more than 60 s later', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 * S }), { maxLength: 60 }), (gaps) => {
        let state: AlertState | null = null;
        let t = DUE - 30 * S;
        let last: { stage: string; at: number } | null = null;
        for (const gap of gaps) {
          t += gap;
          const d = nextAlertState(state, step, t);
          if (d.send) {
            if (last && last.stage === d.send) {
              expect(d.send).toBe('overdue');
              expect(t - last.at).toBeGreaterThan(OVERDUE_REPEAT_MS);
            }
            last = { stage: d.send, at: t };
          }
          state = d.state;
        }
      }),
    );
  });
});

describe('fallback alerts and titles', () => {
  it('keeps at most five, newest last, and drops those 12 s old', () => {
    let list: { id: string; createdAtMs: number }[] = [];
    for (let i = 0; i < 7; i++) list = pushFallbackAlert(list, { id: `a${i}`, createdAtMs: i * 1000 });
    expect(list.map((a) => a.id)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6']);
    expect(list).toHaveLength(MAX_FALLBACK_ALERTS);
    expect(expireFallbackAlerts(list, 15_000).map((a) => a.id)).toEqual(['a4', 'a5', 'a6']);
  });
  it('prefixes notification titles with the product name and a dash', () => {
    expect(notificationTitle('Wrap the brisket')).toBe('PitClock - Wrap the brisket');
  });
});

import { describe, expect, it } from 'vitest';
import {
  assignTemplateColours,
  isStepCompleted,
  isStepDismissed,
  isStepOverdue,
  readDueAt,
  STEP_COLOURS,
  stepsForView,
  templateColour,
} from './step-state';

const NOW = Date.parse('2026-05-16T18:00:00Z');

describe('isStepCompleted', () => {
  it.each(['done', 'completed', 'complete', 'skipped', 'DONE', ' Completed '])(
    'status %j is completed',
    (status) => {
      expect(isStepCompleted({ status })).toBe(true);
    },
  );
  it.each(['pending', 'active', 'snoozed', '', undefined])('status %j alone is not completed', (status) => {
    expect(isStepCompleted({ status })).toBe(false);
  });
  it('completed_at set means completed whatever the status', () => {
    expect(isStepCompleted({ status: 'pending', completed_at: '2026-05-16T17:00:00Z' })).toBe(true);
    expect(isStepCompleted({ status: 'pending', completed_at: 1_778_000_000_000 })).toBe(true);
    expect(isStepCompleted({ status: 'pending', completed_at: null })).toBe(false);
    expect(isStepCompleted({ status: 'pending', completed_at: '' })).toBe(false);
    expect(isStepCompleted(null)).toBe(false);
  });
});

describe('isStepDismissed', () => {
  it('reads dismissed_for_user as a flag', () => {
    expect(isStepDismissed({ dismissed_for_user: true })).toBe(true);
    expect(isStepDismissed({ dismissed_for_user: 1 })).toBe(true);
    expect(isStepDismissed({ dismissed_for_user: 'true' })).toBe(true);
    expect(isStepDismissed({ dismissed_for_user: false, dismissed_at: '2026-05-16T17:00:00Z' })).toBe(false);
    expect(isStepDismissed({})).toBe(false);
  });
});

describe('readDueAt', () => {
  it('reads scheduled_at, due_at, due_time and similar as epoch ms', () => {
    const ms = Date.parse('2026-05-16T17:00:00Z');
    expect(readDueAt({ scheduled_at: '2026-05-16T17:00:00Z' })).toBe(ms);
    expect(readDueAt({ due_at: '2026-05-16T12:00:00-05:00' })).toBe(ms);
    expect(readDueAt({ due_time: ms })).toBe(ms);
    expect(readDueAt({ scheduledAt: '2026-05-16T17:00:00.000Z' })).toBe(ms);
    expect(readDueAt({ scheduled_at: 'garbage', due_at: '2026-05-16T17:00:00Z' })).toBe(ms);
    expect(readDueAt({ scheduled_at: '2026-05-16' })).toBeNull();
    expect(readDueAt({})).toBeNull();
  });
});

describe('isStepOverdue', () => {
  it('is overdue when not done and due before now', () => {
    expect(isStepOverdue({ scheduled_at: '2026-05-16T17:59:59Z' }, NOW)).toBe(true);
    expect(isStepOverdue({ scheduled_at: '2026-05-16T18:00:00Z' }, NOW)).toBe(false);
    expect(isStepOverdue({ scheduled_at: '2026-05-16T18:00:01Z' }, NOW)).toBe(false);
  });
  it('a completed or undated step is never overdue', () => {
    expect(isStepOverdue({ scheduled_at: '2026-05-16T17:00:00Z', status: 'done' }, NOW)).toBe(false);
    expect(
      isStepOverdue({ scheduled_at: '2026-05-16T17:00:00Z', completed_at: '2026-05-16T17:01:00Z' }, NOW),
    ).toBe(false);
    expect(isStepOverdue({ status: 'pending' }, NOW)).toBe(false);
  });
});

describe('stepsForView', () => {
  const steps = [
    { id: 'late', scheduled_at: '2026-05-16T20:00:00Z' },
    { id: 'done', scheduled_at: '2026-05-16T15:00:00Z', status: 'done' },
    { id: 'undated' },
    { id: 'dismissed', scheduled_at: '2026-05-16T16:00:00Z', dismissed_for_user: true },
    { id: 'early', due_at: '2026-05-16T14:00:00Z' },
    { id: 'tie', scheduled_at: '2026-05-16T20:00:00Z' },
  ];
  it('pending holds steps neither completed nor dismissed, by due time, undated last', () => {
    expect(stepsForView(steps, 'pending').map((s) => s.id)).toEqual(['early', 'late', 'tie', 'undated']);
  });
  it('all holds every step by due time (ties in input order)', () => {
    expect(stepsForView(steps, 'all').map((s) => s.id)).toEqual([
      'early',
      'done',
      'dismissed',
      'late',
      'tie',
      'undated',
    ]);
  });
  it('does not change its input', () => {
    const copy = structuredClone(steps);
    stepsForView(steps, 'all');
    expect(steps).toEqual(copy);
  });
});

describe('template colours', () => {
  it('has five colours, the last white', () => {
    expect(STEP_COLOURS).toHaveLength(5);
    expect(STEP_COLOURS[4]).toBe('white');
  });
  it('white is for a template with no name; named templates cycle through the other four', () => {
    expect(templateColour(null, 0)).toBe('white');
    expect(templateColour('  ', 3)).toBe('white');
    expect([0, 1, 2, 3, 4, 5].map((i) => templateColour('Ribs', i))).toEqual([
      'amber',
      'sky',
      'rose',
      'green',
      'amber',
      'sky',
    ]);
  });
  it('assignTemplateColours colours names by order of first appearance', () => {
    const map = assignTemplateColours([
      'Brisket',
      'Ribs',
      'Brisket',
      null,
      'Chicken',
      'Pork',
      ' Ribs ',
      'Jackpot',
      '',
    ]);
    expect(Object.fromEntries(map)).toEqual({
      Brisket: 'amber',
      Ribs: 'sky',
      '': 'white',
      Chicken: 'rose',
      Pork: 'green',
      Jackpot: 'amber',
    });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normaliseContest,
  normaliseRunStep,
  normaliseTemplate,
  normaliseTemplateStep,
  readContestDate,
  readContestLocation,
  readContestName,
  readMinutesBefore,
  readPromoExpiry,
  readPromoId,
  readPromoUses,
  readRunStepDescription,
  readRunStepId,
  readRunStepTemplateName,
  readScheduledAt,
  readStepName,
  readStepTurnIn,
  readWalkTime,
} from './readers';

describe('tolerant readers', () => {
  it('step name: name or step_name, trimmed', () => {
    expect(readStepName({ name: ' Wrap ' })).toBe('Wrap');
    expect(readStepName({ step_name: 'Spritz' })).toBe('Spritz');
    expect(readStepName({ name: '', step_name: 'Spritz' })).toBe('Spritz');
    expect(readStepName({})).toBeNull();
    expect(readStepName('Wrap')).toBeNull();
  });

  it('minutes before: minutes_before_turn_in, mins_before_turn_in or offset_minutes', () => {
    expect(readMinutesBefore({ minutes_before_turn_in: 90 })).toBe(90);
    expect(readMinutesBefore({ mins_before_turn_in: '45' })).toBe(45);
    expect(readMinutesBefore({ offset_minutes: 0 })).toBe(0);
    expect(readMinutesBefore({ minutes_before_turn_in: 'x' })).toBeNull();
    expect(readMinutesBefore({})).toBeNull();
  });

  it('step turn-in: turn_in_time, time or standard_turn_in_time, 12-hour converted', () => {
    expect(readStepTurnIn({ turn_in_time: '13:00' })).toBe('13:00');
    expect(readStepTurnIn({ time: '1:30 PM' })).toBe('13:30');
    expect(readStepTurnIn({ standard_turn_in_time: '12 AM' })).toBe('00:00');
    expect(readStepTurnIn({ time: 'noon' })).toBeNull();
  });

  it('contest date: contest_date, date, start_date or event_date, as YYYY-MM-DD', () => {
    expect(readContestDate({ contest_date: '2026-06-01' })).toBe('2026-06-01');
    expect(readContestDate({ date: '2026-06-01T00:00:00Z' })).toBe('2026-06-01');
    expect(readContestDate({ start_date: '2026-06-02' })).toBe('2026-06-02');
    expect(readContestDate({ event_date: '2026-06-03' })).toBe('2026-06-03');
    expect(readContestDate({ contest_date: 'June', date: '2026-06-04' })).toBe('2026-06-04');
    expect(readContestDate({})).toBeNull();
  });

  it('contest name and location', () => {
    expect(readContestName({ title: ' Smoke Fest ' })).toBe('Smoke Fest');
    expect(readContestName({ name: 'A', title: 'B' })).toBe('A');
    expect(readContestLocation({ location: ' Odessa, TX ' })).toBe('Odessa, TX');
    expect(readContestLocation({ city: 'Lubbock', state: 'TX' })).toBe('Lubbock, TX');
    expect(readContestLocation({ location: { city: 'Austin', state: 'TX' } })).toBe('Austin, TX');
    expect(readContestLocation({ location_city: 'Amarillo' })).toBe('Amarillo');
    expect(readContestLocation({})).toBeNull();
    expect(readWalkTime({ walk_time_adjust_minutes: '30' })).toBe(20);
  });

  it('scheduled_at and its alternatives, as ISO UTC', () => {
    expect(readScheduledAt({ scheduled_at: '2026-05-16T12:00:00-05:00' })).toBe('2026-05-16T17:00:00.000Z');
    expect(readScheduledAt({ due_at: '2026-05-16T17:00:00Z' })).toBe('2026-05-16T17:00:00.000Z');
    expect(readScheduledAt({ due_time: Date.parse('2026-05-16T17:00:00Z') })).toBe(
      '2026-05-16T17:00:00.000Z',
    );
    expect(readScheduledAt({ scheduled_at: null })).toBeNull();
  });

  it('run step id, template name and description', () => {
    expect(readRunStepId({ step_id: 7 })).toBe(7);
    expect(readRunStepId({ id: 'a', step_id: 7 })).toBe('a');
    expect(readRunStepTemplateName({ template_name: 'Ribs' })).toBe('Ribs');
    expect(readRunStepTemplateName({ template: { title: 'Chicken' } })).toBe('Chicken');
    expect(readRunStepTemplateName({ template: 'Pork' })).toBe('Pork');
    expect(readRunStepDescription({ template: { description: 'from template' } })).toBe('from template');
    expect(readRunStepDescription({ description: 'own', template: { description: 'from template' } })).toBe(
      'own',
    );
  });

  it('promo id, expiry and uses', () => {
    expect(readPromoId({ promo_code_id: 4 })).toBe(4);
    for (const key of ['expires_at', 'expires', 'expiry', 'expiresAt']) {
      expect(readPromoExpiry({ [key]: '2026-12-31T00:00:00Z' })).toBe('2026-12-31T00:00:00.000Z');
    }
    expect(readPromoExpiry({ expires_at: 'never' })).toBeNull();
    expect(readPromoUses({ used_count: 3 })).toBe(3);
    expect(readPromoUses({ uses: '2' })).toBe(2);
    expect(readPromoUses({})).toBe(0);
  });
});

describe('normalisers', () => {
  it('fill canonical fields from alternatives and keep the alternatives', () => {
    expect(
      normaliseTemplateStep({
        id: 's',
        template_id: 't',
        step_name: 'Wrap',
        mins_before_turn_in: '60',
        time: '1 PM',
      }),
    ).toEqual({
      id: 's',
      template_id: 't',
      step_name: 'Wrap',
      mins_before_turn_in: '60',
      time: '1 PM',
      name: 'Wrap',
      minutes_before_turn_in: 60,
      turn_in_time: '13:00',
    });
    expect(
      normaliseContest({
        id: 'c',
        title: 'Fest',
        event_date: '2026-06-01T00:00:00Z',
        city: 'Waco',
        state: 'TX',
        walk_time_adjust_minutes: '50',
      }),
    ).toMatchObject({
      name: 'Fest',
      contest_date: '2026-06-01',
      location: 'Waco, TX',
      walk_time_adjust_minutes: 20,
    });
    expect(normaliseTemplate({ id: 't', turn_in_time: '1:30 pm' })).toEqual({
      id: 't',
      turn_in_time: '13:30',
    });
    expect(
      normaliseRunStep({
        step_id: 9,
        step_name: 'Box',
        due_at: '2026-05-16T17:00:00Z',
        template: { name: 'Ribs' },
      }),
    ).toMatchObject({
      id: 9,
      name: 'Box',
      template_name: 'Ribs',
      scheduled_at: '2026-05-16T17:00:00.000Z',
    });
  });

  it('property: normalising twice is the same as normalising once', () => {
    const rec = fc.dictionary(
      fc.constantFrom(
        'id',
        'name',
        'step_name',
        'title',
        'minutes_before_turn_in',
        'mins_before_turn_in',
        'offset_minutes',
        'turn_in_time',
        'time',
        'contest_date',
        'date',
        'location',
        'city',
        'state',
        'walk_time_adjust_minutes',
        'scheduled_at',
        'due_at',
        'step_id',
        'template_name',
      ),
      fc.oneof(
        fc.string(),
        fc.integer(),
        fc.constant(null),
        fc.constantFrom('13:00', '1 PM', '2026-06-01', '2026-05-16T17:00:00Z', ' 12 '),
      ),
    );
    fc.assert(
      fc.property(rec, (r) => {
        for (const normalise of [
          normaliseTemplateStep,
          normaliseContest,
          normaliseTemplate,
          normaliseRunStep,
        ]) {
          const once = normalise(r);
          expect(normalise(once)).toEqual(once);
        }
      }),
    );
  });
});

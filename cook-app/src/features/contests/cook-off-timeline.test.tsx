import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { addContest, addTemplate, addTemplateStep, attachTemplate } from '../../store';
import { CookOffTimeline } from './cook-off-timeline';
import { cookStore, renderScreen } from './test-support';
import { timelineLanes, type TimelineStep } from './timeline-model';

const step = (name: string, at: string, template_id = 't1'): TimelineStep => ({
  uid: `c-${name}`,
  template_id,
  template_step_id: name,
  template_name: template_id === 't1' ? 'Brisket' : 'Ribs',
  name,
  description: '',
  scheduled_at: at,
});

const marksOf = (lane: HTMLElement) =>
  [...lane.querySelectorAll('.pc-timeline__mark')].map((m) => m.getAttribute('data-at'));

describe('CookOffTimeline', () => {
  it('puts one lane per template, each step at its due time, and each turn-in with its 5-minute window', () => {
    const schedule = [
      step('Inject', '2026-06-06T03:55:00.000Z'),
      step('Box', '2026-06-06T13:25:00.000Z'),
      step('Sauce', '2026-06-06T12:00:00.000Z', 't2'),
    ];
    const turnIns = [
      { template_id: 't1', template_name: 'Brisket', at: '2026-06-06T14:00:00.000Z' },
      { template_id: 't2', template_name: 'Ribs', at: '2026-06-06T12:30:00.000Z' },
    ];
    render(<CookOffTimeline schedule={schedule} turnIns={turnIns} now={null} timeZone="UTC" />);
    const brisket = screen.getByRole('list', { name: 'Brisket' });
    expect(marksOf(brisket)).toEqual(['03:55', '13:25']);
    expect(within(brisket).getByLabelText('Turn-in 14:00, window 13:55 to 14:05')).toBeTruthy();
    expect(marksOf(screen.getByRole('list', { name: 'Ribs' }))).toEqual(['12:00']);
    expect(screen.queryByRole('img', { name: /^Now/ })).toBeNull();
  });

  it('draws the now-line only while now is on the axis', () => {
    const schedule = [step('Box', '2026-06-06T13:25:00.000Z')];
    const now = Date.parse('2026-06-06T13:30:00.000Z');
    render(<CookOffTimeline schedule={schedule} turnIns={[]} now={now} timeZone="UTC" />);
    expect(screen.getByRole('img', { name: 'Now 13:30' })).toBeTruthy();
  });

  it('reads times in the device time zone and colours lanes by the run colour cycle', () => {
    const lanes = timelineLanes(
      [step('Box', '2026-06-06T13:25:00.000Z'), step('Sauce', '2026-06-06T12:00:00.000Z', 't2')],
      [{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T14:00:00.000Z' }],
      'America/Chicago',
    );
    expect(lanes.map((l) => [l.name, l.color])).toEqual([
      ['Brisket', 'var(--pc-color-step-amber)'],
      ['Ribs', 'var(--pc-color-step-sky)'],
    ]);
    expect(lanes[0]!.windows![0]!.description).toBe('Turn-in 09:00, window 08:55 to 09:05');
  });

  it('explains what to do when no template is attached', () => {
    render(<CookOffTimeline schedule={[]} turnIns={[]} now={null} timeZone="UTC" />);
    expect(screen.getByText(/No steps to show yet/)).toBeTruthy();
  });

  it('on the screen shows the selected cook-off steps at turn-in (with override) minus minutes before minus walk time', async () => {
    const bundle = await cookStore();
    const { dispatch } = bundle.store;
    const contest = await dispatch(
      addContest({
        name: 'Smoke on the Water',
        contest_date: '2026-06-06',
        sanctioning_body_id: '1',
        walk_time_adjust_minutes: 5,
      }),
    ).unwrap();
    const brisket = await dispatch(addTemplate({ name: 'Brisket', turn_in_time: '13:30' })).unwrap();
    await dispatch(
      addTemplateStep({ template_id: brisket.id, name: 'Inject', minutes_before_turn_in: 600 }),
    ).unwrap();
    await dispatch(
      addTemplateStep({ template_id: brisket.id, name: 'Box', minutes_before_turn_in: 30 }),
    ).unwrap();
    await dispatch(
      attachTemplate({ contest_id: contest.id, template_id: brisket.id, override_turn_in_time: '14:00' }),
    ).unwrap();
    const { user } = renderScreen(bundle);
    await user.click(await screen.findByRole('button', { name: 'Smoke on the Water' }));
    const figure = await screen.findByRole('figure', { name: 'Cook-off timeline' });
    const lane = within(figure).getByRole('list', { name: 'Brisket' });
    // 14:00 - 600 min - 5 = 03:55; 14:00 - 30 - 5 = 13:25.
    expect(marksOf(lane)).toEqual(['03:55', '13:25']);
    expect(within(lane).getByLabelText('Turn-in 14:00, window 13:55 to 14:05')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export .ics' })).toBeTruthy();
  });
});

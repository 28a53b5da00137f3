import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { addContest, addTemplate, addTemplateStep, attachTemplate } from '../../store';
import { CookOffTimeline } from './cook-off-timeline';
import { cookStore, renderScreen } from './test-support';
import { layoutTimeline, type TimelineStep } from './timeline-model';

const step = (name: string, at: string, template_id = 't1'): TimelineStep => ({
  uid: `c-${name}`,
  template_id,
  template_step_id: name,
  template_name: template_id === 't1' ? 'Brisket' : 'Ribs',
  name,
  description: '',
  scheduled_at: at,
});

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
    const { container } = render(
      <CookOffTimeline schedule={schedule} turnIns={turnIns} now={null} timeZone="UTC" />,
    );
    const lanes = container.querySelectorAll('.pc-contests-timeline__lane');
    expect(lanes).toHaveLength(2);
    const brisket = lanes[0] as HTMLElement;
    expect(within(brisket).getByText('Brisket')).toBeTruthy();
    const due = [...brisket.querySelectorAll('.pc-contests-timeline__mark')].map((m) =>
      m.getAttribute('data-due'),
    );
    expect(due).toEqual(['03:55', '13:25']);
    const window = brisket.querySelector('.pc-contests-timeline__window')!;
    expect(window.getAttribute('aria-label')).toBe('Turn-in 14:00, window 13:55 to 14:05');
    expect(container.querySelector('.pc-contests-timeline__now')).toBeNull();
  });

  it('draws the now-line only while now is on the axis', () => {
    const schedule = [step('Box', '2026-06-06T13:25:00.000Z')];
    render(
      <CookOffTimeline
        schedule={schedule}
        turnIns={[]}
        now={Date.parse('2026-06-06T13:30:00.000Z')}
        timeZone="UTC"
      />,
    );
    expect(screen.getByRole('img', { name: 'Now 13:30' })).toBeTruthy();
  });

  it('positions marks and the window proportionally on an axis of whole hours', () => {
    const layout = layoutTimeline(
      [step('A', '2026-06-06T10:00:00.000Z'), step('B', '2026-06-06T11:00:00.000Z')],
      [{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T11:30:00.000Z' }],
      null,
    )!;
    expect(new Date(layout.startMs).toISOString()).toBe('2026-06-06T10:00:00.000Z');
    expect(new Date(layout.endMs).toISOString()).toBe('2026-06-06T12:00:00.000Z');
    expect(layout.lanes[0]?.marks.map((m) => m.left)).toEqual([0, 50]);
    const [w] = layout.lanes[0]!.windows;
    expect(w?.left).toBe(75);
    expect(w!.to - w!.from).toBeCloseTo((10 / 120) * 100);
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
    const due = [...figure.querySelectorAll('.pc-contests-timeline__mark')].map((m) =>
      m.getAttribute('data-due'),
    );
    // 14:00 - 600 min - 5 = 03:55; 14:00 - 30 - 5 = 13:25.
    expect(due).toEqual(['03:55', '13:25']);
    expect(figure.querySelector('.pc-contests-timeline__window')?.getAttribute('data-turn-in')).toBe('14:00');
    expect(screen.getByRole('button', { name: 'Export .ics' })).toBeTruthy();
  });
});

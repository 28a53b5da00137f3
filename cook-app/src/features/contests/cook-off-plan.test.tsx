import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { addContest, addTemplate, addTemplateStep, attachTemplate } from '../../store';
import { cookStore, renderScreen } from './test-support';

const marksOf = (lane: HTMLElement) =>
  [...lane.querySelectorAll('.pc-timeline__mark')].map((m) => m.getAttribute('data-at'));

describe('The selected cook-off card', () => {
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

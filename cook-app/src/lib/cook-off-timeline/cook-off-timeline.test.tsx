import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DisplayLocaleProvider } from '../display-prefs';
import { CookOffTimeline } from './cook-off-timeline';
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

/** Rendered in a fixed locale: en-GB (24-hour '13:25') unless told. */
const renderIn = (ui: ReactElement, locale = 'en-GB') =>
  render(<DisplayLocaleProvider locale={locale}>{ui}</DisplayLocaleProvider>);

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
    renderIn(<CookOffTimeline schedule={schedule} turnIns={turnIns} now={null} timeZone="UTC" />);
    const brisket = screen.getByRole('list', { name: 'Brisket' });
    expect(marksOf(brisket)).toEqual(['03:55', '13:25']);
    expect(within(brisket).getByLabelText('Turn-in 14:00, window 13:55 to 14:05')).toBeTruthy();
    expect(marksOf(screen.getByRole('list', { name: 'Ribs' }))).toEqual(['12:00']);
    expect(screen.queryByRole('img', { name: /^Now/ })).toBeNull();
  });

  it('draws the now-line only while now is on the axis', () => {
    const schedule = [step('Box', '2026-06-06T13:25:00.000Z')];
    const now = Date.parse('2026-06-06T13:30:00.000Z');
    renderIn(<CookOffTimeline schedule={schedule} turnIns={[]} now={now} timeZone="UTC" />);
    expect(screen.getByRole('img', { name: 'Now 13:30' })).toBeTruthy();
  });

  it("writes the labels in the locale's clock (en-US: '1:25 PM Box', 'Turn-in 2:00 PM') and keeps data-at 'HH:MM'", () => {
    const schedule = [step('Box', '2026-06-06T13:25:00.000Z')];
    const turnIns = [{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T14:00:00.000Z' }];
    const now = Date.parse('2026-06-06T13:30:00.000Z');
    renderIn(<CookOffTimeline schedule={schedule} turnIns={turnIns} now={now} timeZone="UTC" />, 'en-US');
    const brisket = screen.getByRole('list', { name: 'Brisket' });
    expect(marksOf(brisket)).toEqual(['13:25']);
    expect(brisket.querySelector('.pc-timeline__mark time')?.textContent).toBe('1:25 PM');
    expect(within(brisket).getByLabelText('Turn-in 2:00 PM, window 1:55 PM to 2:05 PM')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Now 1:30 PM' })).toBeTruthy();
  });

  it('reads times in the device time zone and colours lanes by the run colour cycle', () => {
    const lanes = timelineLanes(
      [step('Box', '2026-06-06T13:25:00.000Z'), step('Sauce', '2026-06-06T12:00:00.000Z', 't2')],
      [{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T14:00:00.000Z' }],
      'America/Chicago',
      'en-GB',
    );
    expect(lanes.map((l) => [l.name, l.color])).toEqual([
      ['Brisket', 'var(--pc-color-step-amber)'],
      ['Ribs', 'var(--pc-color-step-sky)'],
    ]);
    expect(lanes[0]!.windows![0]!.description).toBe('Turn-in 09:00, window 08:55 to 09:05');
  });

  it('lays the day out in the width it has: no sideways scrolling, labels under the strip, a count for those with no room', () => {
    const crowded = Array.from({ length: 14 }, (_, i) =>
      step(
        `Spritz ${i + 1}`,
        new Date(Date.parse('2026-06-06T10:00:00.000Z') + i * 5 * 60_000).toISOString(),
      ),
    );
    const turnIns = [{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T11:15:00.000Z' }];
    const { container } = renderIn(
      <CookOffTimeline schedule={crowded} turnIns={turnIns} now={null} timeZone="UTC" />,
    );
    expect(container.querySelector('[tabindex]')).toBeNull();
    const brisket = screen.getByRole('list', { name: 'Brisket' });
    // Every step stays listed (with its time and name) for a screen reader, labelled or counted.
    expect(marksOf(brisket)).toHaveLength(14);
    const hidden = brisket.querySelectorAll('.pc-timeline__mark[data-row="hidden"]').length;
    expect(hidden).toBeGreaterThan(0);
    expect(screen.getByText(`+${hidden} more`)).toBeTruthy();
    expect(within(brisket).getByText('Spritz 14', { exact: false }).textContent).toBe('11:05 Spritz 14');
  });

  it('takes the window from the sanctioning body (KCBS: 5 minutes either side)', () => {
    renderIn(
      <CookOffTimeline
        schedule={[step('Box', '2026-06-06T13:25:00.000Z')]}
        turnIns={[{ template_id: 't1', template_name: 'Brisket', at: '2026-06-06T14:00:00.000Z' }]}
        now={null}
        timeZone="UTC"
        sanctioningBody="Kansas City Barbecue Society (KCBS)"
      />,
    );
    expect(screen.getByLabelText('Turn-in 14:00, window 13:55 to 14:05')).toBeTruthy();
  });

  it('explains what to do when no template is attached', () => {
    renderIn(<CookOffTimeline schedule={[]} turnIns={[]} now={null} timeZone="UTC" />);
    expect(screen.getByText(/No steps to show yet/)).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { render, screen, within } from '@testing-library/react';
import { Timeline } from './timeline';
import { HOUR_MS, layoutTimeline, type TimelineMark } from './timeline-layout';

const at = (hhmm: string) => Date.parse(`2026-06-06T${hhmm}:00.000Z`);
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const mark = (id: string, time: string): TimelineMark => ({ id, at: at(time), label: id });
const fixedWidth = { hourWidth: 100, labelWidth: () => 50 };

describe('layoutTimeline', () => {
  it('runs the axis over whole hours and places marks and windows proportionally', () => {
    const layout = layoutTimeline(
      [
        {
          id: 'brisket',
          name: 'Brisket',
          marks: [mark('a', '10:00'), mark('b', '11:00')],
          windows: [
            { id: 'w', at: at('11:30'), from: at('11:25'), to: at('11:35'), label: '', description: '' },
          ],
        },
      ],
      null,
      fixedWidth,
    )!;
    expect(hhmm(layout.startMs)).toBe('10:00');
    expect(hhmm(layout.endMs)).toBe('12:00');
    expect(layout.lanes[0]!.marks.map((m) => m.left)).toEqual([0, 50]);
    const [w] = layout.lanes[0]!.windows;
    expect(w!.left).toBe(75);
    expect(w!.width).toBeCloseTo((10 / 120) * 100);
    expect(layout.ticks.map((t) => hhmm(t.ms))).toEqual(['10:00', '11:00', '12:00']);
  });

  it('has no axis without marks or windows, and no now-line off the axis', () => {
    expect(layoutTimeline([{ id: 'x', name: 'X', marks: [] }], null, fixedWidth)).toBeNull();
    const layout = layoutTimeline(
      [{ id: 'x', name: 'X', marks: [mark('a', '10:30')] }],
      at('12:00'),
      fixedWidth,
    )!;
    expect(layout.nowLeft).toBeNull();
    expect(
      layoutTimeline([{ id: 'x', name: 'X', marks: [mark('a', '10:30')] }], at('10:45'), fixedWidth)!.nowLeft,
    ).toBe(75);
  });

  it('never lets two labels of one row overlap at the minimum width (property)', () => {
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 24 * 60 }),
            width: fc.integer({ min: 10, max: 300 }),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (specs) => {
          const marks = specs.map((s, i) => ({
            id: `m${i}`,
            at: at('00:00') + s.offset * minute,
            label: String(s.width),
          }));
          const labelWidth = (m: TimelineMark) => Number(m.label);
          const layout = layoutTimeline([{ id: 'l', name: 'L', marks }], null, {
            hourWidth: 96,
            labelWidth,
          })!;
          const placed = layout.lanes[0]!.marks;
          const ends = (m: TimelineMark) => m.at + labelWidth(m) * (HOUR_MS / 96);
          const rows = new Set(placed.map((m) => m.row));
          for (const row of rows) {
            const inRow = placed.filter((m) => m.row === row).sort((a, b) => a.at - b.at);
            inRow.slice(1).forEach((next, i) => expect(ends(inRow[i]!)).toBeLessThanOrEqual(next.at));
          }
          expect(layout.lanes[0]!.rows).toBe(Math.max(...placed.map((m) => m.row)) + 1);
        },
      ),
    );
  });
});

describe('Timeline', () => {
  it('renders a lane per group with its marks in time order and each window described', () => {
    render(
      <Timeline
        label="Cook-off timeline"
        formatTime={hhmm}
        lanes={[
          {
            id: 'brisket',
            name: 'Brisket',
            marks: [mark('Box', '13:25'), mark('Inject', '03:55')],
            windows: [
              {
                id: 'w',
                at: at('14:00'),
                from: at('13:55'),
                to: at('14:05'),
                label: 'Turn-in 14:00',
                description: 'Turn-in 14:00, window 13:55 to 14:05',
              },
            ],
          },
        ]}
      />,
    );
    const lane = screen.getByRole('list', { name: 'Brisket' });
    expect(
      within(lane)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-at')),
    ).toEqual(['14:00', '03:55', '13:25']);
    expect(within(lane).getByLabelText('Turn-in 14:00, window 13:55 to 14:05')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Now/ })).toBeNull();
  });

  it('shows the empty content when there is nothing to place', () => {
    render(<Timeline lanes={[]} formatTime={hhmm} empty="Nothing planned" />);
    expect(screen.getByText('Nothing planned')).toBeTruthy();
  });
});

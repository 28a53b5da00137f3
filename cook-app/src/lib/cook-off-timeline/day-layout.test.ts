import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TimelineLane } from '@pitclock/design-system';
import { HOUR_MS, layoutDay, type DayLayoutOptions, type LabelBox } from './day-layout';

const T0 = Date.parse('2026-06-06T00:00:00Z');
const options = (width: number, maxRows = 4): DayLayoutOptions => ({
  width,
  maxRows,
  labelWidth: (text) => text.length * 7 + 6,
  tickWidth: 40,
  gap: 6,
});
const lane = (id: string, marks: [string, number][], turnIn?: number): TimelineLane => ({
  id,
  name: id,
  marks: marks.map(([label, at]) => ({ id: `${id}-${label}`, label, at })),
  windows:
    turnIn === undefined
      ? []
      : [
          {
            id: `w-${id}`,
            at: turnIn,
            from: turnIn - 300_000,
            to: turnIn + 300_000,
            label: 'Turn-in',
            description: '',
          },
        ],
});

const overlaps = (a: LabelBox, b: LabelBox, gap: number) =>
  a.row === b.row && a.left < b.left + b.width + gap && b.left < a.left + a.width + gap;

describe('layoutDay', () => {
  it('fits the axis to the width: whole hours from the first instant to the last, nothing past either end', () => {
    const layout = layoutDay(
      [
        lane(
          'Brisket',
          [
            ['Inject', T0 + 3.9 * HOUR_MS],
            ['Box', T0 + 13.4 * HOUR_MS],
          ],
          T0 + 14 * HOUR_MS,
        ),
      ],
      null,
      options(340),
    )!;
    expect(layout.startMs).toBe(T0 + 3 * HOUR_MS);
    expect(layout.endMs).toBe(T0 + 15 * HOUR_MS);
    for (const l of layout.lanes)
      for (const box of [...l.marks, ...l.windows].map((i) => i.box).filter((b) => b !== null))
        expect(box.left >= 0 && box.left + box.width <= 340).toBe(true);
  });

  it('puts labels that would collide in the next row, and counts those with no row left', () => {
    const crowded = Array.from({ length: 12 }, (_, i): [string, number] => [
      `Step ${i}`,
      T0 + 30 * 60_000 + i * 1_000,
    ]);
    const layout = layoutDay([lane('Ribs', crowded)], null, options(340, 3))!;
    const [ribs] = layout.lanes;
    const shown = ribs!.marks.filter((m) => m.box !== null);
    expect(shown.map((m) => m.box!.row)).toEqual([0, 1, 2]);
    expect(ribs!.hidden).toBe(9);
    expect(ribs!.rows).toBe(3);
  });

  it('gives the turn-in window its label first, so a step at the turn-in never takes its place', () => {
    const turnIn = T0 + 14 * HOUR_MS;
    const layout = layoutDay([lane('Chicken', [['Box', turnIn]], turnIn)], null, options(340))!;
    expect(layout.lanes[0]!.windows[0]!.box!.row).toBe(0);
    expect(layout.lanes[0]!.marks[0]!.box!.row).toBe(1);
  });

  it('thins the hour ticks so that their labels have room', () => {
    const layout = layoutDay(
      [
        lane('Brisket', [
          ['Inject', T0],
          ['Box', T0 + 23 * HOUR_MS],
        ]),
      ],
      null,
      options(340),
    )!;
    const gaps = layout.ticks.slice(1).map((t, i) => t.x - layout.ticks[i]!.x);
    expect(gaps.every((g) => g >= 46)).toBe(true);
    expect(layout.ticks[0]!.ms).toBe(T0);
  });

  it('draws the now-line only while now is on the axis', () => {
    const lanes = [lane('Brisket', [['Box', T0 + 13.5 * HOUR_MS]])];
    expect(layoutDay(lanes, T0 + 13.75 * HOUR_MS, options(300))!.nowX).toBeCloseTo(225);
    expect(layoutDay(lanes, T0 + 20 * HOUR_MS, options(300))!.nowX).toBeNull();
    expect(layoutDay([], null, options(300))).toBeNull();
  });

  it('never overlaps two labels of a lane, never runs a label off the axis, and shows or counts every label, at any width', () => {
    const at = fc.integer({ min: T0, max: T0 + 30 * HOUR_MS });
    const markArb = fc.tuple(fc.string({ minLength: 1, maxLength: 40 }), at);
    fc.assert(
      fc.property(
        fc.array(fc.array(markArb, { maxLength: 25 }), { minLength: 1, maxLength: 4 }),
        fc.option(at, { nil: undefined }),
        fc.integer({ min: 120, max: 1600 }),
        fc.integer({ min: 1, max: 5 }),
        (lanes, turnIn, width, maxRows) => {
          const input = lanes.map((marks, i) => lane(`L${i}`, marks, turnIn));
          const layout = layoutDay(input, null, options(width, maxRows));
          if (!layout) return;
          for (const [i, placed] of layout.lanes.entries()) {
            const items = [...placed.windows, ...placed.marks];
            const boxes = items.map((item) => item.box).filter((b): b is LabelBox => b !== null);
            expect(boxes.length + placed.hidden).toBe(items.length);
            expect(items.length).toBe(input[i]!.marks.length + (input[i]!.windows?.length ?? 0));
            for (const [j, a] of boxes.entries()) {
              expect(a.left).toBeGreaterThanOrEqual(0);
              expect(a.left + a.width).toBeLessThanOrEqual(width + 1e-6);
              expect(a.row).toBeLessThan(maxRows);
              for (const b of boxes.slice(j + 1)) expect(overlaps(a, b, 6)).toBe(false);
            }
          }
        },
      ),
    );
  });
});

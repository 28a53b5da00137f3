import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Timeline } from './timeline';
import type { TimelineLane } from './timeline-layout';

const at = (hhmm: string) => Date.parse(`2026-06-06T${hhmm}:00.000Z`);
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const turnIn = (id: string, time: string) => ({
  id,
  at: at(time),
  from: at(time) - 300_000,
  to: at(time) + 300_000,
  label: `Turn-in ${time}`,
  description: `Turn-in ${time}, window ${hhmm(at(time) - 300_000)} to ${hhmm(at(time) + 300_000)}`,
});

const lanes: TimelineLane[] = [
  {
    id: 'chicken',
    name: 'Chicken',
    color: '#f4c542',
    marks: [
      { id: 'c1', at: at('09:30'), label: 'Chicken on' },
      { id: 'c2', at: at('10:45'), label: 'Sauce' },
      { id: 'c3', at: at('11:45'), label: 'Box' },
    ],
    windows: [turnIn('c-turn-in', '12:00')],
  },
  {
    id: 'ribs',
    name: 'Ribs',
    color: '#6fb1e8',
    marks: [
      { id: 'r1', at: at('08:00'), label: 'Ribs on' },
      { id: 'r2', at: at('10:30'), label: 'Wrap' },
      { id: 'r3', at: at('10:40'), label: 'Spritz' },
      { id: 'r4', at: at('12:15'), label: 'Box' },
    ],
    windows: [turnIn('r-turn-in', '12:30')],
  },
];

const meta = {
  title: 'Data/Timeline',
  component: Timeline,
  args: { lanes, formatTime: hhmm, label: 'Cook-off timeline' },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Day: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = canvas.getByRole('figure', { name: 'Cook-off timeline' });
    await expect(within(figure).getByRole('list', { name: 'Ribs' })).toBeInTheDocument();
    await expect(figure.querySelector('[aria-label="Turn-in 12:30, window 12:25 to 12:35"]')).not.toBeNull();
  },
};

/** Wrap and Spritz are ten minutes apart: their labels stack in two rows instead of overlapping. */
export const CloseStepsStack: Story = {
  args: { lanes: [lanes[1]!] },
  play: async ({ canvasElement }) => {
    const rows = [...canvasElement.querySelectorAll('.pc-timeline__mark')].map((m) =>
      m.getAttribute('data-row'),
    );
    await expect(rows).toEqual(['0', '0', '1', '0']);
  },
};

export const WithNowLine: Story = {
  args: { now: at('10:35') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Now 10:35' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { lanes: [], empty: 'No steps to show yet. Attach a template with Manage templates.' },
};

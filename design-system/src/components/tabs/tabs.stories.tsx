import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs } from './tabs';

const items = [
  { id: 'steps', label: 'Steps', content: <p>Trim, inject, rub, smoke, wrap, rest.</p> },
  { id: 'notes', label: 'Notes', content: <p>Pit ran hot at 3 am.</p> },
  { id: 'weather', label: 'Weather', content: <p>72 °F, wind 5 mph. Water boils at 211 °F.</p> },
];

const meta = {
  title: 'Data/Tabs',
  component: Tabs,
  args: { items, label: 'Run details', onValueChange: fn() },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Steps' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Pit ran hot');
    await expect(args.onValueChange).toHaveBeenCalledWith('notes');
  },
};

export const SecondSelected: Story = { args: { defaultValue: 'weather' } };

export const WithDisabledTab: Story = {
  args: {
    items: [items[0]!, { id: 'notes', label: 'Notes', content: <p>No notes.</p>, disabled: true }, items[2]!],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Steps' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Weather' })).toHaveFocus();
  },
};

export const ManualActivation: Story = { args: { activation: 'manual' } };
export const FullWidth: Story = { args: { fullWidth: true } };

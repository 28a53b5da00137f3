import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Run progress', value: 3, max: 8, showValue: true, valueText: '3 of 8 steps' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Determinate: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Run progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(bar).toHaveAttribute('aria-valuemax', '8');
    await expect(bar).toHaveAttribute('aria-valuetext', '3 of 8 steps');
  },
};
export const Percentage: Story = {
  args: { label: 'Backup upload', value: 45, max: 100, valueText: undefined },
};
export const Complete: Story = { args: { value: 8, tone: 'green', valueText: 'All steps done' } };
export const Indeterminate: Story = {
  args: { label: 'Restoring backup', value: undefined, showValue: false },
};
export const HiddenLabel: Story = { args: { hideLabel: true, showValue: false, tone: 'amber' } };

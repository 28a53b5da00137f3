import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './number-field';

const meta = {
  title: 'Fields/NumberField',
  component: NumberField,
  args: { label: 'Walk-time adjustment (minutes)', min: 0, max: 20, step: 1, onValueChange: fn() },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: 5 } };

export const ClampsOnBlur: Story = {
  args: { clampOnBlur: true, emptyValue: 0, hint: '0 to 20 minutes.' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Walk-time adjustment (minutes)');
    await userEvent.type(input, '35');
    await userEvent.tab();
    await expect(input).toHaveValue(20);
    await expect(args.onValueChange).toHaveBeenLastCalledWith(20);
  },
};

export const ArrowKeysStep: Story = {
  args: { defaultValue: 3 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Walk-time adjustment (minutes)' });
    await expect(input).toHaveAttribute('min', '0');
    await expect(input).toHaveAttribute('max', '20');
  },
};

export const WithError: Story = {
  args: { defaultValue: 0, label: 'Snooze (minutes)', error: 'At least 1 minute' },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 10 } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Fields/TextField',
  component: TextField,
  args: { label: 'Cook-off name', name: 'name' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Cook-off name');
    await userEvent.type(input, 'Smoke on the Water');
    await expect(input).toHaveValue('Smoke on the Water');
  },
};

export const WithHint: Story = { args: { hint: 'Shown on the cook-off list.' } };

export const WithError: Story = {
  args: { error: 'Please provide a cook-off name.', defaultValue: '' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Cook-off name');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please provide a cook-off name.');
  },
};

export const HintAndError: Story = {
  args: { label: 'E-mail', type: 'email', hint: 'We never share it.', error: 'Enter a valid email address' },
};
export const Required: Story = { args: { required: true } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Memphis in May' } };
export const HiddenLabel: Story = { args: { hideLabel: true, label: 'Search templates', type: 'search' } };

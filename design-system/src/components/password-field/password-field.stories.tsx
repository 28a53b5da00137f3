import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field';

const meta = {
  title: 'Fields/PasswordField',
  component: PasswordField,
  args: { label: 'Password', name: 'password' },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'brisket42');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  },
};

export const Visible: Story = { args: { defaultVisible: true, defaultValue: 'brisket42' } };
export const WithHint: Story = {
  args: { autoComplete: 'new-password', hint: 'Password must be at least 8 characters.' },
};
export const WithError: Story = {
  args: { error: 'Password must be at least 8 characters', defaultValue: 'short' },
};
export const Disabled: Story = { args: { disabled: true } };

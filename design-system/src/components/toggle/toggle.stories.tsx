import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Toggle } from './toggle';

const meta = {
  title: 'Fields/Toggle',
  component: Toggle,
  args: { label: 'Dark mode', onCheckedChange: fn() },
} satisfies Meta<typeof Toggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Dark mode' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};
export const On: Story = { args: { defaultChecked: true } };
export const WithDescription: Story = {
  args: {
    label: 'Step alerts',
    description: 'Push a notification when a step is due.',
    defaultChecked: true,
  },
};
export const Disabled: Story = { args: { disabled: true, label: 'Cloud backup' } };

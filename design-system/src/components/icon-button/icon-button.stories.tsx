import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CloseIcon, EditIcon, MenuIcon, PlusIcon, TrashIcon } from '../../icons/icons';
import { IconButton } from './icon-button';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  args: { label: 'Edit step', icon: <EditIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit step' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary', label: 'Open menu', icon: <MenuIcon /> } };
export const Primary: Story = { args: { variant: 'primary', label: 'Add step', icon: <PlusIcon /> } };
export const Danger: Story = { args: { variant: 'danger', label: 'Delete step', icon: <TrashIcon /> } };
export const Disabled: Story = { args: { disabled: true, label: 'Close', icon: <CloseIcon /> } };

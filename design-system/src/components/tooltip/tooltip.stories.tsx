import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { EditIcon, InfoIcon } from '../../icons/icons';
import { IconButton } from '../icon-button/icon-button';
import { Tooltip } from './tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: { content: 'Edit step', children: <IconButton label="Edit" icon={<EditIcon />} /> },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Top: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Edit' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(canvas.getByRole('tooltip')).toBeVisible();
    await expect(button).toHaveAccessibleDescription('Edit step');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('tooltip', { hidden: true })).not.toBeVisible();
  },
};

export const Bottom: Story = {
  args: {
    placement: 'bottom',
    content: 'Boiling point at the contest site',
    children: <IconButton label="About boiling point" icon={<InfoIcon />} />,
  },
};

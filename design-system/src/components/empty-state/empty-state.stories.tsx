import type { Meta, StoryObj } from '@storybook/react-vite';
import { ClockIcon, PlusIcon } from '../../icons/icons';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No cook-offs yet', text: 'Create your first cook-off to plan its turn-ins.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleAndText: Story = {};
export const WithAction: Story = {
  args: { action: <Button icon={<PlusIcon />}>New cook-off</Button>, icon: <ClockIcon /> },
};
export const TitleOnly: Story = { args: { title: 'Nothing scheduled', text: undefined } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge';

const meta = {
  title: 'Data/Badge',
  component: Badge,
  args: { children: 'Planned' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Accent: Story = { args: { tone: 'accent', children: 'Next' } };
export const Green: Story = { args: { tone: 'green', children: 'Done' } };
export const Amber: Story = { args: { tone: 'amber', children: 'Due soon' } };
export const Red: Story = { args: { tone: 'red', children: 'Overdue' } };
export const Info: Story = { args: { tone: 'info', children: 'Global' } };

export const AllTones: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge>Planned</Badge>
      <Badge tone="accent">Next</Badge>
      <Badge tone="green">Done</Badge>
      <Badge tone="amber">Due soon</Badge>
      <Badge tone="red">Overdue</Badge>
      <Badge tone="info">Global</Badge>
    </p>
  ),
};

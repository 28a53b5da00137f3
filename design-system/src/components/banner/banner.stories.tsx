import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Banner } from './banner';

const meta = {
  title: 'Feedback/Banner',
  component: Banner,
  args: { tone: 'green', children: 'Licence active until 12 Oct 2026.' },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Green: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Licence active');
  },
};

export const Amber: Story = {
  args: {
    tone: 'amber',
    title: 'Licence expires in 5 days',
    children: 'Redeem a promo code to keep cooking.',
  },
};

export const Red: Story = {
  args: {
    tone: 'red',
    title: 'Could not save',
    children: 'Network error. Your change is kept on this device.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not save');
  },
};

export const WithAction: Story = {
  args: {
    tone: 'amber',
    children: 'Licence expired 2 days ago; functionality may be limited.',
    action: (
      <Button size="md" variant="secondary">
        Redeem
      </Button>
    ),
  },
};

export const Dismissible: Story = {
  args: { tone: 'red', children: 'Weather could not be loaded.', onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const EmptyGreen: Story = { args: { tone: 'green', children: undefined } };

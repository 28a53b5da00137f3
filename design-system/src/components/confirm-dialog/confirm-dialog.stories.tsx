import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmDialogProps } from './confirm-dialog';

type DemoProps = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'> & { initiallyOpen?: boolean };

function ConfirmDemo({ initiallyOpen = true, ...props }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Ask
      </Button>
      <p>
        Answer: <output>{answer}</output>
      </p>
      <ConfirmDialog
        {...props}
        open={open}
        onConfirm={() => {
          setAnswer('confirmed');
          setOpen(false);
        }}
        onCancel={() => {
          setAnswer('cancelled');
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDemo,
  args: { title: 'Start the run?', message: 'Alerts are scheduled from now on.', confirmLabel: 'Start' },
} satisfies Meta<typeof ConfirmDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(document.body).getByRole('alertdialog', { name: 'Start the run?' });
    await expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(canvasElement).getByText('confirmed')).toBeInTheDocument());
  },
};

export const Destructive: Story = {
  args: {
    title: 'Delete this user?',
    message: 'This cannot be undone.',
    confirmLabel: 'Delete',
    destructive: true,
  },
  play: async ({ canvasElement }) => {
    const dialog = within(document.body).getByRole('alertdialog', { name: 'Delete this user?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement).getByText('cancelled')).toBeInTheDocument());
  },
};

export const Busy: Story = {
  args: { title: 'Revoke this device license?', confirmLabel: 'Revoke', destructive: true, busy: true },
};

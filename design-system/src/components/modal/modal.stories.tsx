import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Modal } from './modal';
import type { ModalProps } from './modal';

type DemoProps = Omit<ModalProps, 'open' | 'onClose'> & { initiallyOpen?: boolean };

function ModalDemo({ initiallyOpen = true, ...props }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        {...props}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => setOpen(false)}>Save</Button>
          </>
        }
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: ModalDemo,
  args: {
    title: 'Edit cook-off',
    children: <TextField label="Name" defaultValue="Smoke on the Water" />,
  },
} satisfies Meta<typeof ModalDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = { args: { size: 'sm' } };
export const Medium: Story = { args: { size: 'md', description: 'Changes apply on this device at once.' } };
export const Large: Story = { args: { size: 'lg' } };
export const ExtraLarge: Story = { args: { size: 'xl' } };
export const Full: Story = { args: { size: 'full' } };

export const OpensAndRestoresFocus: Story = {
  args: { initiallyOpen: false },
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    const dialog = within(document.body).getByRole('dialog', { name: 'Edit cook-off' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

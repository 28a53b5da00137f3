import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '../text-field/text-field';
import { FormDialog } from './form-dialog';

const meta = {
  title: 'Overlays/FormDialog',
  component: FormDialog,
  args: {
    open: true,
    title: 'Add Category',
    submitLabel: 'Create',
    onSubmit: fn(),
    onClose: fn(),
    children: <TextField label="Name" required />,
  },
} satisfies Meta<typeof FormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const body = within(document.body);
    await userEvent.type(body.getByLabelText(/Name/), 'Jackpot beef{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const Busy: Story = { args: { busy: true } };

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeInput } from './time-input';
import type { TimeInputProps } from './time-input';

const meta = {
  title: 'Fields/TimeInput',
  component: TimeInput,
  args: { label: 'Turn-in time', onValueChange: fn() },
} satisfies Meta<typeof TimeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Turn-in time');
    await userEvent.type(input, '1:30 pm');
    await userEvent.tab();
    await expect(input).toHaveValue('13:30');
    await expect(args.onValueChange).toHaveBeenCalledWith('13:30');
  },
};

export const WithValue: Story = { args: { defaultValue: '12:00', hint: 'HH:MM, or 12-hour with AM/PM.' } };

export const InvalidEntry: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Turn-in time');
    await userEvent.type(input, '25:00');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please pick a valid time (HH:MM).');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const WithError: Story = { args: { defaultValue: '09:00', error: 'Turn-in must be after the start' } };
export const Native: Story = { args: { mode: 'native', defaultValue: '06:30' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: '11:00' } };

function ControlledDemo(props: TimeInputProps) {
  const [value, setValue] = useState('07:05');
  return (
    <>
      <TimeInput {...props} value={value} onValueChange={(v) => setValue(v)} />
      <p>
        Stored value: <output>{value || '(empty)'}</output>
      </p>
    </>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Turn-in time');
    await userEvent.clear(input);
    await userEvent.type(input, '12:00 AM');
    await userEvent.tab();
    await expect(canvas.getByText('00:00')).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Select } from './select';

const bodies = [
  { value: '1', label: 'KCBS' },
  { value: '2', label: 'MBN' },
  { value: '3', label: 'SCA' },
  { value: '4', label: 'IBCA', disabled: true },
];

const meta = {
  title: 'Fields/Select',
  component: Select,
  args: { label: 'Sanctioning body', options: bodies, placeholder: 'Choose…' },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Sanctioning body');
    await userEvent.selectOptions(select, 'MBN');
    await expect(select).toHaveValue('2');
  },
};
export const WithValue: Story = { args: { defaultValue: '3' } };
export const WithHint: Story = { args: { hint: 'Decides the judging categories.' } };
export const WithError: Story = { args: { error: 'Choose a sanctioning body', required: true } };
export const Disabled: Story = { args: { disabled: true } };

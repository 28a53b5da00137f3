import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SortableList } from './sortable-list';

type Meat = { id: string; name: string; turnIn: string };

const meats: Meat[] = [
  { id: 'chicken', name: 'Chicken', turnIn: '12:00' },
  { id: 'ribs', name: 'Ribs', turnIn: '12:30' },
  { id: 'pork', name: 'Pork', turnIn: '13:00' },
  { id: 'brisket', name: 'Brisket', turnIn: '13:30' },
];

type TurnInOrderProps = {
  onReorder: (fromIndex: number, toIndex: number) => void;
  disabled?: boolean;
};

/** A SortableList that applies the moves it reports, as its owner would. */
function TurnInOrder({ onReorder, disabled }: TurnInOrderProps) {
  const [items, setItems] = useState(meats);
  const move = (from: number, to: number) => {
    onReorder(from, to);
    setItems((current) => {
      const next = [...current];
      next.splice(to, 0, ...next.splice(from, 1));
      return next;
    });
  };
  return (
    <SortableList
      items={items}
      getId={(meat) => meat.id}
      getLabel={(meat) => meat.name}
      renderItem={(meat) => (
        <span>
          <strong>{meat.name}</strong> — turn-in {meat.turnIn}
        </span>
      )}
      onReorder={move}
      label="Turn-in order"
      disabled={disabled}
    />
  );
}

const meta = {
  title: 'Data/SortableList',
  component: TurnInOrder,
  args: { onReorder: fn() },
} satisfies Meta<typeof TurnInOrder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const handle = canvas.getByRole('button', { name: 'Reorder Ribs' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[Escape]');
    await expect(args.onReorder).not.toHaveBeenCalled();
    await expect(canvas.getAllByRole('listitem')[1]).toHaveTextContent('Ribs');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const handles = within(canvasElement).getAllByRole('button', { name: /^Reorder / });
    for (const handle of handles) await expect(handle).toBeDisabled();
  },
};

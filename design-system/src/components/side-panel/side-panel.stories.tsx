import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { SidePanel } from './side-panel';
import type { SidePanelProps } from './side-panel';

type DemoProps = Omit<SidePanelProps, 'open' | 'onClose'> & { initiallyOpen?: boolean };

function SidePanelDemo({ initiallyOpen = true, ...props }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open panel
      </Button>
      <SidePanel {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const navigation = (
  <nav aria-label="Main">
    <ul>
      <li>
        <a href="#contests">Cook-offs</a>
      </li>
      <li>
        <a href="#templates">Templates</a>
      </li>
      <li>
        <a href="#settings">Settings</a>
      </li>
    </ul>
  </nav>
);

const meta = {
  title: 'Overlays/SidePanel',
  component: SidePanelDemo,
  args: { title: 'Menu', children: navigation },
} satisfies Meta<typeof SidePanelDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Right: Story = {};
export const Left: Story = { args: { side: 'left', size: 'sm' } };
export const Large: Story = {
  args: { title: 'Step details', size: 'lg', children: <p>Wrap the brisket at 165 °F internal.</p> },
  play: async () => {
    await expect(within(document.body).getByRole('dialog', { name: 'Step details' })).toBeInTheDocument();
  },
};
export const WithFooter: Story = {
  args: { title: 'Filters', children: <p>Show only today.</p>, footer: <Button>Apply</Button> },
};

export const EscapeCloses: Story = {
  args: { initiallyOpen: false },
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Open panel' });
    await userEvent.click(opener);
    const panel = within(document.body).getByRole('dialog', { name: 'Menu' });
    await expect(within(panel).getByRole('link', { name: 'Cook-offs' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

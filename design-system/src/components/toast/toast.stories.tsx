import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ToastProvider, useToast } from './toast';
import type { ToastInput, ToastProviderProps } from './toast';

function Pusher({ toasts }: { toasts: ToastInput[] }) {
  const { push, clear } = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {toasts.map((toast, i) => (
        <Button key={i} variant="secondary" onClick={() => push(toast)}>
          {`Show ${toast.tone ?? 'info'}`}
        </Button>
      ))}
      <Button variant="ghost" onClick={clear}>
        Clear all
      </Button>
    </div>
  );
}

type DemoProps = ToastProviderProps & { toasts: ToastInput[] };

function ToastDemo({ toasts, ...provider }: DemoProps) {
  return (
    <ToastProvider {...provider}>
      <Pusher toasts={toasts} />
    </ToastProvider>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  args: {
    toasts: [
      { tone: 'success', message: 'Cook-off saved.' },
      { tone: 'info', message: 'Backup finished.', title: 'Backup' },
      { tone: 'warning', message: 'Step "Wrap brisket" is due in 5 minutes.' },
      { tone: 'error', message: 'Could not reach the server.', title: 'Offline' },
    ],
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show error' }));
    const region = within(document.body).getByRole('region', { name: 'Notifications' });
    await expect(within(region).getByRole('status')).toHaveTextContent('Cook-off saved.');
    await expect(within(region).getByRole('alert')).toHaveTextContent('Could not reach the server.');
  },
};

export const MaxItems: Story = {
  args: { max: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show info' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show warning' }));
    const region = within(document.body).getByRole('region', { name: 'Notifications' });
    await expect(within(region).getAllByRole('status')).toHaveLength(2);
    await expect(region).not.toHaveTextContent('Cook-off saved.');
  },
};

export const Dismiss: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show error' }));
    const region = within(document.body).getByRole('region', { name: 'Notifications' });
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(within(region).queryByRole('alert')).not.toBeInTheDocument());
  },
};

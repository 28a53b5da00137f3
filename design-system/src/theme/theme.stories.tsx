import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Select } from '../components/select/select';
import { useColorScheme } from './theme';
import type { ThemeChoice } from './theme';

const swatches = [
  ['bg', 'text'],
  ['surface', 'text'],
  ['surface-sunken', 'text-muted'],
  ['accent', 'accent-text'],
  ['accent-subtle', 'accent-strong-text'],
  ['success-bg', 'success-text'],
  ['warning-bg', 'warning-text'],
  ['danger-bg', 'danger-text'],
  ['info-bg', 'info-text'],
] as const;

function ThemeSwitcher() {
  const { scheme, choice, setChoice } = useColorScheme();
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <Select
        label="Theme"
        value={choice}
        onChange={(event) => setChoice(event.target.value as ThemeChoice)}
        options={[
          { value: 'system', label: 'Follow system' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />
      <p>
        Showing: <output>{scheme}</output>
      </p>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
        {swatches.map(([bg, fg]) => (
          <li
            key={bg}
            style={{
              background: `var(--pc-color-${bg})`,
              color: `var(--pc-color-${fg})`,
              border: '1px solid var(--pc-color-border-subtle)',
              borderRadius: 'var(--pc-radius-md)',
              padding: 'var(--pc-space-3)',
            }}
          >
            --pc-color-{fg} on --pc-color-{bg}
          </li>
        ))}
      </ul>
    </div>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: ThemeSwitcher,
} satisfies Meta<typeof ThemeSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {};

export const ChoosingDarkStoresIt: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Theme'), 'dark');
    await expect(canvas.getByText('dark')).toBeInTheDocument();
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await expect(localStorage.getItem('darkMode')).toBe('true');
    await userEvent.selectOptions(canvas.getByLabelText('Theme'), 'system');
    await expect(localStorage.getItem('darkMode')).toBeNull();
  },
};

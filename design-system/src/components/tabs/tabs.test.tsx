import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const items = [
  { id: 'a', label: 'Steps', content: 'Steps panel' },
  { id: 'b', label: 'Notes', content: 'Notes panel' },
  { id: 'c', label: 'Weather', content: 'Weather panel' },
];

describe('Tabs', () => {
  it('moves and selects with ArrowRight/ArrowLeft, wrapping at both ends', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs items={items} label="Run" onValueChange={onValueChange} />);
    const [steps, notes, weather] = screen.getAllByRole('tab');

    await user.tab();
    expect(steps).toHaveFocus();
    expect(steps).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(notes).toHaveFocus();
    expect(notes).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Notes panel');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(steps).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(weather).toHaveFocus();
    expect(onValueChange.mock.calls.map((c) => c[0])).toEqual(['b', 'c', 'a', 'c']);
  });

  it('Home and End jump to the first and last tab; only the selected tab is in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Run" defaultValue="b" />);
    const [steps, notes, weather] = screen.getAllByRole('tab');
    expect(notes).toHaveAttribute('tabindex', '0');
    expect(steps).toHaveAttribute('tabindex', '-1');
    await user.click(notes!);
    await user.keyboard('{End}');
    expect(weather).toHaveFocus();
    await user.keyboard('{Home}');
    expect(steps).toHaveFocus();
  });

  it('ties tabs and panels with aria-controls / aria-labelledby', () => {
    render(<Tabs items={items} label="Run" />);
    const tab = screen.getByRole('tab', { name: 'Steps' });
    const panel = screen.getByRole('tabpanel', { name: 'Steps' });
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('in manual mode arrows move focus only and Enter selects', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Run" activation="manual" />);
    const [steps, notes] = screen.getAllByRole('tab');
    await user.click(steps!);
    await user.keyboard('{ArrowRight}');
    expect(notes).toHaveFocus();
    expect(notes).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(notes).toHaveAttribute('aria-selected', 'true');
  });
});

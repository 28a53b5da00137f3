import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeInput } from './time-input';

describe('TimeInput', () => {
  it('normalises a 12-hour entry to HH:MM on blur and reports it', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<TimeInput label="Turn-in" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Turn-in');
    await user.type(input, '7:05pm');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.tab();
    expect(input).toHaveValue('19:05');
    expect(onValueChange).toHaveBeenCalledWith('19:05');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('12:00 AM becomes 00:00', async () => {
    const user = userEvent.setup();
    render(<TimeInput label="Turn-in" />);
    const input = screen.getByLabelText('Turn-in');
    await user.type(input, '12:00 AM');
    await user.tab();
    expect(input).toHaveValue('00:00');
  });

  it('an impossible time stays as typed, marks the field invalid and reports nothing; fixing it clears the error', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<TimeInput label="Turn-in" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Turn-in');
    await user.type(input, '24:30');
    await user.tab();
    expect(input).toHaveValue('24:30');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please pick a valid time (HH:MM).');
    expect(onValueChange).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '6:30{Enter}');
    expect(input).toHaveValue('06:30');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(onValueChange).toHaveBeenCalledWith('06:30');
  });

  it('clearing the field reports an empty value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<TimeInput label="Turn-in" defaultValue="10:00" onValueChange={onValueChange} />);
    await user.clear(screen.getByLabelText('Turn-in'));
    await user.tab();
    expect(onValueChange).toHaveBeenCalledWith('');
  });

  it('native mode is a time input with a 60 s step', () => {
    render(<TimeInput label="Turn-in" mode="native" defaultValue="06:30" />);
    const input = screen.getByLabelText('Turn-in');
    expect(input).toHaveAttribute('type', 'time');
    expect(input).toHaveAttribute('step', '60');
    expect(input).toHaveValue('06:30');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberField, clampNumber } from './number-field';

describe('NumberField', () => {
  it('clamps above max and below min on blur when clampOnBlur is set', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <NumberField label="Walk time" min={0} max={20} step={1} clampOnBlur onValueChange={onValueChange} />,
    );
    const input = screen.getByLabelText('Walk time');
    await user.type(input, '45');
    await user.tab();
    expect(input).toHaveValue(20);
    expect(onValueChange).toHaveBeenLastCalledWith(20);
    await user.clear(input);
    await user.type(input, '-3');
    await user.tab();
    expect(input).toHaveValue(0);
  });

  it('replaces an empty entry with emptyValue on blur', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <NumberField
        label="Walk time"
        min={0}
        max={20}
        clampOnBlur
        emptyValue={0}
        defaultValue={4}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByLabelText('Walk time');
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue(0);
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });

  it('does not clamp without clampOnBlur', async () => {
    const user = userEvent.setup();
    render(<NumberField label="Uses" min={0} max={5} />);
    const input = screen.getByLabelText('Uses');
    await user.type(input, '9');
    await user.tab();
    expect(input).toHaveValue(9);
  });

  it('clampNumber rounds to the step grid and clamps', () => {
    expect(clampNumber(7.4, { min: 0, max: 20, step: 1 })).toBe(7);
    expect(clampNumber(0.31, { step: 0.1 })).toBe(0.3);
    expect(clampNumber(99, { max: 20 })).toBe(20);
    expect(clampNumber(-1, { min: 1 })).toBe(1);
  });

  it('asks phones for a digit keypad only where no minus sign is needed', () => {
    render(
      <>
        <NumberField label="Walk time" min={0} step={1} />
        <NumberField label="Pressure" min={0} step={0.1} />
        <NumberField label="Minutes before turn-in" />
      </>,
    );
    expect(screen.getByLabelText('Walk time').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Pressure').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Minutes before turn-in').hasAttribute('inputmode')).toBe(false);
  });
});

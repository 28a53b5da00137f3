import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Select } from '../select/select';
import { TextField } from '../text-field/text-field';

describe('fields', () => {
  it('without an error the field is not invalid and is described by its hint only', () => {
    render(<TextField label="Name" hint="Shown on the list." />);
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Shown on the list.');
  });

  it('an error sets aria-invalid and joins aria-describedby, keeping a caller describedby', () => {
    render(
      <>
        <p id="extra">Extra.</p>
        <TextField label="Name" aria-describedby="extra" error="Please provide a cook-off name." />
      </>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Extra. Please provide a cook-off name.');
  });

  it('forwards input props and refs', () => {
    let ref: HTMLInputElement | null = null;
    render(
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        ref={(el) => void (ref = el)}
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(ref).toBe(input);
  });

  it('Select renders options with a placeholder and an error', () => {
    render(
      <Select label="Body" placeholder="Choose" options={[{ value: '1', label: 'KCBS' }]} error="Required" />,
    );
    const select = screen.getByLabelText('Body');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose', 'KCBS']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField } from '@pitclock/design-system';
import { leaveField } from './leave-field';

function renderFields() {
  const onBlur = vi.fn(() => Promise.resolve());
  const props: UseFormRegisterReturn<'secret'> = { name: 'secret', onChange: onBlur, onBlur, ref: () => {} };
  render(
    <>
      <PasswordField label="Secret" {...leaveField(props)} />
      <TextField label="Other" />
    </>,
  );
  return { onBlur, user: userEvent.setup() };
}

const blurredNames = (onBlur: ReturnType<typeof vi.fn>) =>
  onBlur.mock.calls.map(([event]) => (event as { target: HTMLInputElement }).target.name);

describe('leaveField: moving to the field’s own show/hide button is not leaving it', () => {
  it('input -> its toggle -> back to the input: not left', async () => {
    const { onBlur, user } = renderFields();
    await user.click(screen.getByLabelText('Secret'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByLabelText('Secret'));
    expect(onBlur).not.toHaveBeenCalled();
  });

  it('input -> its toggle -> another field: left once, with the input’s blur', async () => {
    const { onBlur, user } = renderFields();
    await user.click(screen.getByLabelText('Secret'));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Other'));
    expect(blurredNames(onBlur)).toEqual(['secret']);
  });

  it('input -> another field directly: left', async () => {
    const { onBlur, user } = renderFields();
    await user.click(screen.getByLabelText('Secret'));
    await user.click(screen.getByLabelText('Other'));
    expect(blurredNames(onBlur)).toEqual(['secret']);
  });
});

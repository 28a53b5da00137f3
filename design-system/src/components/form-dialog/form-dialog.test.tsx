import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from './form-dialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <FormDialog
      open
      title="Add Category"
      submitLabel="Create"
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    >
      <label>
        Name <input name="name" />
      </label>
      <label>
        Description <textarea name="description" />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onClose, user: userEvent.setup() };
}

describe('FormDialog', () => {
  it('submits from the footer button and from Enter in a one-line field, but not from Enter in a text area', async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Name'), 'Wings{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.type(screen.getByLabelText('Description'), 'Hot{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('Cancel closes without submitting; a disabled or busy submit does nothing', async () => {
    const { onSubmit, onClose, user } = renderDialog({ submitDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

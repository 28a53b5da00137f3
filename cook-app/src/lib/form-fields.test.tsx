import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { NumberField, TimeInput } from '@pitclock/design-system';
import { minutesBeforeSchema, turnInTimeSchema } from '../domain';
import { numberFieldBinding, timeInputBinding, unlessSubmitting } from './form-fields';

const schema = z.object({ minutes: minutesBeforeSchema, time: turnInTimeSchema });
type Values = z.output<typeof schema>;

/** A form with a number field and a time field bound by the helpers; Save sends to `onSave`. */
function Probe({ onSave }: { onSave: (values: Values) => Promise<void> }) {
  const { control, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { minutes: 5, time: '' },
  });
  return (
    <form
      aria-label="Probe"
      data-submitting={formState.isSubmitting || undefined}
      onSubmit={unlessSubmitting(formState.isSubmitting, handleSubmit(onSave))}
    >
      <Controller
        control={control}
        name="minutes"
        render={({ field }) => (
          <NumberField
            {...numberFieldBinding(field)}
            label="Minutes"
            error={formState.errors.minutes?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="time"
        render={({ field }) => (
          <TimeInput {...timeInputBinding(field)} label="Time" error={formState.errors.time?.message} />
        )}
      />
      <button type="submit">Save</button>
    </form>
  );
}

/** Types what the browser cannot read as a number: the input's value is then empty and badInput is set. */
function typeUnreadable(input: HTMLInputElement) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true } });
  fireEvent.change(input, { target: { value: '' } });
  Reflect.deleteProperty(input, 'validity');
}

describe('form field bindings', () => {
  it('a number field sends its number, and null when emptied (which the schema reads as 0)', async () => {
    const onSave = vi.fn<(values: Values) => Promise<void>>(() => Promise.resolve());
    render(<Probe onSave={onSave} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Minutes'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ minutes: 0, time: null });

    await user.type(screen.getByLabelText('Minutes'), '-15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0]).toMatchObject({ minutes: -15 });
  });

  it('a number the browser could not read is refused as not a number, until a number is typed', async () => {
    const onSave = vi.fn<(values: Values) => Promise<void>>(() => Promise.resolve());
    render(<Probe onSave={onSave} />);
    const user = userEvent.setup();
    const minutes = screen.getByLabelText('Minutes') as HTMLInputElement;
    typeUnreadable(minutes);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minutes before turn-in must be a number.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(minutes, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ minutes: 90 });
  });

  it('a time field gives the form the text as typed, so a time it has not accepted is refused', async () => {
    const onSave = vi.fn<(values: Values) => Promise<void>>(() => Promise.resolve());
    render(<Probe onSave={onSave} />);
    const user = userEvent.setup();
    const time = screen.getByLabelText('Time') as HTMLInputElement;
    await user.type(time, 'noon{Enter}');
    expect(await screen.findByText('Please pick a valid time (HH:MM).')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(time);
    await user.type(time, '7:30 pm{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ time: '19:30' });
    expect(time.value).toBe('19:30');
  });

  it('a submit while the previous one is still running does nothing', async () => {
    let finish = () => {};
    const onSave = vi.fn<(values: Values) => Promise<void>>(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    render(<Probe onSave={onSave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    finish();
    const form = screen.getByRole('form', { name: 'Probe' });
    await waitFor(() => expect(form.dataset.submitting).toBeUndefined());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
  });
});

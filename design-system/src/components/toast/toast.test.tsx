import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from './toast';
import type { ToastApi, ToastProviderProps } from './toast';

function setup(props: Omit<ToastProviderProps, 'children'> = {}) {
  let api: ToastApi | undefined;
  function Capture() {
    api = useToast();
    return null;
  }
  render(
    <ToastProvider {...props}>
      <Capture />
    </ToastProvider>,
  );
  if (!api) throw new Error('no api');
  return api;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('Toast stack', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('auto-dismisses after the given milliseconds, not before', () => {
    const api = setup();
    act(() => {
      api.push({ message: 'Saved.', tone: 'success', durationMs: 3000 });
    });
    expect(within(region()).getByRole('status')).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(within(region()).queryByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('uses the provider default duration; errors stay until dismissed and use role=alert', () => {
    const api = setup({ defaultDurationMs: 1000 });
    act(() => {
      api.push({ message: 'Backup done.' });
      api.push({ message: 'Server unreachable.', tone: 'error' });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(region()).getByRole('alert')).toHaveTextContent('Server unreachable.');
  });

  it('keeps at most `max` toasts, dropping the oldest', () => {
    const api = setup({ max: 2, defaultDurationMs: null });
    act(() => {
      api.push({ message: 'one' });
      api.push({ message: 'two' });
      api.push({ message: 'three' });
    });
    const texts = within(region())
      .getAllByRole('status')
      .map((el) => el.textContent);
    expect(texts).toEqual(['two', 'three']);
  });

  it('dismiss(id) removes one toast and pushing the same id replaces it', () => {
    const api = setup({ defaultDurationMs: null });
    let id = '';
    act(() => {
      id = api.push({ message: 'first' });
      api.push({ message: 'other' });
    });
    act(() => {
      api.push({ id, message: 'first, updated' });
    });
    expect(within(region()).getAllByRole('status')).toHaveLength(2);
    expect(region()).toHaveTextContent('first, updated');
    act(() => api.dismiss(id));
    expect(
      within(region())
        .getAllByRole('status')
        .map((el) => el.textContent),
    ).toEqual(['other']);
  });

  it('the dismiss button closes a toast', async () => {
    // shouldAdvanceTime: Testing Library's async wrapper waits on a real setTimeout(0).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = setup();
    act(() => {
      api.push({ message: 'Wrap the brisket', tone: 'warning' });
    });
    await user.click(within(region()).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('pauses auto-dismiss while the pointer is over the toast', async () => {
    // shouldAdvanceTime: Testing Library's async wrapper waits on a real setTimeout(0).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = setup();
    act(() => {
      api.push({ message: 'Hover me', durationMs: 2000 });
    });
    await user.hover(within(region()).getByRole('status'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(region()).getByRole('status')).toBeInTheDocument();
    await user.unhover(within(region()).getByRole('status'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('useToast', () => {
  it('throws outside a ToastProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(/ToastProvider/);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useWakeLock } from './use-wake-lock';

type FakeSentinel = { released: boolean; release: ReturnType<typeof vi.fn> };

/** A navigator.wakeLock that records its locks; hide() drops them as a browser does for a hidden page. */
function installWakeLock({ refuse = false } = {}) {
  const locks: FakeSentinel[] = [];
  const request = vi.fn(async (type: string) => {
    expect(type).toBe('screen');
    if (refuse) throw new DOMException('refused', 'NotAllowedError');
    const sentinel: FakeSentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    locks.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, locks };
}

let visibility: ReturnType<typeof vi.spyOn> | undefined;
function setVisibility(state: DocumentVisibilityState) {
  visibility ??= vi.spyOn(document, 'visibilityState', 'get');
  visibility.mockReturnValue(state);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  visibility?.mockRestore();
  visibility = undefined;
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('useWakeLock', () => {
  it('takes a screen lock while enabled and releases it on unmount', async () => {
    const { request, locks } = installWakeLock();
    const { unmount } = renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(locks[0]!.released).toBe(false);
    unmount();
    expect(locks[0]!.release).toHaveBeenCalledTimes(1);
  });

  it('releases the lock when switched off and takes a new one when switched on again', async () => {
    const { request, locks } = installWakeLock();
    const { rerender } = renderHook(({ on }) => useWakeLock(on), { initialProps: { on: true } });
    await waitFor(() => expect(locks).toHaveLength(1));
    rerender({ on: false });
    expect(locks[0]!.release).toHaveBeenCalledTimes(1);
    rerender({ on: true });
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(locks[1]!.released).toBe(false);
  });

  it('takes nothing while disabled', async () => {
    const { request } = installWakeLock();
    renderHook(() => useWakeLock(false));
    setVisibility('visible');
    await Promise.resolve();
    expect(request).not.toHaveBeenCalled();
  });

  it('takes the lock again when the page comes back after the browser dropped it, and only then', async () => {
    const { request, locks } = installWakeLock();
    renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));

    // Visible again while the lock still holds: no second lock.
    setVisibility('visible');
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    locks[0]!.released = true; // the browser releases a hidden page's lock
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(locks[1]!.released).toBe(false);
  });

  it('gives back a lock that arrives after the screen was left', async () => {
    let grant: (sentinel: FakeSentinel) => void = () => undefined;
    const sentinel: FakeSentinel = { released: false, release: vi.fn(async () => undefined) };
    const request = vi.fn(() => new Promise<FakeSentinel>((resolve) => (grant = resolve)));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const { unmount } = renderHook(() => useWakeLock(true));
    expect(request).toHaveBeenCalledTimes(1);
    unmount();
    await act(async () => grant(sentinel));
    expect(sentinel.release).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and throws nothing, where the Wake Lock API is missing or refuses', async () => {
    expect('wakeLock' in navigator).toBe(false);
    const missing = renderHook(() => useWakeLock(true));
    setVisibility('visible');
    missing.unmount();

    const { request } = installWakeLock({ refuse: true });
    const refused = renderHook(() => useWakeLock(true));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    refused.unmount();
  });
});

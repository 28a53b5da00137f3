import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { DISMISS_STEP_MESSAGE, PENDING_DISMISSALS_DB, PENDING_DISMISSALS_STORE } from '@pitclock/contracts';
import { dismissedStepOf, takePendingDismissals, usePendingDismissals } from './pending-dismissals';

/** Opens 'pitclock-sw' as shell/src/sw.ts does (version 1, store 'pending-dismissals', auto keys). */
function openAsWorker(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(PENDING_DISMISSALS_DB, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(PENDING_DISMISSALS_STORE)) {
        request.result.createObjectStore(PENDING_DISMISSALS_STORE, { autoIncrement: true });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Records dismissals the way the service worker does: { stepId, at } appended to the store. */
async function recordAsWorker(factory: IDBFactory, ...stepIds: string[]) {
  const db = await openAsWorker(factory);
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(PENDING_DISMISSALS_STORE, 'readwrite');
    for (const stepId of stepIds) {
      tx.objectStore(PENDING_DISMISSALS_STORE).add({ stepId, at: '2026-06-01T15:00:00.000Z' });
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

async function storedCount(factory: IDBFactory): Promise<number> {
  const db = await openAsWorker(factory);
  const count = await new Promise<number>((resolve, reject) => {
    const request = db.transaction(PENDING_DISMISSALS_STORE).objectStore(PENDING_DISMISSALS_STORE).count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return count;
}

/** A stand-in for navigator.serviceWorker that the test posts messages through. */
function fakeContainer() {
  const target = new EventTarget();
  return {
    addEventListener: vi.fn(target.addEventListener.bind(target)),
    removeEventListener: vi.fn(target.removeEventListener.bind(target)),
    startMessages: vi.fn(),
    post: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takePendingDismissals', () => {
  it('returns a dismissal recorded by the worker once, then the store is empty', async () => {
    const factory = new IDBFactory();
    await recordAsWorker(factory, 'step-1');
    expect(await takePendingDismissals(factory)).toEqual(['step-1']);
    expect(await storedCount(factory)).toBe(0);
    expect(await takePendingDismissals(factory)).toEqual([]);
  });

  it('returns several dismissals oldest first, each step once, and ignores malformed records', async () => {
    const factory = new IDBFactory();
    await recordAsWorker(factory, 'step-2', 'step-1', 'step-2');
    const db = await openAsWorker(factory);
    await new Promise<void>((resolve) => {
      const tx = db.transaction(PENDING_DISMISSALS_STORE, 'readwrite');
      tx.objectStore(PENDING_DISMISSALS_STORE).add({ at: 'no step' });
      tx.objectStore(PENDING_DISMISSALS_STORE).add('step-3');
      tx.oncomplete = () => resolve();
    });
    db.close();
    expect(await takePendingDismissals(factory)).toEqual(['step-2', 'step-1']);
    expect(await storedCount(factory)).toBe(0);
  });

  it('creates the database when the worker never wrote one, and answers [] without IndexedDB', async () => {
    const factory = new IDBFactory();
    expect(await takePendingDismissals(factory)).toEqual([]);
    expect(await storedCount(factory)).toBe(0);
    expect('indexedDB' in globalThis).toBe(false);
    expect(await takePendingDismissals()).toEqual([]);
  });

  it("uses the browser's indexedDB by default", async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await recordAsWorker(factory, 'step-9');
    expect(await takePendingDismissals()).toEqual(['step-9']);
  });
});

describe('dismissedStepOf', () => {
  it("reads the step id of a 'pitclock:dismiss-step' message only", () => {
    expect(dismissedStepOf({ type: DISMISS_STEP_MESSAGE, stepId: 's-1' })).toBe('s-1');
    expect(DISMISS_STEP_MESSAGE).toBe('pitclock:dismiss-step');
    expect(dismissedStepOf({ type: 'pitclock:navigate', url: '/contests' })).toBeNull();
    expect(dismissedStepOf({ type: DISMISS_STEP_MESSAGE, stepId: 7 })).toBeNull();
    expect(dismissedStepOf({ type: DISMISS_STEP_MESSAGE, stepId: '' })).toBeNull();
    expect(dismissedStepOf(null)).toBeNull();
    expect(dismissedStepOf('pitclock:dismiss-step')).toBeNull();
  });
});

describe('usePendingDismissals', () => {
  it('applies the dismissals recorded while no window was open once at start, and empties the store', async () => {
    const factory = new IDBFactory();
    await recordAsWorker(factory, 'step-1', 'step-2');
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    const { rerender } = renderHook(() =>
      usePendingDismissals(onDismiss, { indexedDB: factory, serviceWorker }),
    );
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(2));
    expect(onDismiss.mock.calls).toEqual([['step-1'], ['step-2']]);
    rerender();
    // The store is empty: a second take (another run of the effect) would find nothing to apply again.
    expect(await storedCount(factory)).toBe(0);
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it("applies a 'pitclock:dismiss-step' message once, and clears the worker's record of it", async () => {
    const factory = new IDBFactory();
    await recordAsWorker(factory, 'step-4');
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    renderHook(() => usePendingDismissals(onDismiss, { indexedDB: factory, serviceWorker }));
    expect(serviceWorker.startMessages).toHaveBeenCalled();
    // The dismissal recorded before the start is applied: the start's take is over.
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-4'));

    // The worker records first, then posts to the open windows.
    await recordAsWorker(factory, 'step-5');
    serviceWorker.post({ type: 'pitclock:navigate', url: '/contests' });
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-5' });
    // The message's one take applies step-5 and ends there (the other message starts none).
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-5'));
    expect(onDismiss.mock.calls).toEqual([['step-4'], ['step-5']]);
    expect(await storedCount(factory)).toBe(0);
  });

  it('applies a message even when the record could not be written, and stops listening when unmounted', async () => {
    const factory = new IDBFactory();
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    const { unmount } = renderHook(() =>
      usePendingDismissals(onDismiss, { indexedDB: factory, serviceWorker }),
    );
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-6' });
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-6'));
    unmount();
    // The listener removed is the one added: none is left to start a take for the next message.
    const added = serviceWorker.addEventListener.mock.calls[0]?.[1];
    expect(added).toEqual(expect.any(Function));
    expect(serviceWorker.removeEventListener).toHaveBeenCalledWith('message', added);
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-7' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('works without a service worker (jsdom has none): only the recorded dismissals apply', async () => {
    const factory = new IDBFactory();
    await recordAsWorker(factory, 'step-8');
    expect(navigator.serviceWorker).toBeUndefined();
    const onDismiss = vi.fn();
    renderHook(() => usePendingDismissals(onDismiss, { indexedDB: factory }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-8'));
  });
});

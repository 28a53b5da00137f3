// fake-indexeddb/auto provides IndexedDB's globals (idb, under contracts' indexed-db, needs its classes);
// each test gets an empty IndexedDB of its own as the global indexedDB.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { DISMISS_STEP_MESSAGE } from '@pitclock/contracts';
import {
  PENDING_DISMISSALS_DB,
  openExistingDatabase,
  recordPendingDismissal,
  takePendingDismissals,
} from '@pitclock/contracts/indexed-db';
import { dismissedStepOf, usePendingDismissals } from './pending-dismissals';

const { name: DISMISSALS, storeName: STORE } = PENDING_DISMISSALS_DB;

/** Records dismissals the way the service worker does (shell/src/sw.ts): { stepId, at } appended. */
async function recordAsWorker(...stepIds: string[]) {
  for (const stepId of stepIds) await recordPendingDismissal(stepId, '2026-06-01T15:00:00.000Z');
}

/** The number of records in the store; null while the database does not exist. */
async function storedCount(): Promise<number | null> {
  const db = await openExistingDatabase(DISMISSALS);
  if (!db) return null;
  try {
    return await db.count(STORE);
  } finally {
    db.close();
  }
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

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takePendingDismissals', () => {
  it('returns a dismissal recorded by the worker once, then the store is empty', async () => {
    await recordAsWorker('step-1');
    expect(await takePendingDismissals()).toEqual(['step-1']);
    expect(await storedCount()).toBe(0);
    expect(await takePendingDismissals()).toEqual([]);
  });

  it('returns several dismissals oldest first, each step once, and ignores malformed records', async () => {
    await recordAsWorker('step-2', 'step-1', 'step-2');
    const db = await openExistingDatabase(DISMISSALS);
    await db?.add(STORE, { at: 'no step' });
    await db?.add(STORE, 'step-3');
    db?.close();
    expect(await takePendingDismissals()).toEqual(['step-2', 'step-1']);
    expect(await storedCount()).toBe(0);
  });

  it('creates the database when the worker never wrote one, and answers [] without IndexedDB', async () => {
    expect(await storedCount()).toBeNull();
    expect(await takePendingDismissals()).toEqual([]);
    expect(await storedCount()).toBe(0);
    vi.stubGlobal('indexedDB', undefined);
    expect(await takePendingDismissals()).toEqual([]);
  });

  it("uses the browser's indexedDB", async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await recordAsWorker('step-9');
    expect((await factory.databases()).map((info) => info.name)).toEqual([DISMISSALS]);
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
    await recordAsWorker('step-1', 'step-2');
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    const { rerender } = renderHook(() => usePendingDismissals(onDismiss, { serviceWorker }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(2));
    expect(onDismiss.mock.calls).toEqual([['step-1'], ['step-2']]);
    rerender();
    // The store is empty: a second take (another run of the effect) would find nothing to apply again.
    expect(await storedCount()).toBe(0);
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it("applies a 'pitclock:dismiss-step' message once, and clears the worker's record of it", async () => {
    await recordAsWorker('step-4');
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    renderHook(() => usePendingDismissals(onDismiss, { serviceWorker }));
    expect(serviceWorker.startMessages).toHaveBeenCalled();
    // The dismissal recorded before the start is applied: the start's take is over.
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-4'));

    // The worker records first, then posts to the open windows.
    await recordAsWorker('step-5');
    serviceWorker.post({ type: 'pitclock:navigate', url: '/contests' });
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-5' });
    // The message's one take applies step-5 and ends there (the other message starts none).
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-5'));
    expect(onDismiss.mock.calls).toEqual([['step-4'], ['step-5']]);
    expect(await storedCount()).toBe(0);
  });

  it('applies a message even when the record could not be written, and stops listening when unmounted', async () => {
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    const { unmount } = renderHook(() => usePendingDismissals(onDismiss, { serviceWorker }));
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

  it('applies a message where IndexedDB is missing or fails to open', async () => {
    const onDismiss = vi.fn();
    const serviceWorker = fakeContainer();
    vi.stubGlobal('indexedDB', undefined);
    renderHook(() => usePendingDismissals(onDismiss, { serviceWorker }));
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-1' });
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-1'));

    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new Error('IndexedDB unavailable');
      },
    });
    serviceWorker.post({ type: DISMISS_STEP_MESSAGE, stepId: 'step-2' });
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-2'));
    expect(onDismiss.mock.calls).toEqual([['step-1'], ['step-2']]);
  });

  it('works without a service worker (jsdom has none): only the recorded dismissals apply', async () => {
    await recordAsWorker('step-8');
    expect(navigator.serviceWorker).toBeUndefined();
    const onDismiss = vi.fn();
    renderHook(() => usePendingDismissals(onDismiss));
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('step-8'));
  });
});

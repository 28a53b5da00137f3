import { describe, expect, it, vi } from 'vitest';
import { RELOAD_DELAY_MS, createUpdateController } from './update-controller';

describe('update controller', () => {
  it('a waiting worker marks an update ready and tells subscribers', () => {
    const controller = createUpdateController();
    const listener = vi.fn();
    controller.subscribe(listener);
    expect(controller.isUpdateReady()).toBe(false);
    controller.markUpdateReady({ messageSkipWaiting: vi.fn() });
    expect(controller.isUpdateReady()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('the reload button sends skip-waiting, then reloads 250 ms later', () => {
    vi.useFakeTimers();
    try {
      const controller = createUpdateController();
      const worker = { messageSkipWaiting: vi.fn() };
      const reload = vi.fn();
      controller.markUpdateReady(worker);
      controller.reloadApp(reload);
      expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a waiting worker the reload button only reloads', () => {
    vi.useFakeTimers();
    try {
      const controller = createUpdateController();
      const reload = vi.fn();
      controller.reloadApp(reload);
      vi.advanceTimersByTime(RELOAD_DELAY_MS);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

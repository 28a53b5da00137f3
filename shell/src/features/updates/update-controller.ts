import type { Workbox } from 'workbox-window';

/** After posting SKIP_WAITING, the page reloads this much later (SPEC.md section 4). */
export const RELOAD_DELAY_MS = 250;

type Listener = () => void;

/**
 * The service-worker update state: a waiting worker marks an update ready; nothing reloads until the
 * user presses the reload button, so a running cook-off is never reloaded under the team's hands.
 */
export function createUpdateController() {
  let updateReady = false;
  let workbox: Pick<Workbox, 'messageSkipWaiting'> | null = null;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isUpdateReady: () => updateReady,
    /** A new service worker is installed and waiting. */
    markUpdateReady(wb: Pick<Workbox, 'messageSkipWaiting'>) {
      workbox = wb;
      if (!updateReady) {
        updateReady = true;
        notify();
      }
    },
    /** The reload button: sends skip-waiting to a waiting worker, then reloads after 250 ms. */
    reloadApp(
      reload: () => void = () => window.location.reload(),
      schedule: (fn: () => void, ms: number) => void = setTimeout,
    ) {
      if (updateReady && workbox) workbox.messageSkipWaiting();
      schedule(reload, RELOAD_DELAY_MS);
    },
  };
}

export type UpdateController = ReturnType<typeof createUpdateController>;

/** The page's controller. */
export const updates = createUpdateController();

/**
 * Registers /sw.js (built by vite-plugin-pwa from src/sw.ts) in production builds. The worker never
 * activates on its own: a waiting worker only marks the update ready.
 */
export async function registerServiceWorker(controller: UpdateController = updates): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => controller.markUpdateReady(wb));
  try {
    await wb.register();
  } catch (error) {
    // No service worker (blocked, private mode): the app still runs, only not offline.
    console.warn('PitClock: service worker not registered', error);
    return;
  }
  // Look for a new deploy now and then while the app stays open (a cook-off lasts all day).
  setInterval(() => void wb.update(), 30 * 60 * 1000);
}

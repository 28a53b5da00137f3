// This page's service worker as Settings (app status) and About (service-worker info) show it. The
// shell registers /sw.js (scope '/'); the cook-app only reads the registration. Narrow types of our own,
// so that a test can hand in a small registration-like object (jsdom has no service worker); the real
// navigator.serviceWorker fits them.
import { useEffect, useState } from 'react';

type Listener = () => void;
type Events = {
  addEventListener?(type: string, listener: Listener): void;
  removeEventListener?(type: string, listener: Listener): void;
};

export type ServiceWorkerLike = Events & {
  /** parsed, installing, installed, activating, activated or redundant. */
  readonly state: string;
  readonly scriptURL: string;
};

export type ServiceWorkerRegistrationLike = Events & {
  readonly scope: string;
  readonly installing: ServiceWorkerLike | null;
  readonly waiting: ServiceWorkerLike | null;
  readonly active: ServiceWorkerLike | null;
  showNotification?(title: string, options?: NotificationOptions): Promise<void>;
};

export type ServiceWorkerContainerLike = Events & {
  /** The worker that controls this page, null when none does (first visit, hard reload). */
  readonly controller: ServiceWorkerLike | null;
  getRegistration(): Promise<ServiceWorkerRegistrationLike | undefined | null>;
  /** Settles once a worker is active (never, without one). */
  readonly ready?: Promise<unknown>;
};

/** none / installing / waiting / active: the newest worker of the registration that is there. */
export type ServiceWorkerStatus = 'none' | 'installing' | 'waiting' | 'active';

export type ServiceWorkerInfo = {
  /** false where the browser has no service workers at all (status is then 'none'). */
  supported: boolean;
  status: ServiceWorkerStatus;
  /** The registration's scope, null without one. */
  scope: string | null;
  /** The script of the newest worker, null without one. */
  scriptUrl: string | null;
  /** The newest worker's own state (e.g. 'activated'), null without one. */
  workerState: string | null;
  /** Whether a service worker controls this page (serves it offline). */
  controlling: boolean;
};

export const NO_SERVICE_WORKER: ServiceWorkerInfo = {
  supported: true,
  status: 'none',
  scope: null,
  scriptUrl: null,
  workerState: null,
  controlling: false,
};

const UNSUPPORTED: ServiceWorkerInfo = { ...NO_SERVICE_WORKER, supported: false };

/**
 * What a registration says: 'installing' while a worker installs, else 'waiting' while an installed
 * update waits to take over, else 'active', else 'none' (also without a registration).
 */
export function readServiceWorkerInfo(
  registration: ServiceWorkerRegistrationLike | null | undefined,
  controller: ServiceWorkerLike | null | undefined,
): ServiceWorkerInfo {
  const controlling = controller !== null && controller !== undefined;
  if (!registration) return { ...NO_SERVICE_WORKER, controlling };
  const [status, worker]: [ServiceWorkerStatus, ServiceWorkerLike | null] = registration.installing
    ? ['installing', registration.installing]
    : registration.waiting
      ? ['waiting', registration.waiting]
      : registration.active
        ? ['active', registration.active]
        : ['none', null];
  return {
    supported: true,
    status,
    scope: registration.scope,
    scriptUrl: worker?.scriptURL ?? null,
    workerState: worker?.state ?? null,
    controlling,
  };
}

/** navigator.serviceWorker, undefined where the browser has none (or outside a browser). */
export function pageServiceWorker(): ServiceWorkerContainerLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { serviceWorker?: ServiceWorkerContainerLike }).serviceWorker ?? undefined;
}

/** Listens to the registration (a new worker) and to each of its workers (state changes). */
function watch(registration: ServiceWorkerRegistrationLike | null, onChange: Listener): () => void {
  if (!registration) return () => {};
  const workers = [registration.installing, registration.waiting, registration.active].filter(
    (worker): worker is ServiceWorkerLike => worker !== null,
  );
  registration.addEventListener?.('updatefound', onChange);
  for (const worker of workers) worker.addEventListener?.('statechange', onChange);
  return () => {
    registration.removeEventListener?.('updatefound', onChange);
    for (const worker of workers) worker.removeEventListener?.('statechange', onChange);
  };
}

export type ServiceWorkerView = {
  /** null until the registration has been looked up. */
  info: ServiceWorkerInfo | null;
  /** The registration (to show a notification through), null without one. */
  registration: ServiceWorkerRegistrationLike | null;
};

/**
 * The service worker of this page, kept current: read again when a worker is found, changes state,
 * takes control of the page, or becomes ready.
 */
export function useServiceWorkerInfo(
  container: ServiceWorkerContainerLike | undefined = pageServiceWorker(),
): ServiceWorkerView {
  const [view, setView] = useState<ServiceWorkerView>(() =>
    container ? { info: null, registration: null } : { info: UNSUPPORTED, registration: null },
  );

  useEffect(() => {
    if (!container) return undefined;
    let live = true;
    let unwatch = () => {};
    const load = async () => {
      let registration: ServiceWorkerRegistrationLike | null = null;
      try {
        registration = (await container.getRegistration()) ?? null;
      } catch {
        // A page where registrations cannot be read (an insecure origin): no worker to show.
      }
      if (!live) return;
      unwatch();
      unwatch = watch(registration, () => void load());
      setView({ info: readServiceWorkerInfo(registration, container.controller), registration });
    };
    const reload = () => void load();
    void load();
    container.addEventListener?.('controllerchange', reload);
    container.ready?.then(reload, () => undefined);
    return () => {
      live = false;
      unwatch();
      container.removeEventListener?.('controllerchange', reload);
    };
  }, [container]);

  return container ? view : { info: UNSUPPORTED, registration: null };
}

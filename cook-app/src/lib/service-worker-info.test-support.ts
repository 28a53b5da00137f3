// Test-only stand-ins for the browser's service worker objects (jsdom has none): real EventTargets, so
// that the code under test listens to them as it listens to the browser's.
import type {
  ServiceWorkerContainerLike,
  ServiceWorkerLike,
  ServiceWorkerRegistrationLike,
} from './service-worker-info';

export class FakeServiceWorker extends EventTarget implements ServiceWorkerLike {
  constructor(
    public state: string,
    public readonly scriptURL = 'http://localhost:3000/sw.js',
  ) {
    super();
  }
  /** Moves to `state` and tells the listeners, as the browser does. */
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

export type ShownNotification = { title: string; options: NotificationOptions | undefined };

export class FakeRegistration extends EventTarget implements ServiceWorkerRegistrationLike {
  installing: FakeServiceWorker | null = null;
  waiting: FakeServiceWorker | null = null;
  active: FakeServiceWorker | null = null;
  readonly shown: ShownNotification[] = [];
  /** Makes showNotification fail with this error. */
  failShow: Error | null = null;
  constructor(public readonly scope = 'http://localhost:3000/') {
    super();
  }
  async showNotification(title: string, options?: NotificationOptions) {
    if (this.failShow) throw this.failShow;
    this.shown.push({ title, options });
  }
  /** A new worker starts installing (updatefound). */
  install(worker: FakeServiceWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

export class FakeContainer extends EventTarget implements ServiceWorkerContainerLike {
  controller: FakeServiceWorker | null = null;
  constructor(public registration: FakeRegistration | null = null) {
    super();
  }
  async getRegistration() {
    return this.registration ?? undefined;
  }
  /** `worker` takes control of the page (controllerchange). */
  control(worker: FakeServiceWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

/** A registration with an active, activated worker that controls the page. */
export function activeServiceWorker(scope = 'http://localhost:3000/') {
  const registration = new FakeRegistration(scope);
  const worker = new FakeServiceWorker('activated', `${scope}sw.js`);
  registration.active = worker;
  const container = new FakeContainer(registration);
  container.controller = worker;
  return { container, registration, worker };
}

import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import {
  activeServiceWorker,
  FakeContainer,
  FakeRegistration,
  FakeServiceWorker,
} from '../../lib/service-worker-info.test-support';
import { ServiceWorkerPanel } from './service-worker-panel';

const value = (id: string) => screen.getByTestId(id).textContent;

describe('Service worker info', () => {
  it('shows the state, scope, script URL and that it controls the page', async () => {
    const { container } = activeServiceWorker('https://pit.example/');
    render(<ServiceWorkerPanel serviceWorker={container} />);
    await waitFor(() => expect(value('sw-state')).toBe('active (activated)'));
    expect(value('sw-scope')).toBe('https://pit.example/');
    expect(value('sw-script')).toBe('https://pit.example/sw.js');
    expect(value('sw-controls')).toBe('Yes');
  });

  it('an update waiting: waiting, with the new script, and the old worker still in control', async () => {
    const { container, registration } = activeServiceWorker('https://pit.example/');
    registration.waiting = new FakeServiceWorker('installed', 'https://pit.example/sw.js?v=2');
    render(<ServiceWorkerPanel serviceWorker={container} />);
    await waitFor(() => expect(value('sw-state')).toBe('waiting (installed)'));
    expect(value('sw-script')).toBe('https://pit.example/sw.js?v=2');
    expect(value('sw-controls')).toBe('Yes');
  });

  it('first install: installing, not yet in control; then in control once it claims the page', async () => {
    const registration = new FakeRegistration('https://pit.example/');
    const container = new FakeContainer(registration);
    const worker = new FakeServiceWorker('installing', 'https://pit.example/sw.js');
    registration.installing = worker;
    render(<ServiceWorkerPanel serviceWorker={container} />);
    await waitFor(() => expect(value('sw-state')).toBe('installing (installing)'));
    expect(value('sw-controls')).toBe('No');
    act(() => {
      registration.installing = null;
      registration.active = worker;
      worker.become('activated');
      container.control(worker);
    });
    await waitFor(() => expect(value('sw-controls')).toBe('Yes'));
    expect(value('sw-state')).toBe('active (activated)');
  });

  it('no registration: none, with no scope or script', async () => {
    render(<ServiceWorkerPanel serviceWorker={new FakeContainer(null)} />);
    await waitFor(() => expect(value('sw-state')).toBe('none'));
    expect(value('sw-scope')).toBe('—');
    expect(value('sw-script')).toBe('—');
    expect(value('sw-controls')).toBe('No');
  });

  it('a browser without service workers says so', () => {
    render(<ServiceWorkerPanel />);
    expect(value('sw-state')).toBe('none (this browser has no service workers)');
  });
});

import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { readServiceWorkerInfo, useServiceWorkerInfo } from './service-worker-info';
import {
  activeServiceWorker,
  FakeContainer,
  FakeRegistration,
  FakeServiceWorker,
} from './service-worker-info.test-support';

describe('readServiceWorkerInfo', () => {
  it("is 'none' without a registration", () => {
    expect(readServiceWorkerInfo(null, null)).toEqual({
      supported: true,
      status: 'none',
      scope: null,
      scriptUrl: null,
      workerState: null,
      controlling: false,
    });
  });

  it('names the newest worker: installing, then waiting, then active', () => {
    const registration = new FakeRegistration('https://pit.example/');
    registration.active = new FakeServiceWorker('activated', 'https://pit.example/sw.js?v=1');
    expect(readServiceWorkerInfo(registration, registration.active)).toMatchObject({
      status: 'active',
      scope: 'https://pit.example/',
      scriptUrl: 'https://pit.example/sw.js?v=1',
      workerState: 'activated',
      controlling: true,
    });
    registration.waiting = new FakeServiceWorker('installed', 'https://pit.example/sw.js?v=2');
    expect(readServiceWorkerInfo(registration, null)).toMatchObject({
      status: 'waiting',
      scriptUrl: 'https://pit.example/sw.js?v=2',
      controlling: false,
    });
    registration.installing = new FakeServiceWorker('installing', 'https://pit.example/sw.js?v=3');
    expect(readServiceWorkerInfo(registration, null)).toMatchObject({
      status: 'installing',
      workerState: 'installing',
    });
  });
});

describe('useServiceWorkerInfo', () => {
  it('is unsupported (none) where the browser has no service workers', () => {
    const { result } = renderHook(() => useServiceWorkerInfo(undefined));
    expect(result.current.info).toMatchObject({ supported: false, status: 'none' });
  });

  it('follows a worker from installing to waiting to active, and taking control of the page', async () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(registration);
    const { result } = renderHook(() => useServiceWorkerInfo(container));
    await waitFor(() => expect(result.current.info?.status).toBe('none'));
    expect(result.current.info?.scope).toBe('http://localhost:3000/');

    const worker = new FakeServiceWorker('installing');
    act(() => registration.install(worker));
    await waitFor(() => expect(result.current.info?.status).toBe('installing'));

    act(() => {
      registration.installing = null;
      registration.waiting = worker;
      worker.become('installed');
    });
    await waitFor(() => expect(result.current.info?.status).toBe('waiting'));

    act(() => {
      registration.waiting = null;
      registration.active = worker;
      worker.become('activated');
    });
    await waitFor(() => expect(result.current.info?.status).toBe('active'));
    expect(result.current.info?.controlling).toBe(false);

    act(() => container.control(worker));
    await waitFor(() => expect(result.current.info?.controlling).toBe(true));
    expect(result.current.registration).toBe(registration);
  });

  it('gives the registration to show notifications through', async () => {
    const { container, registration } = activeServiceWorker();
    const { result } = renderHook(() => useServiceWorkerInfo(container));
    await waitFor(() => expect(result.current.registration).toBe(registration));
  });
});

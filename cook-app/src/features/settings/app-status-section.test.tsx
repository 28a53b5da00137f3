import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  activeServiceWorker,
  FakeContainer,
  FakeRegistration,
  FakeServiceWorker,
} from '../../lib/service-worker-info.test-support';
import { AppStatusSection } from './app-status-section';
import { SETTINGS_TEXT } from './messages';
import { fakeStorageManager } from './test-support';
import { formatBytes, formatPercent } from './use-storage-status';

afterEach(() => {
  vi.restoreAllMocks();
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

function renderStatus(props: Parameters<typeof AppStatusSection>[0] = {}) {
  const user = userEvent.setup();
  render(
    <AppStatusSection
      serviceWorker={props.serviceWorker ?? new FakeContainer()}
      storageManager={props.storageManager ?? fakeStorageManager()}
    />,
  );
  return { user };
}

describe('App status: connection', () => {
  it('says Online, then Offline with what still works when the offline event comes, then Online again', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderStatus();
    expect(text('connection')).toBe('Online');
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(text('connection')).toBe(`Offline${SETTINGS_TEXT.offlineHint}`);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(text('connection')).toBe('Online');
  });

  it('starts Offline when the device is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderStatus();
    expect(text('connection')).toContain('Offline');
  });
});

describe('App status: service worker', () => {
  it("says 'none' when no service worker is registered", async () => {
    renderStatus({ serviceWorker: new FakeContainer(null) });
    await waitFor(() => expect(text('service-worker')).toBe('none'));
  });

  it('shows the state with the scope as the worker installs, waits and activates', async () => {
    const registration = new FakeRegistration('https://pit.example/');
    renderStatus({ serviceWorker: new FakeContainer(registration) });
    await waitFor(() => expect(text('service-worker')).toBe('none (scope https://pit.example/)'));
    const worker = new FakeServiceWorker('installing', 'https://pit.example/sw.js');
    act(() => registration.install(worker));
    await waitFor(() => expect(text('service-worker')).toBe('installing (scope https://pit.example/)'));
    act(() => {
      registration.installing = null;
      registration.waiting = worker;
      worker.become('installed');
    });
    await waitFor(() => expect(text('service-worker')).toBe('waiting (scope https://pit.example/)'));
    act(() => {
      registration.waiting = null;
      registration.active = worker;
      worker.become('activated');
    });
    await waitFor(() => expect(text('service-worker')).toBe('active (scope https://pit.example/)'));
  });

  it('says so where the browser has no service workers', () => {
    // jsdom has no navigator.serviceWorker: the default container is missing.
    render(<AppStatusSection storageManager={fakeStorageManager()} />);
    expect(text('service-worker')).toBe(SETTINGS_TEXT.serviceWorkerUnsupported);
  });

  it('reads an active worker', async () => {
    renderStatus({ serviceWorker: activeServiceWorker('https://pit.example/').container });
    await waitFor(() => expect(text('service-worker')).toBe('active (scope https://pit.example/)'));
  });
});

describe('App status: storage', () => {
  it('shows the storage used of the quota and that it is not persistent', async () => {
    renderStatus({ storageManager: fakeStorageManager({ usage: 5 * 1024 ** 2, quota: 2 * 1024 ** 3 }) });
    await waitFor(() => expect(text('storage-used')).toBe('5 MB of 2 GB (0.2%)'));
    await waitFor(() => expect(text('storage-persistence')).toBe(SETTINGS_TEXT.notPersistent));
    expect(screen.getByRole('button', { name: 'Request persistent storage' })).toBeTruthy();
  });

  it('persistent already: says so and offers no request', async () => {
    renderStatus({ storageManager: fakeStorageManager({ persisted: true }) });
    await waitFor(() => expect(text('storage-persistence')).toBe(SETTINGS_TEXT.persistent));
    expect(screen.queryByRole('button', { name: 'Request persistent storage' })).toBeNull();
  });

  it('Request persistent storage granted: storage becomes persistent and focus moves to the answer', async () => {
    const manager = fakeStorageManager();
    const { user } = renderStatus({ storageManager: manager });
    await user.click(await screen.findByRole('button', { name: 'Request persistent storage' }));
    await waitFor(() => expect(text('storage-persistence')).toBe(SETTINGS_TEXT.persistent));
    expect(manager.persistCalls).toBe(1);
    const answer = screen.getByText(SETTINGS_TEXT.persistGranted);
    expect(answer.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(answer);
    expect(screen.queryByRole('button', { name: 'Request persistent storage' })).toBeNull();
  });

  it('Request persistent storage refused: says why it may be refused and storage stays not persistent', async () => {
    const { user } = renderStatus({ storageManager: fakeStorageManager({ persist: async () => false }) });
    await user.click(await screen.findByRole('button', { name: 'Request persistent storage' }));
    expect(await screen.findByText(SETTINGS_TEXT.persistRefused)).toBeTruthy();
    expect(text('storage-persistence')).toBe(SETTINGS_TEXT.notPersistent);
  });

  it('Request persistent storage failing: says it could not be requested', async () => {
    const { user } = renderStatus({
      storageManager: fakeStorageManager({ persist: () => Promise.reject(new Error('SecurityError')) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Request persistent storage' }));
    expect(await screen.findByText(SETTINGS_TEXT.persistFailed)).toBeTruthy();
  });

  it('a browser without navigator.storage: unknown, and no request offered', () => {
    renderStatus({ storageManager: {} });
    expect(text('storage-used')).toBe(SETTINGS_TEXT.storageUnknown);
    expect(text('storage-persistence')).toBe(SETTINGS_TEXT.persistenceUnknown);
    expect(screen.queryByRole('button', { name: 'Request persistent storage' })).toBeNull();
  });

  it('an estimate that fails says it could not be read', async () => {
    renderStatus({
      storageManager: { estimate: () => Promise.reject(new Error('nope')), persisted: async () => false },
    });
    await waitFor(() => expect(text('storage-used')).toBe(SETTINGS_TEXT.storageFailed));
  });
});

describe('formatBytes and formatPercent', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
  ])('%d bytes is %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it.each([
    [0, 100, '0%'],
    [1, 100_000, '<0.1%'],
    [25, 1000, '2.5%'],
    [370, 1000, '37%'],
    [1, 0, '0%'],
  ])('%d of %d is %s', (usage, quota, expected) => {
    expect(formatPercent(usage, quota)).toBe(expected);
  });
});

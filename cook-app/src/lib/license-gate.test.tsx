import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { act, screen, within } from '@testing-library/react';
import type * as contractsModule from '@pitclock/contracts';
import { deviceLicenseStatus, LICENSE_GRACE_MS, license } from '@pitclock/contracts';
import {
  activeLicenseExpiry,
  hasDeviceLicense,
  isRunPath,
  promoPathFor,
  RequireDeviceLicense,
  runPath,
  SETTINGS_PATH,
  START_WITHOUT_NOTIFICATIONS,
  useStartCookOff,
  type StartCookOffOptions,
} from './license-gate';
import {
  createTestLicenseKey,
  licenseClaims,
  startApi,
  storeLicense,
  tamper,
  type TestLicenseKey,
} from './license-gate.test-support';
import { cookStore, NOW, renderWithStore } from './test-support';

// The gate's offline checks, observable: each check's answer is a promise in mock.results.
vi.mock('@pitclock/contracts', async (importOriginal) => {
  const contracts = await importOriginal<typeof contractsModule>();
  return { ...contracts, deviceLicenseStatus: vi.fn(contracts.deviceLicenseStatus) };
});

const now = () => NOW;
let key: TestLicenseKey;
beforeAll(async () => {
  key = await createTestLicenseKey();
});

describe('hasDeviceLicence (offline)', () => {
  it("is true for this device's licence signed with the cached key, without any network call", async () => {
    const server = await startApi(() => ({ status: 500 }));
    await storeLicense(key);
    expect(await hasDeviceLicense({ now })).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it('is false without a licence, and with a licence but no cached public key', async () => {
    expect(await hasDeviceLicense({ now })).toBe(false);
    license.save({ license: await key.sign(licenseClaims(key)) });
    expect(await hasDeviceLicense({ now })).toBe(false);
  });

  it('is false for a licence of another device, a tampered licence and one signed by another key', async () => {
    await storeLicense(key, { device_id: 'device-someone-else-abc123' });
    expect(await hasDeviceLicense({ now })).toBe(false);

    const token = await storeLicense(key);
    license.save({ license: tamper(token, licenseClaims(key, { exp: licenseClaims(key).exp + 86_400 })) });
    expect(await hasDeviceLicense({ now })).toBe(false);

    const other = await createTestLicenseKey(key.jwk.kid);
    license.save({ license: await other.sign(licenseClaims(other)) });
    expect(await hasDeviceLicense({ now })).toBe(false);
  });

  it('judges expiry at the given clock: valid through the 7 days of grace, refused after them', async () => {
    await storeLicense(key);
    const expiryMs = licenseClaims(key).exp * 1000;
    expect(await hasDeviceLicense({ now: () => expiryMs + LICENSE_GRACE_MS })).toBe(true);
    expect(await hasDeviceLicense({ now: () => expiryMs + LICENSE_GRACE_MS + 1 })).toBe(false);
  });
});

describe('activeLicenceExpiry (offline)', () => {
  it("is the stored expiry of this device's valid licence while it has not run out", async () => {
    await storeLicense(key);
    expect(await activeLicenseExpiry({ now })).toBe(licenseClaims(key).exp * 1000);
    expect(await activeLicenseExpiry({ now: () => licenseClaims(key).exp * 1000 - 1 })).toBe(
      licenseClaims(key).exp * 1000,
    );
  });

  it('is null without a licence, once it has run out (also in its grace days) and for another device', async () => {
    expect(await activeLicenseExpiry({ now })).toBeNull();
    await storeLicense(key);
    expect(await activeLicenseExpiry({ now: () => licenseClaims(key).exp * 1000 })).toBeNull();
    await storeLicense(key, { device_id: 'device-someone-else-abc123' });
    expect(await activeLicenseExpiry({ now })).toBeNull();
  });
});

describe('isRunPath', () => {
  it('is true for the run routes (with a query too) and false for other paths', () => {
    expect(isRunPath(runPath('c-1'))).toBe(true);
    expect(isRunPath('/contests/c-1/runs/r-2/steps?view=all')).toBe(true);
    for (const path of ['/contests', '/contests/c-1', '/templates/t-1/steps', '/promo', '/settings'])
      expect(isRunPath(path)).toBe(false);
  });
});

describe('RequireDeviceLicence (run-route guard)', () => {
  const runRoute = '/contests/:id/steps';

  it('shows a spinner while checking, then the run screen for a licensed device', async () => {
    await storeLicense(key);
    const bundle = await cookStore();
    renderWithStore(
      bundle,
      <RequireDeviceLicense now={now}>
        <p>Run screen</p>
      </RequireDeviceLicense>,
      { path: runPath('c-1'), route: runRoute },
    );
    expect(screen.getByRole('status').textContent).toContain('Checking the device licence');
    expect(await screen.findByText('Run screen')).toBeTruthy();
  });

  it('without a valid licence replaces the run route with /promo?returnTo=<that path and query>', async () => {
    const bundle = await cookStore();
    renderWithStore(
      bundle,
      <RequireDeviceLicense now={now}>
        <p>Run screen</p>
      </RequireDeviceLicense>,
      { path: '/contests/c-1/runs/r-2/steps?view=all', route: '/contests/:contestId/runs/:runId/steps' },
    );
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe(promoPathFor('/contests/c-1/runs/r-2/steps?view=all'));
    expect(location.textContent).toBe('/promo?returnTo=%2Fcontests%2Fc-1%2Fruns%2Fr-2%2Fsteps%3Fview%3Dall');
    expect(screen.queryByText('Run screen')).toBeNull();
  });

  it('moving between run routes keeps the run screen mounted while the licence is checked again', async () => {
    await storeLicense(key);
    const bundle = await cookStore();
    let mounts = 0;
    function RunScreen() {
      const { id } = useParams();
      const navigate = useNavigate();
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <button type="button" onClick={() => void navigate(runPath('c-2'))}>
          Run {id}
        </button>
      );
    }
    const { user } = renderWithStore(
      bundle,
      <RequireDeviceLicense now={now}>
        <RunScreen />
      </RequireDeviceLicense>,
      { path: runPath('c-1'), route: runRoute },
    );
    const checks = vi.mocked(deviceLicenseStatus);
    const runC1 = await screen.findByRole('button', { name: 'Run c-1' });
    const checksBefore = checks.mock.calls.length;
    await user.click(runC1);
    // The new route is checked again, and shown meanwhile.
    expect(checks).toHaveBeenCalledTimes(checksBefore + 1);
    expect(screen.getByRole('button', { name: 'Run c-2' })).toBeTruthy();
    // Once that check has answered (and React has done what the answer asks), it is still the screen
    // mounted at first.
    await act(async () => {
      await checks.mock.results[checksBefore]!.value;
    });
    expect(screen.getByRole('button', { name: 'Run c-2' })).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('checks again when the stored licence changes: a cleared licence leaves the run route for /promo', async () => {
    await storeLicense(key);
    const bundle = await cookStore();
    renderWithStore(
      bundle,
      <RequireDeviceLicense now={now}>
        <p>Run screen</p>
      </RequireDeviceLicense>,
      { path: runPath('c-1'), route: runRoute },
    );
    expect(await screen.findByText('Run screen')).toBeTruthy();
    act(() => license.clear());
    expect((await screen.findByTestId('location')).textContent).toBe(promoPathFor(runPath('c-1')));
  });
});

describe('useStartCookOff (Start of a cook-off)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function StartButton(options: StartCookOffOptions) {
    const { start, confirmation } = useStartCookOff({ now, ...options });
    return (
      <>
        <button type="button" onClick={() => void start('c-1')}>
          Start
        </button>
        {confirmation}
      </>
    );
  }

  async function clickStart(options: StartCookOffOptions = {}) {
    const bundle = await cookStore();
    const view = renderWithStore(bundle, <StartButton {...options} />, { path: '/contests' });
    await view.user.click(screen.getByRole('button', { name: 'Start' }));
    return view;
  }

  it('without a licence goes to /promo?returnTo=<the run route>, with no notifications question', async () => {
    const notificationPermission = vi.fn(() => 'denied' as const);
    await clickStart({ notificationPermission });
    expect((await screen.findByTestId('location')).textContent).toBe(promoPathFor(runPath('c-1')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(notificationPermission).not.toHaveBeenCalled();
  });

  it('with a licence and notification permission granted goes straight to the run route', async () => {
    await storeLicense(key);
    vi.stubGlobal('Notification', { permission: 'granted' });
    await clickStart();
    expect((await screen.findByTestId('location')).textContent).toBe(runPath('c-1'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with a licence but notifications not enabled asks to confirm in-app alerts; Continue goes to the run', async () => {
    await storeLicense(key);
    vi.stubGlobal('Notification', { permission: 'default' });
    const { user } = await clickStart();
    const dialog = await screen.findByRole('alertdialog', { name: 'Start cook-off' });
    expect(dialog.textContent).toContain(
      'Notifications are off on this device: PitClock will use in-app alerts while the app is open. Continue?',
    );
    expect(START_WITHOUT_NOTIFICATIONS.message).toBe(
      'Notifications are off on this device: PitClock will use in-app alerts while the app is open. Continue?',
    );
    expect(screen.queryByTestId('location')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('location')).textContent).toBe(runPath('c-1'));
  });

  it('with a licence but notifications blocked, Cancel of the confirm goes to /settings', async () => {
    await storeLicense(key);
    const { user } = await clickStart({ notificationPermission: () => 'denied' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Start cook-off' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('location')).textContent).toBe(SETTINGS_PATH);
    expect(SETTINGS_PATH).toBe('/settings');
  });

  function OpenButton({ path, replace }: { path: string; replace?: boolean }) {
    const { open, confirmation } = useStartCookOff({ now });
    return (
      <>
        <button type="button" onClick={() => void open(path, { replace })}>
          Open
        </button>
        {confirmation}
      </>
    );
  }

  it('open() takes a run route through the same Start flow, and any other path directly', async () => {
    await storeLicense(key);
    const bundle = await cookStore();
    const run = renderWithStore(bundle, <OpenButton path="/contests/c-1/runs/r-2/steps?view=all" />, {
      path: '/here',
    });
    await run.user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start cook-off' });
    await run.user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/contests/c-1/runs/r-2/steps?view=all');
    run.unmount();

    license.clear();
    const other = renderWithStore(bundle, <OpenButton path="/templates" />, { path: '/here' });
    await other.user.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/templates');
    other.unmount();

    const unlicensed = renderWithStore(bundle, <OpenButton path={runPath('c-1')} />, { path: '/here' });
    await unlicensed.user.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('location')).textContent).toBe(promoPathFor(runPath('c-1')));
  });

  it('asks too where notifications are unsupported (no window.Notification): in-app alerts only', async () => {
    await storeLicense(key);
    expect('Notification' in window).toBe(false);
    const { user } = await clickStart();
    const dialog = await screen.findByRole('alertdialog', { name: 'Start cook-off' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('location')).textContent).toBe(runPath('c-1'));
  });
});

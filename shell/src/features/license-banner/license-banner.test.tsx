import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LICENSE_RECHECK_MS, api, license, session, type ApiClient } from '@pitclock/contracts';
import { ApiProvider } from '../../lib/api-context';
import { startTestServer, testClient, type Reply } from '../../test/test-server';
import { fakeToken, inOneHour } from '../../test/tokens';
import { LICENSE_ONLINE_CHECK_MS, LicenseBanner } from './license-banner';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-16T12:00:00Z');

/** A licence whose exp claim is `expiryMs` (the banner reads the expiry; the signature is not its concern). */
const licenseToken = (expiryMs: number) =>
  fakeToken({ sub: '7', device_id: 'device-test', iat: 0, exp: Math.floor(expiryMs / 1000) });

const storeLicense = (expiryMs: number) => license.save({ license: licenseToken(expiryMs) });

function renderBanner(at = '/contests', client: ApiClient = api) {
  return render(
    <ApiProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <LicenseBanner />
      </MemoryRouter>
    </ApiProvider>,
  );
}

const promoLink = () => screen.getByRole('link', { name: 'Enter a promo code' });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('licence banner states (clock fixed)', () => {
  const atNow = () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  };

  it('shows nothing without a stored licence', () => {
    atNow();
    const { container } = renderBanner();
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing while more than 7 days are left', () => {
    atNow();
    storeLicense(NOW + 7 * DAY + 1000);
    const { container } = renderBanner();
    expect(container.innerHTML).toBe('');
  });

  it('is an amber status with the days left when 7 days or fewer are left, and links to /promo back to this page', () => {
    atNow();
    storeLicense(NOW + 7 * DAY);
    renderBanner('/templates/7/steps');
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Your device licence expires in 7 days.');
    expect(banner.className).toContain('pc-banner--amber');
    expect(promoLink().getAttribute('href')).toBe('/promo?returnTo=%2Ftemplates%2F7%2Fsteps');
  });

  it('says "1 day" when less than a day is left', () => {
    atNow();
    storeLicense(NOW + 12 * 3_600_000);
    renderBanner();
    expect(screen.getByRole('status').textContent).toContain('Your device licence expires in 1 day.');
  });

  it('is red with the grace days left once expired within the 7-day grace, politely announced when already red at opening', () => {
    atNow();
    storeLicense(NOW - 2.5 * DAY);
    renderBanner();
    const banner = screen.getByRole('status');
    expect(banner.className).toContain('pc-banner--red');
    expect(banner.textContent).toContain('Your device licence has expired. 5 days of grace left.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(promoLink().getAttribute('href')).toBe('/promo?returnTo=%2Fcontests');
  });

  it("is red with 'functionality may be limited' beyond the grace period", () => {
    atNow();
    storeLicense(NOW - 7 * DAY - 1000);
    renderBanner('/settings');
    const banner = screen.getByRole('status');
    expect(banner.className).toContain('pc-banner--red');
    expect(banner.textContent).toContain('Your device licence has expired — functionality may be limited.');
    expect(promoLink().getAttribute('href')).toBe('/promo?returnTo=%2Fsettings');
  });
});

describe('licence banner re-checks', () => {
  it('re-checks every 60 s: amber turns into a red alert once the expiry has passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    storeLicense(NOW + 30_000);
    renderBanner();
    expect(screen.getByRole('status').textContent).toContain('expires in 1 day.');
    act(() => {
      vi.advanceTimersByTime(LICENSE_RECHECK_MS - 1000);
    });
    expect(screen.getByRole('status').textContent).toContain('expires in 1 day.');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const banner = screen.getByRole('alert');
    expect(banner.className).toContain('pc-banner--red');
    expect(banner.textContent).toContain('Your device licence has expired. 7 days of grace left.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('follows the licence store: a saved licence shows at once, a cleared one goes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const { container } = renderBanner();
    expect(container.innerHTML).toBe('');
    act(() => license.save({ license: licenseToken(NOW + 3 * DAY), promoCode: 'BETA' }));
    expect(screen.getByRole('status').textContent).toContain('expires in 3 days.');
    act(() => license.clear());
    expect(container.innerHTML).toBe('');
  });

  it('follows a licence stored by another tab (storage event)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderBanner();
    act(() => {
      localStorage.setItem('device_license', 'other-tab-licence');
      localStorage.setItem('license_expiry', new Date(NOW - DAY).toISOString());
      window.dispatchEvent(new StorageEvent('storage', { key: 'device_license' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('6 days of grace left.');
  });
});

const jwk = { kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy', kid: 'k1', alg: 'ES256', use: 'sig' };
const keyAnswer = {
  alg: 'ES256',
  kid: 'k1',
  public_key: jwk,
  public_key_pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
};

describe('licence banner online check', () => {
  const signIn = () => session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour() }) });

  async function checkServer(reply: Reply) {
    const server = await startTestServer((req) => {
      if (req.path === '/api/licenses/check') return reply;
      if (req.path === '/api/licenses/public-key') return { json: keyAnswer };
      return { status: 404, json: { error: 'not_found' } };
    });
    return { server, ...testClient(server.url) };
  }

  it('a revoked device learns it when the banner mounts: the licence is cleared and the banner says it was revoked', async () => {
    signIn();
    storeLicense(Date.now() + 3 * DAY);
    const { server, client } = await checkServer({ json: { status: 'revoked', expires_at: null } });
    renderBanner('/contests', client);
    expect(screen.getByRole('status').textContent).toContain('expires in 3 days.');
    // Turned red while open: an alert.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("This device's licence was revoked. Redeem a code to continue.");
    expect(within(alert).getByRole('link', { name: 'Enter a promo code' }).getAttribute('href')).toBe(
      '/promo?returnTo=%2Fcontests',
    );
    expect(license.getLicense()).toBeNull();
    const [request] = server.on('/api/licenses/check');
    expect(request).toMatchObject({ method: 'POST', json: { device_id: session.getDeviceId() } });
    // A redeemed code stores a new licence: the revocation is over.
    act(() => storeLicense(Date.now() + 30 * DAY));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so again after a reload, politely: the revocation is remembered until a licence is saved', () => {
    license.markRevoked(new Date().toISOString());
    renderBanner('/contests');
    expect(screen.getByRole('status').textContent).toContain(
      "This device's licence was revoked. Redeem a code to continue.",
    );
  });

  it('an active answer stores the renewed licence, and the banner follows its new expiry', async () => {
    signIn();
    storeLicense(Date.now() + 3 * DAY);
    const renewed = licenseToken(Date.now() + 200 * DAY);
    const { client } = await checkServer({
      json: {
        status: 'active',
        license: renewed,
        expires_at: new Date(Date.now() + 200 * DAY).toISOString(),
      },
    });
    renderBanner('/contests', client);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(license.getLicense()).toBe(renewed);
  });

  it('does not ask when nobody is signed in', async () => {
    storeLicense(Date.now() + 3 * DAY);
    const { client, calls } = await checkServer({ json: { status: 'revoked', expires_at: null } });
    renderBanner('/contests', client);
    expect(calls).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('expires in 3 days.');
  });

  it('asks again every 15 minutes, and not while the browser is offline', async () => {
    signIn();
    const { client, calls } = await checkServer({ json: { status: 'expired', expires_at: null } });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderBanner('/contests', client);
    expect(calls).toEqual([]);
    online.mockReturnValue(true);
    act(() => {
      vi.advanceTimersByTime(LICENSE_ONLINE_CHECK_MS - 1);
    });
    expect(calls).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // The check loads its answer's schema first: the call follows within a few ticks.
    // (vi.waitFor: testing-library's waitFor polls with setInterval, which is faked here.)
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/licenses/check']));
    act(() => {
      vi.advanceTimersByTime(LICENSE_ONLINE_CHECK_MS);
    });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});

describe('licence banner public key upkeep', () => {
  const signIn = () => session.setTokens({ token: fakeToken({ sub: '1', exp: inOneHour() }) });

  async function serve() {
    const server = await startTestServer((req) => {
      if (req.path === '/api/licenses/check') return { json: { status: 'expired', expires_at: null } };
      if (req.path === '/api/licenses/public-key') return { json: keyAnswer };
      return { status: 404, json: { error: 'not_found' } };
    });
    return { server, ...testClient(server.url) };
  }

  it('after the check, fetches and caches the public key when a licence is stored without one', async () => {
    signIn();
    storeLicense(Date.now() + 3 * DAY);
    const { server, client } = await serve();
    renderBanner('/contests', client);
    // Wait on this server's requests: a check still in flight from an earlier test may cache the same key.
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toEqual(['/api/licenses/check', '/api/licenses/public-key']),
    );
    await waitFor(() => expect(license.getPublicKey()).toEqual(jwk));
  });

  /** A licence whose header names the key `kid`, as the licensing service's do. */
  const licenseOfKey = (kid: string) => {
    const [, payload, signature] = licenseToken(Date.now() + 3 * DAY).split('.');
    const header = btoa(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid })).replace(/(?<!=)=+$/, '');
    return `${header}.${payload}.${signature}`;
  };

  it('fetches the key again when the licence names another key id than the cached key', async () => {
    signIn();
    license.save({ license: licenseOfKey('k1') });
    license.setPublicKey({ ...jwk, kid: 'k0' });
    const { server, client } = await serve();
    renderBanner('/contests', client);
    // Wait on this server's requests: a check still in flight from an earlier test may cache the same key.
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toEqual(['/api/licenses/check', '/api/licenses/public-key']),
    );
    await waitFor(() => expect(license.getPublicKey()).toEqual(jwk));
  });

  it('does not fetch the key while the cached one is the key the licence names', async () => {
    signIn();
    license.save({ license: licenseOfKey('k1') });
    license.setPublicKey(jwk);
    const { client, calls } = await serve();
    const consulted = vi.spyOn(license, 'getPublicKey');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderBanner('/contests', client);
    // The check has been answered and the cached key looked at: whether to fetch the key is decided.
    await vi.waitFor(() => expect(consulted).toHaveBeenCalled());
    // The next check, 15 minutes on, is a later call: a key fetch after the first would come before it.
    act(() => {
      vi.advanceTimersByTime(LICENSE_ONLINE_CHECK_MS);
    });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.path)).toEqual(['/api/licenses/check', '/api/licenses/check']);
  });
});

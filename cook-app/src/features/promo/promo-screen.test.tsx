import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LICENSE_KEYS, LICENSING_MESSAGES, NETWORK_ERROR_TEXT, license, session } from '@pitclock/contracts';
import { held, makeJwt, type Reply } from '@pitclock/contracts/testing';
import { hasDeviceLicense, SETTINGS_PATH, START_WITHOUT_NOTIFICATIONS } from '../../lib/license-gate';
import {
  createTestLicenseKey,
  licenseClaims,
  NOW,
  pointApiAtClosedPort,
  renderPromo,
  startApi,
  storeLicense,
  type LicenseClaims,
  type TestLicenseKey,
} from './test-support';

const REDEEM = '/api/promo-codes/redeem';
const PUBLIC_KEY = '/api/licenses/public-key';
const accessToken = makeJwt({ sub: '7', exp: 4_102_444_800 });

let key: TestLicenseKey;
beforeAll(async () => {
  key = await createTestLicenseKey();
});
beforeEach(() => {
  session.setTokens({ token: accessToken, refresh_token: 'refresh-1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const codeField = () => screen.getByLabelText(/^Promo code/) as HTMLInputElement;
const redeemButton = () => screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
const continueButton = () => screen.findByRole('button', { name: 'Continue' });
/** After a redeem: the success text, then Continue (to returnTo, or through Start for a run). */
async function continueAfterRedeem(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await continueButton());
}
const stored = () => Object.fromEntries(Object.values(LICENSE_KEYS).map((k) => [k, localStorage.getItem(k)]));
const nothingStored = Object.fromEntries(Object.values(LICENSE_KEYS).map((k) => [k, null]));

/** The licensing service: a redeem answered by `redeem`, the public key of `key` (or `keyReply`). */
async function licensingApi(redeem: () => Reply, keyReply?: { status: number }) {
  return startApi((req) => {
    if (req.method === 'POST' && req.path === REDEEM) return redeem();
    if (req.method === 'GET' && req.path === PUBLIC_KEY)
      return (
        keyReply ?? { json: { alg: 'ES256', kid: key.jwk.kid, public_key: key.jwk, public_key_pem: key.pem } }
      );
    return { status: 404, json: { error: 'not_found', message: 'Not found' } };
  });
}

/** A 201 of the redeem call with a licence signed for this device (a year from NOW unless overridden). */
async function granted(overrides: Partial<LicenseClaims> = {}) {
  const claims = licenseClaims(key, overrides);
  const license = await key.sign(claims);
  return {
    claims,
    license,
    reply: {
      status: 201,
      json: {
        license,
        expires_at: new Date(claims.exp * 1000).toISOString(),
        device_id: claims.device_id,
        user_id: 7,
      },
    },
  };
}

describe('Promo code screen', () => {
  it('shows the code trimmed and upper-cased as it is typed or pasted; Redeem is disabled while it is empty', async () => {
    const { user } = await renderPromo();
    expect(screen.getByRole('heading', { name: 'Promo Code' })).toBeTruthy();
    expect(redeemButton().disabled).toBe(true);
    await user.type(codeField(), '  smoke-26 ');
    expect(codeField().value).toBe('SMOKE-26');
    expect(redeemButton().disabled).toBe(false);
    await user.clear(codeField());
    expect(codeField().value).toBe('');
    expect(redeemButton().disabled).toBe(true);
    await user.type(codeField(), '   ');
    expect(codeField().value).toBe('');
    expect(redeemButton().disabled).toBe(true);
    await user.click(codeField());
    await user.paste('  bbq_2026 ');
    expect(codeField().value).toBe('BBQ_2026');
  });

  it('Enter redeems for this device, caches the public key, stores the licence under both keys with license_expiry and lastPromoCode, says until when it is active, and Continue replaces /promo with returnTo', async () => {
    const { claims, license, reply } = await granted();
    const server = await licensingApi(() => reply);
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/templates')}`);
    await user.type(codeField(), ' smoke26{Enter}');

    const status = await screen.findByText('Licence active until 06/01/2027');
    expect(status.closest('[role="status"]')).toBeTruthy();
    const next = await continueButton();
    expect(document.activeElement).toBe(next);
    expect(next.getAttribute('aria-describedby')).toBe(status.closest('[id]')?.id);
    expect(screen.queryByTestId('location')).toBeNull();
    await user.click(next);
    const landed = await screen.findByTestId('location');
    expect(landed.textContent).toBe('/templates');
    expect(landed.dataset.navigation).toBe('REPLACE');

    const [sent] = server.on(REDEEM);
    expect(sent?.json).toEqual({ code: 'SMOKE26', device_id: session.getDeviceId() });
    expect(sent?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(server.on(PUBLIC_KEY)).toHaveLength(1);
    expect(stored()).toEqual({
      [LICENSE_KEYS.license]: license,
      [LICENSE_KEYS.licenseAlt]: license,
      [LICENSE_KEYS.expiry]: new Date(claims.exp * 1000).toISOString(),
      [LICENSE_KEYS.lastPromoCode]: 'SMOKE26',
      [LICENSE_KEYS.publicKey]: JSON.stringify(key.jwk),
      [LICENSE_KEYS.revokedAt]: null,
    });
    // The stored licence and key let this device start cook-offs offline.
    expect(await hasDeviceLicense({ now: () => NOW })).toBe(true);
  });

  it('without returnTo goes to /contests after redeeming', async () => {
    const { reply } = await granted();
    await licensingApi(() => reply);
    const { user } = await renderPromo('/promo');
    await user.type(codeField(), 'SMOKE26');
    await user.click(redeemButton());
    await continueAfterRedeem(user);
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
  });

  it("a returnTo that would leave the app ('//evil.example', a URL) goes to /contests", async () => {
    const { reply } = await granted();
    await licensingApi(() => reply);
    for (const returnTo of ['//evil.example', 'https://evil.example/x']) {
      const { user, unmount } = await renderPromo(`/promo?returnTo=${encodeURIComponent(returnTo)}`);
      await user.type(codeField(), 'SMOKE26{Enter}');
      await continueAfterRedeem(user);
      expect((await screen.findByTestId('location')).textContent).toBe('/contests');
      unmount();
      license.clear();
    }
  });

  it('shows the button loading while the server answers', async () => {
    const { reply } = await granted();
    const answer = held(reply);
    const server = await licensingApi(() => answer.reply);
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26');
    await user.click(redeemButton());
    expect(redeemButton().getAttribute('aria-busy')).toBe('true');
    expect(codeField().readOnly).toBe(true);
    // Still busy while the request waits at the server.
    await waitFor(() => expect(server.on(REDEEM)).toHaveLength(1));
    expect(redeemButton().getAttribute('aria-busy')).toBe('true');
    answer.release();
    expect(await screen.findByText('Licence active until 06/01/2027')).toBeTruthy();
  });

  it("a 201 without a licence shows 'No license returned from server.' in red and stores nothing", async () => {
    const server = await licensingApi(() => ({
      status: 201,
      json: { expires_at: '2027-06-01T00:00:00.000Z', device_id: session.getDeviceId(), user_id: 7 },
    }));
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No license returned from server.');
    expect(alert.className).toContain('pc-banner--red');
    expect(stored()).toEqual(nothingStored);
    expect(server.on(PUBLIC_KEY)).toEqual([]);
    expect(screen.queryByTestId('location')).toBeNull();
    expect(redeemButton().disabled).toBe(false);
  });

  it("a refusal shows 'Error 409: <server text>' in red, stores nothing and can be tried again", async () => {
    const { reply } = await granted();
    let refuse = true;
    await licensingApi(() =>
      refuse
        ? { status: 409, json: { error: 'code_used_up', message: LICENSING_MESSAGES.codeUsedUp } }
        : reply,
    );
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Error 409: ${LICENSING_MESSAGES.codeUsedUp}`);
    expect(alert.className).toContain('pc-banner--red');
    expect(stored()).toEqual(nothingStored);

    refuse = false;
    await user.click(redeemButton());
    expect(await screen.findByText('Licence active until 06/01/2027')).toBeTruthy();
    expect(license.getLastPromoCode()).toBe('SMOKE26');
  });

  it('an error without server text shows the client message, one with only an error field shows that', async () => {
    let reply: { status: number; json?: unknown } = { status: 500 };
    await licensingApi(() => reply);
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error 500: Request failed with status code 500',
    );
    reply = { status: 403, json: { error: 'Device revoked' } };
    await user.click(redeemButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error 403: Device revoked'));
  });

  it('a network failure shows the network text', async () => {
    await pointApiAtClosedPort();
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NETWORK_ERROR_TEXT);
    expect(stored()).toEqual(nothingStored);
  });

  it('when the public key cannot be fetched the licence is stored all the same and the screen goes on', async () => {
    const { license: token, reply } = await granted();
    await licensingApi(() => reply, { status: 503 });
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/templates')}`);
    await user.type(codeField(), 'SMOKE26{Enter}');
    await continueAfterRedeem(user);
    expect((await screen.findByTestId('location')).textContent).toBe('/templates');
    expect(license.getLicense()).toBe(token);
    expect(license.getPublicKey()).toBeNull();
    // Not verifiable until the key is known.
    expect(await hasDeviceLicense({ now: () => NOW })).toBe(false);
  });

  it('a run that cannot start yet (no public key to verify the licence) comes back to an empty promo form', async () => {
    const { reply } = await granted();
    await licensingApi(() => reply, { status: 503 });
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.type(codeField(), 'SMOKE26{Enter}');
    await continueAfterRedeem(user);
    expect(await screen.findByRole('button', { name: 'Redeem' })).toBeTruthy();
    expect(codeField().value).toBe('');
    expect(screen.queryByText(/^Licence active/)).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('redeem then Start: a run route goes on through the Start confirmation about in-app alerts; Continue opens the run', async () => {
    const { reply } = await granted({ exp: Date.parse('2026-12-26T18:00:00Z') / 1000 });
    await licensingApi(() => reply);
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.type(codeField(), 'SMOKE26{Enter}');
    expect(await screen.findByText('Licence active until 12/26/2026')).toBeTruthy();
    await continueAfterRedeem(user);

    // jsdom has no Notification API: the same question as Start asks.
    const dialog = await screen.findByRole('alertdialog', { name: START_WITHOUT_NOTIFICATIONS.title });
    expect(dialog.textContent).toContain(START_WITHOUT_NOTIFICATIONS.message);
    expect(screen.queryByTestId('location')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const landed = await screen.findByTestId('location');
    expect(landed.textContent).toBe('/contests/c-1/steps');
    expect(landed.dataset.navigation).toBe('REPLACE');
  });

  it('redeem then Start: Cancel of the confirmation goes to /settings; with notifications granted the run opens at once', async () => {
    const { reply } = await granted();
    await licensingApi(() => reply);
    const returnTo = `/promo?returnTo=${encodeURIComponent('/contests/c-1/runs/r-2/steps?view=all')}`;
    let view = await renderPromo(returnTo);
    await view.user.type(codeField(), 'SMOKE26{Enter}');
    await continueAfterRedeem(view.user);
    const dialog = await screen.findByRole('alertdialog', { name: START_WITHOUT_NOTIFICATIONS.title });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('location')).textContent).toBe(SETTINGS_PATH);
    view.unmount();

    license.clear();
    vi.stubGlobal('Notification', { permission: 'granted' });
    view = await renderPromo(returnTo);
    await view.user.type(codeField(), 'SMOKE26{Enter}');
    await continueAfterRedeem(view.user);
    expect((await screen.findByTestId('location')).textContent).toBe('/contests/c-1/runs/r-2/steps?view=all');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("with this device's licence active, says what another code does to its expiry before using it: Cancel sends nothing", async () => {
    await storeLicense(key, { exp: Date.parse('2026-12-26T18:00:00Z') / 1000 });
    const { reply } = await granted();
    const server = await licensingApi(() => reply);
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26{Enter}');

    const dialog = await screen.findByRole('alertdialog', { name: 'Redeem another code?' });
    expect(dialog.textContent).toContain(
      "This device's licence is active until 12/26/2026. Redeeming another code does not add its days to that date: the licence then runs for the new code's days counted from today, or stays until 12/26/2026 if that is later. The code is used up either way.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.on(REDEEM)).toEqual([]);
    expect(codeField().value).toBe('SMOKE26');
    expect(redeemButton().disabled).toBe(false);
    expect(screen.queryByText(/^Licence active/)).toBeNull();
  });

  it("with this device's licence active, Redeem in the question uses the code and shows the expiry it gave", async () => {
    await storeLicense(key, { exp: Date.parse('2026-12-26T18:00:00Z') / 1000 });
    const { reply } = await granted({ exp: Date.parse('2027-03-01T18:00:00Z') / 1000 });
    const server = await licensingApi(() => reply);
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26');
    await user.click(redeemButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Redeem another code?' });
    expect(server.on(REDEEM)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Licence active until 03/01/2027')).toBeTruthy();
    expect(server.on(REDEEM)).toHaveLength(1);
  });

  it('does not ask for a licence that has run out (still in its grace days) nor for one of another device', async () => {
    const { reply } = await granted();
    const server = await licensingApi(() => reply);
    for (const overrides of [
      { exp: Math.floor(NOW / 1000) - 86_400 },
      { device_id: 'device-someone-else-abc123' },
    ]) {
      await storeLicense(key, overrides);
      const { user, unmount } = await renderPromo();
      await user.type(codeField(), 'SMOKE26{Enter}');
      expect(await screen.findByText('Licence active until 06/01/2027')).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      unmount();
    }
    expect(server.on(REDEEM)).toHaveLength(2);
  });

  it('Back goes to /contests, whatever returnTo says', async () => {
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
  });
});

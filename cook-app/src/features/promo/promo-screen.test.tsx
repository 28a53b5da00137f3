import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LICENCE_KEYS, LICENSING_MESSAGES, NETWORK_ERROR_TEXT, licence, session } from '@pitclock/contracts';
import { makeJwt } from '@pitclock/contracts/testing';
import { hasDeviceLicence } from '../../lib/licence-gate';
import {
  createTestLicenceKey,
  licenceClaims,
  NOW,
  pointApiAtClosedPort,
  renderPromo,
  startApi,
  type TestLicenceKey,
} from './test-support';

const REDEEM = '/api/promo-codes/redeem';
const PUBLIC_KEY = '/api/licenses/public-key';
const accessToken = makeJwt({ sub: '7', exp: 4_102_444_800 });

let key: TestLicenceKey;
beforeAll(async () => {
  key = await createTestLicenceKey();
});
beforeEach(() => {
  session.setTokens({ token: accessToken, refresh_token: 'refresh-1' });
});

const codeField = () => screen.getByLabelText(/^Promo code/) as HTMLInputElement;
const redeemButton = () => screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
const stored = () => Object.fromEntries(Object.values(LICENCE_KEYS).map((k) => [k, localStorage.getItem(k)]));
const nothingStored = Object.fromEntries(Object.values(LICENCE_KEYS).map((k) => [k, null]));

/** The licensing service: a redeem answered by `redeem`, the public key of `key` (or `keyReply`). */
async function licensingApi(
  redeem: () => { status?: number; json?: unknown; delayMs?: number },
  keyReply?: { status: number },
) {
  return startApi((req) => {
    if (req.method === 'POST' && req.path === REDEEM) return redeem();
    if (req.method === 'GET' && req.path === PUBLIC_KEY)
      return (
        keyReply ?? { json: { alg: 'ES256', kid: key.jwk.kid, public_key: key.jwk, public_key_pem: key.pem } }
      );
    return { status: 404, json: { error: 'not_found', message: 'Not found' } };
  });
}

/** A 201 of the redeem call with a licence signed for this device. */
async function granted() {
  const claims = licenceClaims(key);
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

  it('Enter redeems for this device, caches the public key, stores the licence under both keys with license_expiry and lastPromoCode, and replaces /promo with returnTo', async () => {
    const { claims, license, reply } = await granted();
    const server = await licensingApi(() => reply);
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.type(codeField(), ' smoke26{Enter}');

    const landed = await screen.findByTestId('location');
    expect(landed.textContent).toBe('/contests/c-1/steps');
    expect(landed.dataset.navigation).toBe('REPLACE');

    const [sent] = server.on(REDEEM);
    expect(sent?.json).toEqual({ code: 'SMOKE26', device_id: session.getDeviceId() });
    expect(sent?.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(server.on(PUBLIC_KEY)).toHaveLength(1);
    expect(stored()).toEqual({
      [LICENCE_KEYS.licence]: license,
      [LICENCE_KEYS.licenceAlt]: license,
      [LICENCE_KEYS.expiry]: new Date(claims.exp * 1000).toISOString(),
      [LICENCE_KEYS.lastPromoCode]: 'SMOKE26',
      [LICENCE_KEYS.publicKey]: JSON.stringify(key.jwk),
    });
    // The stored licence and key let this device start cook-offs offline.
    expect(await hasDeviceLicence({ now: () => NOW })).toBe(true);
  });

  it('without returnTo goes to /contests after redeeming', async () => {
    const { reply } = await granted();
    await licensingApi(() => reply);
    const { user } = await renderPromo('/promo');
    await user.type(codeField(), 'SMOKE26');
    await user.click(redeemButton());
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
  });

  it("a returnTo that would leave the app ('//evil.example', a URL) goes to /contests", async () => {
    const { reply } = await granted();
    await licensingApi(() => reply);
    for (const returnTo of ['//evil.example', 'https://evil.example/x']) {
      const { user, unmount } = await renderPromo(`/promo?returnTo=${encodeURIComponent(returnTo)}`);
      await user.type(codeField(), 'SMOKE26{Enter}');
      expect((await screen.findByTestId('location')).textContent).toBe('/contests');
      unmount();
    }
  });

  it('shows the button loading while the server answers', async () => {
    const { reply } = await granted();
    await licensingApi(() => ({ ...reply, delayMs: 300 }));
    const { user } = await renderPromo();
    await user.type(codeField(), 'SMOKE26');
    await user.click(redeemButton());
    expect(redeemButton().getAttribute('aria-busy')).toBe('true');
    expect(codeField().readOnly).toBe(true);
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
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
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
    expect(licence.getLastPromoCode()).toBe('SMOKE26');
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
    const { license, reply } = await granted();
    await licensingApi(() => reply, { status: 503 });
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.type(codeField(), 'SMOKE26{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/contests/c-1/steps');
    expect(licence.getLicence()).toBe(license);
    expect(licence.getPublicKey()).toBeNull();
    // Not verifiable until the key is known.
    expect(await hasDeviceLicence({ now: () => NOW })).toBe(false);
  });

  it('Back goes to /contests, whatever returnTo says', async () => {
    const { user } = await renderPromo(`/promo?returnTo=${encodeURIComponent('/contests/c-1/steps')}`);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/contests');
  });
});

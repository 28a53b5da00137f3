// Test-only helpers of the device-licence tests (gate, Start, promo): a real ES256 key pair made with
// WebCrypto that signs licences the way the licensing service does, and the contracts' real local HTTP
// server as the app's API (the default `api` client reads its base from API_BASE_GLOBAL at each call).
import { afterEach } from 'vitest';
import { API_BASE_GLOBAL, license, session } from '@pitclock/contracts';
import {
  closedPortUrl,
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import { NOW } from './test-support';

export { type ReceivedRequest, type Reply, type TestServer };

const DAY_S = 86_400;

export type LicenseClaims = { sub: string; device_id: string; iat: number; exp: number; kid: string };

export type TestLicenseKey = {
  /** The public key as GET /licenses/public-key serves it. */
  jwk: { kty: string; crv: string; x: string; y: string; kid: string; alg: 'ES256'; use: 'sig' };
  /** The same key as an SPKI PEM (public_key_pem). */
  pem: string;
  /** A compact JWS over `claims`, signed ES256 (signature r||s). */
  sign(claims: LicenseClaims, header?: object): Promise<string>;
};

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
// Not `instanceof ArrayBuffer`: under jsdom WebCrypto's ArrayBuffer comes from another realm.
const encodeBytes = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');

export async function createTestLicenseKey(kid = 'test-key'): Promise<TestLicenseKey> {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const { kty = '', crv = '', x = '', y = '' } = await subtle.exportKey('jwk', pair.publicKey);
  const spki = Buffer.from(await subtle.exportKey('spki', pair.publicKey)).toString('base64');
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return {
    jwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' },
    pem,
    sign: async (claims, header = { alg: 'ES256', typ: 'JWT', kid }) => {
      const input = `${encode(header)}.${encode(claims)}`;
      const signature = await subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        pair.privateKey,
        new TextEncoder().encode(input),
      );
      return `${input}.${encodeBytes(signature)}`;
    },
  };
}

/** Claims of a licence for this device (session.getDeviceId()), issued a day before NOW, valid a year. */
export function licenseClaims(key: TestLicenseKey, overrides: Partial<LicenseClaims> = {}): LicenseClaims {
  const now = Math.floor(NOW / 1000);
  return {
    sub: '7',
    device_id: session.getDeviceId(),
    iat: now - DAY_S,
    exp: now + 365 * DAY_S,
    kid: key.jwk.kid,
    ...overrides,
  };
}

/** Stores a signed licence (claims as licenceClaims with `overrides`) and the key, as a redeem would. */
export async function storeLicense(key: TestLicenseKey, overrides: Partial<LicenseClaims> = {}) {
  const token = await key.sign(licenseClaims(key, overrides));
  license.setPublicKey(key.jwk);
  license.save({ license: token });
  return token;
}

/** `token` with its payload replaced by `claims` (the signature no longer matches). */
export function tamper(token: string, claims: LicenseClaims): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode(claims)}.${signature}`;
}

const servers: TestServer[] = [];
const setApiBase = (base: string | undefined) => {
  const scope = globalThis as Record<string, unknown>;
  if (base === undefined) delete scope[API_BASE_GLOBAL];
  else scope[API_BASE_GLOBAL] = base;
};

afterEach(async () => {
  setApiBase(undefined);
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * Starts a real local HTTP server answering with `handler` and points the app's `api` client at it
 * (`<server>/api`); both undone after the test.
 */
export async function startApi(handler: (req: ReceivedRequest) => Reply | Promise<Reply>) {
  const server = await startTestServer(handler);
  servers.push(server);
  setApiBase(`${server.url}/api`);
  return server;
}

/** Points the app's `api` client at a port nobody listens on (a network failure); undone after the test. */
export async function pointApiAtClosedPort() {
  setApiBase(`${await closedPortUrl()}/api`);
}

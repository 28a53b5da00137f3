// Test-only: an ES256 key pair made with WebCrypto, and licences signed with it the way the licensing
// service signs them (compact JWS, signature r||s), so the checks are tested against real signatures.
import type { DeviceLicenseClaims } from '../schemas/licensing-token';

const encode = (value: object | ArrayBuffer) =>
  (value instanceof ArrayBuffer ? Buffer.from(value) : Buffer.from(JSON.stringify(value))).toString(
    'base64url',
  );

export type TestLicenceKey = {
  /** The public key as GET /licenses/public-key serves it. */
  jwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
  sign(claims: DeviceLicenseClaims, header?: object): Promise<string>;
};

export async function createTestLicenceKey(kid = 'k1'): Promise<TestLicenceKey> {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const { kty, crv, x, y } = await subtle.exportKey('jwk', pair.publicKey);
  const sign = async (claims: DeviceLicenseClaims, header: object = { alg: 'ES256', typ: 'JWT', kid }) => {
    const input = `${encode(header)}.${encode(claims)}`;
    const signature = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(input),
    );
    return `${input}.${encode(signature)}`;
  };
  return { jwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }, sign };
}

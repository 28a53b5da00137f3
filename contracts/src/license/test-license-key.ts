// Test-only: an ES256 key pair, and licences signed with it the way the licensing service signs them
// (jose's SignJWT: compact JWS, signature r||s), so the checks are tested against real signatures.
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { DeviceLicenseClaims } from '../schemas/licensing-token';

export type TestLicenseKey = {
  /** The public key as GET /licenses/public-key serves it. */
  jwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
  sign(claims: DeviceLicenseClaims, header?: { alg: 'ES256'; typ?: string; kid?: string }): Promise<string>;
};

export async function createTestLicenseKey(kid = 'k1'): Promise<TestLicenseKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { kty, crv, x, y } = await exportJWK(publicKey);
  const sign: TestLicenseKey['sign'] = (claims, header = { alg: 'ES256', typ: 'JWT', kid }) =>
    new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
  return { jwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }, sign };
}

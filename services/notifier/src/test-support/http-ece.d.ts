// http_ece (a dependency of web-push) ships no types; the part the test push receiver uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  type EceParams = {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair (Web Push: the subscription's p256dh private key). */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret?: string;
    dh?: string;
    key?: string;
    salt?: string;
    keyid?: string;
    rs?: number;
  };

  const ece: {
    decrypt: (buffer: Buffer, params: EceParams) => Buffer;
    encrypt: (buffer: Buffer, params: EceParams) => Buffer;
  };
  export default ece;
}

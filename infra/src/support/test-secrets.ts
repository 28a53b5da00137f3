import { createECDH } from 'node:crypto';

const vapid = createECDH('prime256v1');
vapid.generateKeys();

/**
 * Valid values for every secret (what an operator puts in infra/.env or the Secret), so that the
 * services' config schemas can judge the rest of the settings as the files give them.
 */
export const testSecrets: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  DATABASE_URL: 'postgres://pitclock:a1b2c3d4e5f6@postgres.test:5432/pitclock',
  REDIS_URL: 'redis://:secret@redis.test:6379',
  REDIS_ADDRESS: 'redis.test:6379',
  REDIS_PASSWORD: 'secret',
  JWT_SECRET: 'jwt-secret-for-the-infra-tests-0123456789',
  PUSH_ACTION_SECRET: 'push-action-secret-for-the-infra-tests-0123',
  VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
  VAPID_PRIVATE_KEY: vapid.getPrivateKey('base64url'),
  VAPID_SUBJECT: 'mailto:ops@pitclock.test',
  ADMIN_EMAIL: 'admin@pitclock.test',
  ADMIN_PASSWORD: 'a-long-enough-admin-password',
};

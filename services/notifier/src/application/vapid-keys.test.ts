import { VapidPublicKeyResponse } from '@pitclock/contracts/schemas';
import request from 'supertest';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { createVapidKeysRepository } from '../data-access';
import { useNotifierService } from '../test-support/harness';
import { createVapidKeys } from './vapid-keys';

const svc = useNotifierService();

const servedKey = async (app: Parameters<typeof request>[0]) =>
  VapidPublicKeyResponse.parse((await request(app).get('/api/push/vapid-public-key').expect(200)).body)
    .public_key;

describe('VAPID keys', () => {
  it('without VAPID_* the first need generates one pair, stored once, that every process starting together uses', async () => {
    expect(await svc.count('vapid_keys')).toBe(0);
    // As many processes starting at once: each loads the key on its own, all on one empty table (the
    // pool's connections are opened first, so that the loads really overlap).
    await svc.warmPool();
    const providers = Array.from({ length: 20 }, () =>
      createVapidKeys({
        configured: undefined,
        repository: createVapidKeysRepository(svc.database().db),
        logger: svc.logger,
      }),
    );
    const pairs = await Promise.all(providers.map((provider) => provider.current()));
    expect(new Set(pairs.map((pair) => `${pair.publicKey}/${pair.privateKey}`)).size).toBe(1);
    expect(await svc.query('select public_key from vapid_keys')).toEqual([
      { public_key: pairs[0]!.publicKey },
    ]);
  });

  it('two app instances serve the same stored key', async () => {
    const [first, second] = [svc.makeApp(), svc.makeApp()];
    const keys = await Promise.all([servedKey(first), servedKey(second)]);
    expect(keys[0]).toBe(keys[1]);
    expect(await svc.query('select public_key from vapid_keys')).toEqual([{ public_key: keys[0] }]);
  });

  it('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set, are used and nothing is stored', async () => {
    const configured = webpush.generateVAPIDKeys();
    const before = await svc.count('vapid_keys');
    const app = svc.makeApp({
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
    });
    expect(await servedKey(app)).toBe(configured.publicKey);
    expect(await svc.count('vapid_keys')).toBe(before);
    expect(await svc.count('vapid_keys', 'public_key = $1', [configured.publicKey])).toBe(0);
  });
});

import type { Logger } from '@pitclock/kit';
import webpush from 'web-push';
import type { VapidKeyPair, VapidKeysRepository } from '../data-access';

export type VapidKeys = {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else the pair stored in the database (created at first need). */
  current: () => Promise<VapidKeyPair>;
};

/** Loads once; a failure (database not reachable yet) is not remembered, the next call tries again. */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
};

export const createVapidKeys = ({
  configured,
  repository,
  logger,
}: {
  configured: VapidKeyPair | undefined;
  repository: VapidKeysRepository;
  logger: Logger;
}): VapidKeys => ({
  current: once(async () => {
    if (configured) {
      logger.info({ publicKey: configured.publicKey, source: 'VAPID_PUBLIC_KEY' }, 'VAPID key loaded');
      return configured;
    }
    const row = await repository.loadOrCreate(() => {
      const pair = webpush.generateVAPIDKeys();
      logger.info(
        { publicKey: pair.publicKey },
        'no VAPID key yet: generated one and stored it in the database',
      );
      return pair;
    });
    logger.info({ publicKey: row.publicKey, source: 'database' }, 'VAPID key loaded');
    return { publicKey: row.publicKey, privateKey: row.privateKey };
  }),
});

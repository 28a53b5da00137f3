import type { Logger } from '@pitclock/kit';
import type {
  PushMessage,
  PushSubscriptionRow,
  PushSubscriptionsRepository,
  PushTarget,
  WebPushClient,
} from '../data-access';
import { checkEndpoint, type OriginRule } from '../domain/allowed-origins';

/** One subscription's outcome, as the deliveries table records it. */
export type SendResult = {
  result: 'sent' | 'gone' | 'failed' | 'retry';
  statusCode?: number;
  retryAfterMs?: number;
};

export type PushSender = {
  send: (subscription: PushSubscriptionRow, message: PushMessage) => Promise<SendResult>;
};

/** Sends without touching the stored subscription: the caller keeps its state (see subscriptionEffect). */
export type PushDeliverer = {
  send: (subscription: PushTarget & { id: number }, message: PushMessage) => Promise<SendResult>;
};

/**
 * What an outcome does to the stored subscription: 'sent' sets last_success_at, 'gone' (404, 410)
 * deletes it, 'failed' and 'retry' set last_failure_at.
 */
export const subscriptionEffect = (result: SendResult['result']): 'success' | 'gone' | 'failure' =>
  result === 'sent' ? 'success' : result === 'gone' ? 'gone' : 'failure';

/**
 * Sends one message to one subscription: its endpoint is checked against the allow list again (a
 * de-listed push service is not called) and the push service's answer becomes a SendResult.
 */
export const createPushDeliverer = ({
  client,
  allowedOrigins,
  logger,
}: {
  client: WebPushClient;
  allowedOrigins: readonly OriginRule[];
  logger: Logger;
}): PushDeliverer => ({
  send: async (subscription, message) => {
    const { id, endpoint } = subscription;
    if (!checkEndpoint(endpoint, allowedOrigins).ok) {
      logger.warn({ subscriptionId: id }, 'push not sent: the endpoint is no longer on PUSH_ALLOWED_ORIGINS');
      return { result: 'failed' };
    }
    const response = await client.send(subscription, message);
    const { statusCode, retryAfterMs } = response;
    const outcome = {
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
    switch (response.kind) {
      case 'accepted':
        return { result: 'sent', ...outcome };
      case 'gone':
        logger.info({ subscriptionId: id, statusCode }, 'push subscription gone: deleted');
        return { result: 'gone', ...outcome };
      case 'retry':
        logger.warn(
          { subscriptionId: id, statusCode, error: response.error },
          'push service busy or unreachable',
        );
        return { result: 'retry', ...outcome };
      case 'rejected':
        logger.warn({ subscriptionId: id, statusCode, error: response.error }, 'push refused');
        return { result: 'failed', ...outcome };
    }
  },
});

/**
 * Sends one message to one stored subscription and keeps the subscription's state: its endpoint is
 * checked against the allow list again (a de-listed push service is not called), a 404 or 410 deletes
 * it, and each answer sets last_success_at or last_failure_at.
 */
export const createPushSender = ({
  client,
  subscriptions,
  allowedOrigins,
  logger,
  clock,
}: {
  client: WebPushClient;
  subscriptions: PushSubscriptionsRepository;
  allowedOrigins: readonly OriginRule[];
  logger: Logger;
  clock: () => Date;
}): PushSender => {
  const deliverer = createPushDeliverer({ client, allowedOrigins, logger });
  return {
    send: async (subscription, message) => {
      const sent = await deliverer.send(subscription, message);
      const { id, endpoint } = subscription;
      switch (subscriptionEffect(sent.result)) {
        case 'success':
          await subscriptions.markSuccess(id, clock());
          break;
        case 'gone':
          await subscriptions.deleteGone(id, endpoint);
          break;
        case 'failure':
          await subscriptions.markFailure(id, clock());
          break;
      }
      return sent;
    },
  };
};

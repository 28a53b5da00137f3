import type { Logger } from '@pitclock/kit';
import type {
  PushMessage,
  PushSubscriptionRow,
  PushSubscriptionsRepository,
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
}): PushSender => ({
  send: async (subscription, message) => {
    const { id, endpoint } = subscription;
    if (!checkEndpoint(endpoint, allowedOrigins).ok) {
      logger.warn({ subscriptionId: id }, 'push not sent: the endpoint is no longer on PUSH_ALLOWED_ORIGINS');
      await subscriptions.markFailure(id, clock());
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
        await subscriptions.markSuccess(id, clock());
        return { result: 'sent', ...outcome };
      case 'gone':
        await subscriptions.deleteGone(id, endpoint);
        logger.info({ subscriptionId: id, statusCode }, 'push subscription gone: deleted');
        return { result: 'gone', ...outcome };
      case 'retry':
        await subscriptions.markFailure(id, clock());
        logger.warn(
          { subscriptionId: id, statusCode, error: response.error },
          'push service busy or unreachable',
        );
        return { result: 'retry', ...outcome };
      case 'rejected':
        await subscriptions.markFailure(id, clock());
        logger.warn({ subscriptionId: id, statusCode, error: response.error }, 'push refused');
        return { result: 'failed', ...outcome };
    }
  },
});

import { API_PATHS } from '@pitclock/contracts/api-paths';
import { PUSH_TEST_TAG } from '@pitclock/contracts/push';
import {
  PUSH_MESSAGES as m,
  SubscribeBody,
  UnsubscribeBody,
  type PushSubscriptionsResponse,
  type PushTestResponse,
  type VapidPublicKeyResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, HttpError, notFound, parse, type Logger } from '@pitclock/kit';
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import type { PushSubscriptionsRepository } from '../../data-access';
import { checkEndpoint, type OriginRule } from '../../domain/allowed-origins';
import { testPushPayload } from '../../domain/payload';
import type { VapidKeys } from '../../vapid-keys';
import type { PushSender } from '../push-sender';
import { toSubscriptionView } from './views';

export type SubscriptionRoutesDeps = {
  subscriptions: PushSubscriptionsRepository;
  vapidKeys: VapidKeys;
  sender: PushSender;
  allowedOrigins: readonly OriginRule[];
  requireUser: RequestHandler;
  logger: Logger;
};

/** A test push is worth showing for a minute at most. */
const TEST_PUSH_TTL_SECONDS = 60;

/** 400 unless the endpoint is an https URL of an allowed push service: it is stored to be called later. */
const assertAllowedEndpoint = (endpoint: string, allowedOrigins: readonly OriginRule[]) => {
  const check = checkEndpoint(endpoint, allowedOrigins);
  if (check.ok) return;
  throw check.reason === 'invalid'
    ? new HttpError(400, 'endpoint_invalid', m.endpointInvalid)
    : new HttpError(400, 'endpoint_not_allowed', m.endpointNotAllowed);
};

/**
 * GET /api/push/vapid-public-key (anyone); POST and DELETE /api/push/subscribe, GET /api/push/me,
 * POST /api/push/test (signed in).
 */
export const createSubscriptionRoutes = ({
  subscriptions,
  vapidKeys,
  sender,
  allowedOrigins,
  requireUser,
  logger,
}: SubscriptionRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.pushVapidPublicKey, async (_req, res) => {
    const { publicKey } = await vapidKeys.current();
    // Short: the app compares its subscription's key with this one at every start (a rotated key replaces it).
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ public_key: publicKey } satisfies z.infer<typeof VapidPublicKeyResponse>);
  });

  router.post(API_PATHS.pushSubscribe, requireUser, async (req, res) => {
    const body = parse(SubscribeBody, req.body ?? {}, 'Subscription');
    assertAllowedEndpoint(body.subscription.endpoint, allowedOrigins);
    const userId = getAuthUser(req).id;
    const { row, created } = await subscriptions.upsert({
      userId,
      deviceId: body.device_id,
      endpoint: body.subscription.endpoint,
      p256dh: body.subscription.keys.p256dh,
      auth: body.subscription.keys.auth,
    });
    logger.info({ userId, subscriptionId: row.id, created }, 'push subscription stored');
    res.status(created ? 201 : 200).json(toSubscriptionView(row));
  });

  router.delete(API_PATHS.pushSubscribe, requireUser, async (req, res) => {
    const { endpoint } = parse(UnsubscribeBody, req.body ?? {}, 'Unsubscribe request');
    const userId = getAuthUser(req).id;
    if (!(await subscriptions.deleteOwn(userId, endpoint))) throw notFound(m.subscriptionNotFound);
    logger.info({ userId }, 'push subscription deleted');
    res.status(204).end();
  });

  router.get(API_PATHS.pushMe, requireUser, async (req, res) => {
    const rows = await subscriptions.listByUser(getAuthUser(req).id);
    res.json({ subscriptions: rows.map(toSubscriptionView) } satisfies z.infer<
      typeof PushSubscriptionsResponse
    >);
  });

  router.post(API_PATHS.pushTest, requireUser, async (req, res) => {
    const userId = getAuthUser(req).id;
    const rows = await subscriptions.listByUser(userId);
    if (rows.length === 0) throw notFound(m.noSubscriptions);
    const message = {
      payload: JSON.stringify(testPushPayload()),
      ttlSeconds: TEST_PUSH_TTL_SECONDS,
      urgency: 'high' as const,
      topic: PUSH_TEST_TAG,
    };
    const results = await Promise.all(rows.map((row) => sender.send(row, message)));
    const succeeded = results.filter((result) => result.result === 'sent').length;
    logger.info({ userId, sent: rows.length, succeeded }, 'test push sent');
    res.json({ sent: rows.length, succeeded, failed: rows.length - succeeded } satisfies PushTestResponse);
  });

  return router;
};

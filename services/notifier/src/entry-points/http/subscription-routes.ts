import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  SubscribeBody,
  UnsubscribeBody,
  type PushSubscriptionsResponse,
  type PushTestResponse,
  type VapidPublicKeyResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse } from '@pitclock/kit';
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import {
  listSubscriptions,
  sendTestPush,
  subscribe,
  unsubscribe,
  vapidPublicKey,
  type PushSubscriptionsDeps,
} from '../../application/push-subscriptions';
import { toSubscriptionView } from './views';

export type SubscriptionRoutesDeps = PushSubscriptionsDeps & { requireUser: RequestHandler };

/**
 * GET /api/push/vapid-public-key (anyone); POST and DELETE /api/push/subscribe, GET /api/push/me,
 * POST /api/push/test (signed in).
 */
export const createSubscriptionRoutes = ({ requireUser, ...deps }: SubscriptionRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.pushVapidPublicKey, async (_req, res) => {
    const publicKey = await vapidPublicKey(deps);
    // Short: the app compares its subscription's key with this one at every start (a rotated key replaces it).
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ public_key: publicKey } satisfies z.infer<typeof VapidPublicKeyResponse>);
  });

  router.post(API_PATHS.pushSubscribe, requireUser, async (req, res) => {
    const body = parse(SubscribeBody, req.body);
    const { row, created } = await subscribe(deps, getAuthUser(req).id, body);
    res.status(created ? 201 : 200).json(toSubscriptionView(row));
  });

  router.delete(API_PATHS.pushSubscribe, requireUser, async (req, res) => {
    const { endpoint } = parse(UnsubscribeBody, req.body);
    await unsubscribe(deps, getAuthUser(req).id, endpoint);
    res.status(204).end();
  });

  router.get(API_PATHS.pushMe, requireUser, async (req, res) => {
    const rows = await listSubscriptions(deps, getAuthUser(req).id);
    res.json({ subscriptions: rows.map(toSubscriptionView) } satisfies z.infer<
      typeof PushSubscriptionsResponse
    >);
  });

  router.post(API_PATHS.pushTest, requireUser, async (req, res) => {
    res.json((await sendTestPush(deps, getAuthUser(req).id)) satisfies PushTestResponse);
  });

  return router;
};

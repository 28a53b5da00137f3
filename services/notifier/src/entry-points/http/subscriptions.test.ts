import {
  PUSH_MESSAGES as m,
  PushSubscriptionView,
  VapidPublicKeyResponse,
} from '@pitclock/contracts/schemas';
import { errorBodySchema, signAccessToken } from '@pitclock/kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  JWT_AUDIENCE,
  JWT_SECRET,
  tokenFor,
  useNotifierService,
  type Caller,
} from '../../test-support/harness';

const svc = useNotifierService();

const subscribeBody = (
  endpoint: string,
  keys = svc.receiver().subscription().keys,
  deviceId = 'device-1',
) => ({
  subscription: { endpoint, keys },
  device_id: deviceId,
});

const subscribe = (caller: Caller, body: unknown) =>
  request(svc.app())
    .post('/api/push/subscribe')
    .set(caller.headers)
    .send(body as object);

const expectError = (res: request.Response, status: number, error: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = errorBodySchema.parse(res.body);
  expect(body.error).toBe(error);
  if (message) expect(body.message).toBe(message);
};

describe('GET /api/push/vapid-public-key', () => {
  it('answers anyone the stored VAPID public key, an uncompressed P-256 point, cacheable', async () => {
    const res = await request(svc.app()).get('/api/push/vapid-public-key').expect(200);
    const { public_key: publicKey } = VapidPublicKeyResponse.parse(res.body);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(await svc.query('select public_key from vapid_keys')).toEqual([{ public_key: publicKey }]);
  });
});

describe('POST /api/push/subscribe', () => {
  it('stores the subscription for the caller and answers 201 with its view (the origin, never the endpoint)', async () => {
    const cook = await svc.user();
    const subscription = svc.receiver().subscription();
    const res = await subscribe(
      cook,
      subscribeBody(subscription.endpoint, subscription.keys, ' phone '),
    ).expect(201);
    const view = PushSubscriptionView.parse(res.body);
    expect(view).toMatchObject({
      device_id: 'phone',
      endpoint_origin: svc.receiver().origin,
      last_success_at: null,
      last_failure_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(subscription.endpoint);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await svc.query('select * from push_subscriptions where user_id = $1', [cook.id]);
    expect(rows).toEqual([
      expect.objectContaining({
        id: view.id,
        device_id: 'phone',
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      }),
    ]);
  });

  it('the same endpoint again updates the one row (200) with the new keys and device', async () => {
    const cook = await svc.user();
    const subscription = svc.receiver().subscription();
    const first = await subscribe(cook, subscribeBody(subscription.endpoint, subscription.keys)).expect(201);
    const fresh = svc.receiver().subscription().keys;
    const again = await subscribe(cook, subscribeBody(subscription.endpoint, fresh, 'tablet')).expect(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.created_at).toBe(first.body.created_at);
    expect(
      await svc.query('select user_id, device_id, p256dh, auth from push_subscriptions where endpoint = $1', [
        subscription.endpoint,
      ]),
    ).toEqual([{ user_id: cook.id, device_id: 'tablet', p256dh: fresh.p256dh, auth: fresh.auth }]);
  });

  it('an endpoint re-subscribed by another user moves to that user', async () => {
    const [first, second] = [await svc.user(), await svc.user()];
    const subscription = svc.receiver().subscription();
    await subscribe(first, subscribeBody(subscription.endpoint, subscription.keys)).expect(201);
    await svc.query('update push_subscriptions set last_success_at = now() where endpoint = $1', [
      subscription.endpoint,
    ]);
    const moved = await subscribe(
      second,
      subscribeBody(subscription.endpoint, subscription.keys, 'shared'),
    ).expect(200);
    expect(moved.body.last_success_at).toBeNull();
    expect(
      await svc.query('select user_id from push_subscriptions where endpoint = $1', [subscription.endpoint]),
    ).toEqual([{ user_id: second.id }]);
    const mine = await request(svc.app()).get('/api/push/me').set(first.headers).expect(200);
    expect(mine.body).toEqual({ subscriptions: [] });
  });

  it('refuses endpoints that are not https or not of an allowed push service, storing nothing', async () => {
    const cook = await svc.user();
    const { origin } = svc.receiver();
    const port = Number(new URL(origin).port);
    const before = await svc.counts();
    const cases: [string, string, string][] = [
      [origin.replace('https:', 'http:') + '/push/x', 'endpoint_invalid', m.endpointInvalid],
      ['not a url', 'endpoint_invalid', m.endpointInvalid],
      ['https://push.example.com/push/x', 'endpoint_not_allowed', m.endpointNotAllowed],
      ['https://169.254.169.254/latest/meta-data', 'endpoint_not_allowed', m.endpointNotAllowed],
      [`https://127.0.0.1:${port + 1}/push/x`, 'endpoint_not_allowed', m.endpointNotAllowed],
      [`https://localhost:${port}/push/x`, 'endpoint_not_allowed', m.endpointNotAllowed],
      [`https://user:pw@127.0.0.1:${port}/push/x`, 'endpoint_not_allowed', m.endpointNotAllowed],
      ['https://fcm.googleapis.com/fcm/send/x', 'endpoint_not_allowed', m.endpointNotAllowed],
    ];
    for (const [endpoint, error, message] of cases) {
      expectError(await subscribe(cook, subscribeBody(endpoint)), 400, error, message);
    }
    expect(await svc.counts()).toEqual(before);
  });

  it('refuses missing and invalid fields with the validation shape, storing nothing', async () => {
    const cook = await svc.user();
    const { endpoint, keys } = svc.receiver().subscription();
    const before = await svc.counts();
    const bodies: unknown[] = [
      {},
      { device_id: 'd' },
      { subscription: { endpoint, keys }, device_id: '  ' },
      { subscription: { endpoint, keys } },
      { subscription: { endpoint }, device_id: 'd' },
      { subscription: { endpoint, keys: { p256dh: 'short', auth: keys.auth } }, device_id: 'd' },
      { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: 'not base64!*' } }, device_id: 'd' },
      { subscription: { endpoint: 42, keys }, device_id: 'd' },
      { subscription: { endpoint: `${endpoint}/${'x'.repeat(2_100)}`, keys }, device_id: 'd' },
      [],
    ];
    for (const body of bodies) {
      const res = await subscribe(cook, body);
      expectError(res, 400, 'validation_failed');
      expect(res.body.details.issues.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const noBody = await request(svc.app()).post('/api/push/subscribe').set(cook.headers);
    expectError(noBody, 400, 'validation_failed');
    const badJson = await request(svc.app())
      .post('/api/push/subscribe')
      .set(cook.headers)
      .set('Content-Type', 'application/json')
      .send('{"subscription": ');
    expectError(badJson, 400, 'invalid_json');
    expect(await svc.counts()).toEqual(before);
  });
});

describe('DELETE /api/push/subscribe', () => {
  it("deletes the caller's own subscription (204); a second time, or another user's, is 404 and deletes nothing", async () => {
    const [owner, other] = [await svc.user(), await svc.user()];
    const subscription = await svc.subscribe(owner);
    const foreign = await request(svc.app())
      .delete('/api/push/subscribe')
      .set(other.headers)
      .send({ endpoint: subscription.endpoint });
    expectError(foreign, 404, 'not_found', m.subscriptionNotFound);
    expect(await svc.count('push_subscriptions', 'id = $1', [subscription.id])).toBe(1);

    await request(svc.app())
      .delete('/api/push/subscribe')
      .set(owner.headers)
      .send({ endpoint: subscription.endpoint })
      .expect(204);
    expect(await svc.count('push_subscriptions', 'id = $1', [subscription.id])).toBe(0);
    const again = await request(svc.app())
      .delete('/api/push/subscribe')
      .set(owner.headers)
      .send({ endpoint: subscription.endpoint });
    expectError(again, 404, 'not_found', m.subscriptionNotFound);
  });

  it('refuses a missing or empty endpoint and bad JSON with 400', async () => {
    const cook = await svc.user();
    for (const body of [{}, { endpoint: '' }, { endpoint: 7 }]) {
      expectError(
        await request(svc.app()).delete('/api/push/subscribe').set(cook.headers).send(body),
        400,
        'validation_failed',
      );
    }
    const badJson = await request(svc.app())
      .delete('/api/push/subscribe')
      .set(cook.headers)
      .set('Content-Type', 'application/json')
      .send('{');
    expectError(badJson, 400, 'invalid_json');
  });
});

describe('GET /api/push/me', () => {
  it("lists only the caller's subscriptions, oldest first, with their state", async () => {
    const [cook, other] = [await svc.user(), await svc.user()];
    const phone = await svc.subscribe(cook, 'phone');
    const laptop = await svc.subscribe(cook, 'laptop');
    await svc.subscribe(other, 'other');
    await svc.query(`update push_subscriptions set last_failure_at = '2026-06-13T12:00:00Z' where id = $1`, [
      laptop.id,
    ]);
    const res = await request(svc.app()).get('/api/push/me').set(cook.headers).expect(200);
    expect(
      res.body.subscriptions.map((view: PushSubscriptionView) => [
        view.id,
        view.device_id,
        view.last_failure_at,
      ]),
    ).toEqual([
      [phone.id, 'phone', null],
      [laptop.id, 'laptop', '2026-06-13T12:00:00.000Z'],
    ]);
    for (const view of res.body.subscriptions) {
      expect(PushSubscriptionView.strict().parse(view).endpoint_origin).toBe(svc.receiver().origin);
    }
  });
});

describe('bearer token', () => {
  const routes: [string, string, object?][] = [
    ['post', '/api/push/subscribe', { subscription: { endpoint: 'https://x', keys: {} }, device_id: 'd' }],
    ['delete', '/api/push/subscribe', { endpoint: 'https://x' }],
    ['get', '/api/push/me'],
    ['post', '/api/push/test'],
    ['put', '/api/push/runs/run-1/schedule', { contest_id: 'c', contest_name: 'C', steps: [] }],
    ['delete', '/api/push/runs/run-1/schedule'],
  ];
  const badTokens = async () => ({
    none: undefined,
    garbage: 'Bearer not-a-jwt',
    'another secret': `Bearer ${await signAccessToken({ userId: 1 }, { secret: 'x'.repeat(40), audience: JWT_AUDIENCE })}`,
    'another audience': `Bearer ${await signAccessToken({ userId: 1 }, { secret: JWT_SECRET, audience: 'other' })}`,
    expired: `Bearer ${await tokenFor(1, -10)}`,
  });

  it('every signed-in route answers 401 in the error shape without a valid token, and stores nothing', async () => {
    const before = await svc.counts();
    for (const [method, path, body] of routes) {
      for (const [name, authorization] of Object.entries(await badTokens())) {
        let call = request(svc.app())[method as 'get'](path);
        if (authorization) call = call.set('Authorization', authorization);
        const res = await (body ? call.send(body) : call);
        expect(res.status, `${method} ${path} with ${name}`).toBe(401);
        expect(errorBodySchema.parse(res.body).error).toBe('unauthorized');
      }
    }
    expect(await svc.counts()).toEqual(before);
    expect(await svc.queue().getJobCountByTypes(['delayed', 'waiting'])).toBe(0);
  });
});

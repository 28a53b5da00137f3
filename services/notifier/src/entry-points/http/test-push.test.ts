import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readVapidAuthorization } from '../../test-support/push-receiver';
import { useNotifierService, type Caller } from '../../test-support/harness';

const svc = useNotifierService();

const testPush = (headers: Caller['headers']) => request(svc.app()).post('/api/push/test').set(headers);

describe('POST /api/push/test', () => {
  it('sends the test push to every subscription of the caller now, encrypted for each, and counts them', async () => {
    const cook = await svc.user();
    const phone = await svc.subscribe(cook, 'phone');
    const laptop = await svc.subscribe(cook, 'laptop');
    const bystander = await svc.subscribe(await svc.user());
    const res = await testPush(cook.headers).expect(200);
    expect(res.body).toEqual({ sent: 2, succeeded: 2, failed: 0 });

    const { public_key: publicKey } = (await request(svc.app()).get('/api/push/vapid-public-key')).body;
    for (const subscription of [phone, laptop]) {
      const [push] = svc.receiver().received(subscription.endpoint);
      expect(JSON.parse(subscription.decrypt(push!.body))).toEqual({
        kind: 'test',
        title: 'PitClock - Test notification',
        body: 'Push notifications work on this device.',
        tag: 'pitclock-test-push',
      });
      expect(push!.headers).toMatchObject({ ttl: '60', urgency: 'high', topic: 'pitclock-test-push' });
      const vapid = readVapidAuthorization(push!.headers.authorization);
      expect(vapid).toMatchObject({
        publicKey,
        signatureValid: true,
        claims: { aud: svc.receiver().origin },
      });
    }
    expect(svc.receiver().received(bystander.endpoint)).toEqual([]);
    const rows = await svc.query<{ last_success_at: Date | null }>(
      'select last_success_at from push_subscriptions where user_id = $1',
      [cook.id],
    );
    expect(rows.every((row) => row.last_success_at instanceof Date)).toBe(true);
  });

  it('a subscription answered 410 or 404 is deleted; a 503 counts as failed and is kept with its failure time', async () => {
    const cook = await svc.user();
    const [ok, gone, missing, busy] = [
      await svc.subscribe(cook),
      await svc.subscribe(cook),
      await svc.subscribe(cook),
      await svc.subscribe(cook),
    ];
    svc.receiver().reply(gone.endpoint, { status: 410 });
    svc.receiver().reply(missing.endpoint, { status: 404 });
    svc.receiver().reply(busy.endpoint, { status: 503 });
    const res = await testPush(cook.headers).expect(200);
    expect(res.body).toEqual({ sent: 4, succeeded: 1, failed: 3 });
    const rows = await svc.query<{ id: number; last_failure_at: Date | null }>(
      'select id, last_failure_at from push_subscriptions where user_id = $1 order by id',
      [cook.id],
    );
    expect(rows.map((row) => row.id)).toEqual([ok.id, busy.id]);
    expect(rows[1]!.last_failure_at).toBeInstanceOf(Date);
  });

  it('without subscriptions it answers 404 and sends nothing', async () => {
    const cook = await svc.user();
    const before = svc.receiver().received().length;
    const res = await testPush(cook.headers).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: m.noSubscriptions });
    expect(svc.receiver().received()).toHaveLength(before);
  });

  it('does not call a subscription whose push service was removed from PUSH_ALLOWED_ORIGINS', async () => {
    const cook = await svc.user();
    const subscription = await svc.subscribe(cook);
    const delisted = svc.makeApp({ PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com' });
    const res = await request(delisted).post('/api/push/test').set(cook.headers).expect(200);
    expect(res.body).toEqual({ sent: 1, succeeded: 0, failed: 1 });
    expect(svc.receiver().received(subscription.endpoint)).toEqual([]);
    expect(await svc.count('push_subscriptions', 'id = $1', [subscription.id])).toBe(1);
  });
});

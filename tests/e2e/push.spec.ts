// A step's push, end to end: the app sends the started run's schedule to the notifier, the notifier's
// worker pushes the due step (Web Push, VAPID, aes128gcm) to a local push service (the receiver below,
// which the e2e stack's PUSH_ALLOWED_ORIGINS lists), and the test hands the decrypted message to the real
// service worker the way a browser's push service would (the DevTools protocol's deliverPushMessage).
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startPushReceiver, type PushReceiver } from '@pitclock/notifier/test-support/push-receiver';
import { pushReceiverPort } from './playwright.config';
import { licensedCook, startCookOff } from './support';

type ShownNotification = { title: string; body: string; tag: string; data: Record<string, unknown> | null };

/** What the service worker's registration shows right now. */
async function shownNotifications(context: BrowserContext): Promise<ShownNotification[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  return worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const all = await scope.registration.getNotifications();
    return all.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as Record<string, unknown>,
    }));
  });
}

/** The registration id DevTools knows the origin's service worker by. */
async function registrationId(page: Page): Promise<{ id: string; deliver: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await found;
  return {
    id,
    deliver: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
    },
  };
}

/** HH:MM on this machine's clock (the browser's too), `minutes` from now. */
function clockTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

let receiver: PushReceiver;
test.beforeAll(async () => {
  receiver = await startPushReceiver({ port: pushReceiverPort });
});
test.afterAll(async () => {
  await receiver?.close();
});

test("a due step is pushed to the team's phone: not shown over the open run that alerts it, shown when the app is closed", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  await licensedCook(page, request);

  // This phone's push subscription, registered as the app would (a real browser's subscription needs
  // Google's push service, which this machine cannot reach).
  const subscription = receiver.subscription();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const subscribed = await request.post('/api/push/subscribe', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      device_id: 'e2e-phone',
    },
  });
  expect(subscribed.status()).toBeLessThan(300);

  // The step is due at the start of this minute: the notifier sends its due-now push at once.
  await startCookOff(page, {
    template: 'Chicken',
    turnIn: clockTime(1),
    steps: [['Sauce the thighs', 1]],
    cookOff: 'Yardbird Classic',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Yardbird Classic' })).toBeVisible();

  const [push] = await receiver.waitForPushes(subscription.endpoint, 1, 30_000);
  expect(push!.headers.urgency).toBe('high');
  expect(push!.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
  const message = subscription.decrypt(push!.body);
  const payload = JSON.parse(message) as {
    kind: string;
    title: string;
    data: { url: string; stepId: string; runId: string; dismissToken: string };
  };
  expect(payload).toMatchObject({ kind: 'step-alert', title: 'PitClock - Sauce the thighs' });
  const contestId = /\/contests\/([^/]+)\/steps/.exec(new URL(page.url()).pathname)?.[1];
  expect(payload.data.url).toBe(`/contests/${contestId}/runs/${payload.data.runId}/steps`);

  // The run is open and visible and its own alert engine alerts the step: the push shows nothing more.
  const worker = await registrationId(page);
  await worker.deliver(message);
  await page.waitForTimeout(1_500);
  const overRun = await shownNotifications(context);
  expect(overRun.filter((n) => n.data?.dismissToken)).toEqual([]);

  // The app is closed (no window of PitClock): the push is shown as the notification of the step.
  const blank = await context.newPage();
  await blank.goto('about:blank');
  await page.close();
  const closedApp = await registrationId(blank);
  await closedApp.deliver(message);
  await expect
    .poll(async () => (await shownNotifications(context)).filter((n) => n.data?.dismissToken), {
      timeout: 10_000,
    })
    .toEqual([
      expect.objectContaining({
        title: 'PitClock - Sauce the thighs',
        tag: 'pitclock-step-alert',
        data: expect.objectContaining({
          stepId: payload.data.stepId,
          runId: payload.data.runId,
          stage: 'due-now',
        }),
      }),
    ]);

  // Dismiss, as the notification's button does with no window open: the notifier stops the reminders.
  const dismissed = await request.post('/api/push/dismiss', { data: { token: payload.data.dismissToken } });
  expect(dismissed.status()).toBeLessThan(300);
});

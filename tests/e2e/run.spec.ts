import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { licensedCook, startCookOff } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

/** 08:29 today on the browser's clock: the first step is due at 08:30. */
function morning(): Date {
  const at = new Date();
  at.setHours(8, 29, 0, 0);
  return at;
}

/** A 10:00 Ribs template of three steps, attached to a cook-off today, started. */
const startRibsCookOff = (page: Page) =>
  startCookOff(page, {
    template: 'Ribs',
    turnIn: '10:00',
    steps: [
      ['Light the pit', 90],
      ['Rub', 60],
      ['Wrap', 30],
    ],
    cookOff: 'Rib Rumble',
  });

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate(
    (value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hidden ? 'hidden' : 'visible',
  );
}

const step = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test('on the day a team is alerted when a step is due, completes, snoozes, dismisses and notes steps, and a reload keeps it all', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.clock.install({ time: morning() });
  await licensedCook(page, request);
  await startRibsCookOff(page);
  // Notifications are not granted here: the team is told in-app alerts will be used.
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rib Rumble' })).toBeVisible();
  await expect(page.getByText('0 of 3 steps done')).toBeVisible();

  // The phone is put away (tab hidden) and the first step comes due at 08:30.
  const title = await page.title();
  await setHidden(page, true);
  await page.clock.fastForward('01:00');
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByRole('alert')).toContainText('PitClock - Light the pit');
  await page.clock.runFor(600);
  await expect.poll(() => page.title()).toBe('⏰ Light the pit');
  await page.clock.runFor(9 * 600);
  await expect.poll(() => page.title()).toBe(title);
  await setHidden(page, false);

  // Light the pit was done at 08:35 (custom time). Its alert card has a Complete of its own: the team
  // works from the step list here.
  const pending = page.getByRole('list', { name: 'Pending' });
  await pending.getByRole('button', { name: 'Complete Light the pit' }).click();
  const complete = page.getByRole('dialog', { name: 'Complete "Light the pit"' });
  await complete.getByLabel('Custom').check();
  await complete.getByLabel('Time (HH:MM)').fill('8:35');
  await complete.getByRole('button', { name: 'Complete' }).click();
  await expect(complete).toBeHidden();
  await expect(page.getByText('1 of 3 steps done')).toBeVisible();

  // Rub is snoozed 10 minutes: from now (08:30) to 08:40.
  await pending.getByRole('button', { name: 'Snooze Rub' }).click();
  const snooze = page.getByRole('dialog', { name: 'Snooze "Rub"' });
  await expect(snooze.getByLabel(/Minutes/)).toHaveValue('10');
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  await expect(step(page, 'Rub')).toContainText('08:40');

  // Wrap is dismissed by mistake, and the Undo bar brings it back.
  await pending.getByRole('button', { name: 'Dismiss Wrap' }).click();
  await expect(step(page, 'Wrap')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(step(page, 'Wrap')).toBeVisible();

  // A note on Rub.
  await pending.getByRole('button', { name: 'Notes Rub' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes: Rub' });
  await notes.getByLabel('New note').fill('  Pit steady at 250  ');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText('Pit steady at 250');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: path.join(screens, 'run-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(screens, 'run-desktop.png'), fullPage: true });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Rib Rumble' })).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(step(page, 'Light the pit')).toContainText('Completed at 08:35');
  await expect(step(page, 'Rub')).toContainText('08:40');
  await expect(page.getByRole('button', { name: 'Notes (1) Rub' })).toBeVisible();
  await expect(step(page, 'Wrap')).toContainText('09:30');
  await expect(page.getByText('1 of 3 steps done')).toBeVisible();

  // At the cooks' meeting the official clock shows 10 minutes later than the phone: everything follows it.
  const phone = (await page.locator('.pc-run__clock time').textContent())!;
  const [hours, minutes] = phone.split(':').map(Number) as [number, number];
  const official = `${String(hours).padStart(2, '0')}:${String(minutes + 10).padStart(2, '0')}`;
  await page.getByRole('button', { name: 'Alert settings' }).click();
  await page.getByRole('button', { name: 'Set contest clock' }).click();
  const clock = page.getByRole('dialog', { name: 'Set contest clock' });
  await clock.getByLabel(/The official clock shows/).fill(official);
  await clock.getByLabel(/The official clock shows/).press('Enter');
  await expect(page.getByText('Contest clock +10 min')).toBeVisible();
  await expect(page.locator('.pc-run__clock time')).toHaveText(official);
});

test('with notification permission granted, a due step is shown as a native notification', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await page.clock.install({ time: morning() });
  await licensedCook(page, request);
  await startRibsCookOff(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Rib Rumble' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const shown = await registration.getNotifications({ tag: 'pitclock-step-alert' });
        return shown.map((n) => ({ title: n.title, requireInteraction: n.requireInteraction }));
      }),
    )
    .toEqual([{ title: 'PitClock - Light the pit', requireInteraction: true }]);
  await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('alert')).toHaveCount(0);
});

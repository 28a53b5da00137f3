// Alerts you can act on (issue 21), on a 390 x 844 phone: five steps due at once make one compact card at
// the bottom that leaves the header and the alerted steps' buttons in sight, and a step is completed or
// snoozed from the alert itself.
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { expectNoAxeViolations, licensedCook, startCookOff } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

test.use({ viewport: { width: 390, height: 844 } });

/** Today at hh:mm:ss on the browser's clock. */
function today(hours: number, minutes: number, seconds = 0): Date {
  const at = new Date();
  at.setHours(hours, minutes, seconds, 0);
  return at;
}

/** Five steps of a 14:00 Brisket due at 08:30 together, and one due later. */
const DUE_TOGETHER = [
  'Trim brisket',
  'Inject brisket',
  'Season brisket',
  'Light the pit',
  'Fill the water pan',
];
const COOK_OFF = 'Brisket Bash';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box on screen').not.toBeNull();
  return found!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function expectInsideViewport(page: Page, element: Box) {
  const { width, height } = page.viewportSize()!;
  expect(element.x).toBeGreaterThanOrEqual(0);
  expect(element.y).toBeGreaterThanOrEqual(0);
  expect(element.x + element.width).toBeLessThanOrEqual(width);
  expect(element.y + element.height).toBeLessThanOrEqual(height);
}

async function expectClearOf(page: Page, target: Locator, card: Locator) {
  const targetBox = await box(target);
  expectInsideViewport(page, targetBox);
  expect(overlaps(targetBox, await box(card)), 'covered by the alert card').toBe(false);
}

test('five steps due at once make one card that leaves the header and the steps in sight; a step is completed and another snoozed from it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.clock.install({ time: today(8, 29) });
  await licensedCook(page, request);
  await startCookOff(page, {
    template: 'Brisket',
    turnIn: '14:00',
    steps: [...DUE_TOGETHER.map((name) => [name, 330] as const), ['Wrap brisket', 180]],
    cookOff: COOK_OFF,
  });
  // Notifications are not granted here: the team is told in-app alerts will be used.
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  const run = page.getByRole('region', { name: COOK_OFF });
  await expect(page.getByRole('heading', { level: 1, name: COOK_OFF })).toBeVisible();

  // 08:30: the five steps fall due together. The cook's thumb goes to the card (focus inside it): its
  // alerts then stay while the cook reads and acts, instead of going after 12 s.
  await page.clock.pauseAt(today(8, 29, 58));
  await page.clock.runFor(5_000);
  const card = page.getByRole('region', { name: 'Alerts' });
  await expect(card.getByRole('alert')).toContainText('5 steps due');
  const toggle = card.getByRole('button', { name: /steps$/ });
  await toggle.focus();
  await page.clock.resume();
  for (const name of DUE_TOGETHER) await expect(card.getByRole('alert')).toContainText(name);

  // The header stays in sight, above the card.
  const header = page.getByRole('banner');
  await expectClearOf(page, header, card);
  const cardBox = await box(card);
  expect(cardBox.height).toBeLessThan(844 * 0.2);
  await page.screenshot({ path: path.join(screens, 'alerts-card-phone.png') });

  // The cook brings each alerted step on screen: its Complete and Snooze buttons are not under the card.
  for (const name of DUE_TOGETHER) {
    for (const action of ['Complete', 'Snooze']) {
      const button = run.getByRole('button', { name: `${action} ${name}` });
      await button.scrollIntoViewIfNeeded();
      await expectClearOf(page, button, card);
    }
  }
  // At the bottom of the page, the page's last content scrolls clear of the card.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const runBox = await box(run);
  expect(runBox.y + runBox.height).toBeLessThanOrEqual((await box(card)).y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);

  // Opened, the card lists the five steps, scrolls inside itself and still leaves the header in sight.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const list = card.getByRole('list', { name: 'Steps due' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expectClearOf(page, header, card);
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  for (const action of ['Complete', 'Snooze', 'View']) {
    const control = card.getByRole(action === 'View' ? 'link' : 'button', {
      name: `${action} Fill the water pan`,
    });
    await control.scrollIntoViewIfNeeded();
    const controlBox = await box(control);
    expect(controlBox.width).toBeGreaterThanOrEqual(44);
    expect(controlBox.height).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: path.join(screens, 'alerts-card-open-phone.png') });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(screens, 'alerts-card-open-phone-dark.png') });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Trim brisket was done: Complete from the alert marks it done on the run screen and its alert goes.
  await card.getByRole('button', { name: 'Complete Trim brisket' }).click();
  await expect(card.getByRole('alert')).toContainText('4 steps due');
  await expect(card.getByRole('listitem')).toHaveCount(4);
  await expect(card.getByText('Trim brisket', { exact: true })).toHaveCount(0);
  await expect(page.getByText('1 of 6 steps done')).toBeVisible();
  await expect(run.getByRole('button', { name: 'Complete Trim brisket' })).toHaveCount(0);

  // Inject brisket must wait: Snooze from the alert moves it 10 minutes on (08:40).
  await card.getByRole('button', { name: 'Snooze Inject brisket' }).click();
  await expect(card.getByRole('alert')).toContainText('3 steps due');
  await expect(
    run.getByRole('listitem').filter({ has: page.getByText('Inject brisket', { exact: true }) }),
  ).toContainText('08:40');

  // Closed, the card goes; a minute later the steps still due alert again as overdue, the completed and
  // the snoozed one do not.
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveCount(0);
  await page.clock.fastForward('01:05');
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('3 steps due');
  await toggle.focus();
  for (const name of ['Season brisket', 'Light the pit', 'Fill the water pan']) {
    await expect(alert).toContainText(name);
  }
  await expect(alert).not.toContainText('Trim brisket');
  await expect(alert).not.toContainText('Inject brisket');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectClearOf(page, header, card);
  await page.screenshot({ path: path.join(screens, 'alerts-card-desktop.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(screens, 'alerts-card-desktop-dark.png') });
  await expectNoAxeViolations(page);
});

import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { addCookOff, promoCodeFromAdmin, signIn, waitForServiceWorkerControl } from './support';

const DAY_MS = 86_400_000;
const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

async function redeem(page: Page, code: string) {
  const field = page.getByLabel(/Promo code/);
  await expect(page.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  await field.fill(`  ${code.toLowerCase()} `);
  await expect(field).toHaveValue(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
}

test('a cook without a licence is sent to /promo by Start, redeems an admin-made code, comes back to the run, and then starts offline', async ({
  page,
  context,
  request,
}) => {
  const code = await promoCodeFromAdmin(request, 30);
  await signIn(page, request);
  await page.goto('/contests');
  await addCookOff(page, 'Licence Cook');
  await page.getByRole('button', { name: 'Start Licence Cook' }).click();
  await expect(page).toHaveURL(/\/promo\?returnTo=/);
  const runPath = decodeURIComponent(new URL(page.url()).searchParams.get('returnTo') ?? '');
  expect(runPath).toMatch(/^\/contests\/[^/]+\/steps$/);

  await redeem(page, 'NOT-A-CODE');
  await expect(page.getByText(/^Error 404: /)).toBeVisible();
  await page.getByLabel(/Promo code/).fill('');
  await redeem(page, code);
  // The redeem says what it gave, then goes on through the same question Start asks.
  const until = new Date(Date.now() + 30 * 24 * 3600_000);
  // In the browser's locale (en-GB here): 29/12/2026.
  const localDate = until.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
  await expect(page.getByText(`Licence active until ${localDate}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${runPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Licence Cook' })).toBeVisible();
  // A 30-day licence: nothing to warn about.
  await expect(page.locator('.license-banner')).toHaveCount(0);

  // The licence verifies offline with the cached public key: the run still opens with no network.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.goto('/contests');
  await page.getByRole('button', { name: 'Resume Licence Cook' }).click();
  // Notifications are not granted in this browser: the team is told in-app alerts will be used.
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${runPath}$`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Licence Cook' })).toBeVisible();
  await context.setOffline(false);
});

test('the licence banner shows each state as a one-day licence runs out', async ({ page, request }) => {
  const code = await promoCodeFromAdmin(request, 1);
  await page.clock.install({ time: new Date() });
  await signIn(page, request);
  await page.goto('/promo?returnTo=%2Fcontests');
  await redeem(page, code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/contests$/);

  const banner = page.locator('.license-banner');
  await expect(banner).toContainText('Your device licence expires in 1 day.');
  await expect(banner.getByRole('link', { name: 'Enter a promo code' })).toHaveAttribute(
    'href',
    '/promo?returnTo=%2Fcontests',
  );
  await page.screenshot({ path: path.join(screens, 'license-banner-expiring-phone.png') });

  await page.clock.fastForward(2 * DAY_MS); // a day past expiry: six days of grace left
  await page.clock.runFor(61_000); // the 60 s re-check
  await expect(banner).toContainText('Your device licence has expired. 6 days of grace left.');

  await page.clock.fastForward(7 * DAY_MS); // past the 7-day grace period
  await page.clock.runFor(61_000);
  await expect(banner).toContainText('Your device licence has expired — functionality may be limited.');
  await page.screenshot({ path: path.join(screens, 'license-banner-expired-phone.png') });
});

import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { signIn, waitForServiceWorkerControl } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

function todayYmd(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function addCookOff(page: Page, name: string, walk: string) {
  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Cook-off' });
  await expect(dialog.getByLabel('Date')).toHaveValue(todayYmd());
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/Sanctioning Body/).selectOption({ label: 'Kansas City Barbecue Society (KCBS)' });
  await dialog.getByLabel(/Location/).fill('Odessa, TX');
  await dialog.getByLabel(/Walk Time Adjustment/).fill(walk);
  await dialog.getByLabel(/Walk Time Adjustment/).blur();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

test('a cook creates a cook-off with walk time 5, sees +5m, edits it inline, and finds it after a reload and offline', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: 'Cook-off', exact: true })).toBeVisible();
  await expect(page.getByText('No Upcoming Cook-offs')).toBeVisible();

  await addCookOff(page, 'Smoke on the Water', '5');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: 'Smoke on the Water', exact: true })).toBeVisible();
  await expect(table.getByText('+5m')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Smoke on the Water' }).click();
  const form = page.getByRole('form', { name: 'Edit Smoke on the Water' });
  await form.getByLabel(/^Name/).fill('Smoke on the River');
  await form.getByLabel(/Walk Time Adjustment/).fill('25');
  await form.getByLabel(/Walk Time Adjustment/).blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('button', { name: 'Smoke on the River', exact: true })).toBeVisible();
  await expect(table.getByText('+20m')).toBeVisible();

  await table.getByRole('button', { name: 'Smoke on the River', exact: true }).click();
  await expect(page.getByRole('article')).toContainText('Odessa, TX');
  await expect(page.getByText(/No steps to show yet/)).toBeVisible();

  await page.getByRole('button', { name: 'Manage templates of Smoke on the River' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await expect(panel.getByText('Attached to this cook-off (0)')).toBeVisible();
  await expect(panel.getByLabel('Override Turn-in (HH:MM)')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screens, 'cook-offs-390x844.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(screens, 'cook-offs-1280x800.png'), fullPage: true });

  await page.reload();
  await expect(
    page.getByRole('table').getByRole('button', { name: 'Smoke on the River', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('table').getByText('+20m')).toBeVisible();

  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('table').getByRole('button', { name: 'Smoke on the River', exact: true }),
  ).toBeVisible();
  await addCookOff(page, 'Offline Cook', '7');
  await expect(page.getByRole('table').getByText('+7m')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table').getByRole('button', { name: 'Offline Cook', exact: true }),
  ).toBeVisible();
  await context.setOffline(false);
});

test('delete asks first, and Start on an unlicensed device asks for a promo code, coming back to the run', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/contests');
  await addCookOff(page, 'Pig Out', '0');
  await page.getByRole('button', { name: 'Delete Pig Out' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete "Pig Out"?');
  await expect(confirm).toContainText('deletion may be blocked by the server');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Start Pig Out' }).click();
  await expect(page).toHaveURL(/\/promo\?returnTo=%2Fcontests%2F[^%]+%2Fsteps(#.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Code' })).toBeVisible();
});

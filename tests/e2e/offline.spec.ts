import { expect, test } from '@playwright/test';
import { openNavigation, signIn, waitForServiceWorkerControl } from './support';

test('after one online visit, the welcome page reloads with the network off', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Works anywhere without WiFi')).toBeVisible();
  await context.setOffline(false);
});

test('after one online visit, a signed-in cook reloads /contests with the network off and still gets the cook-app', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  await openNavigation(page);
  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await context.setOffline(false);
});

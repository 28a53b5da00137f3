import { expect, test } from '@playwright/test';
import { openNavigation, reactInstanceCount, signIn } from './support';

test('a first-time visitor sees the welcome page with its three stages and both buttons', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('PitClock');
  await expect(page.getByText('The app will adjust for different turn-in times')).toBeVisible();
  await expect(page.getByText('Works anywhere without WiFi')).toBeVisible();
  await expect(page.getByText('Manage all your categories including jackpots')).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.goBack();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-place');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByText('The page you requested could not be found.')).toBeVisible();
});

test('a protected route sends a visitor who is not signed in back to the welcome page', async ({ page }) => {
  await page.goto('/contests');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in cook sees the cook-app inside the shell, with the path mirrored into the hash, on one React', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/');
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/contests');
  await openNavigation(page);
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/templates#\/templates$/);
  expect(await reactInstanceCount(page)).toBe(1);
});

test('a non-admin never sees the Admin group nor downloads the admin console', async ({ page, request }) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/admin-console/')) adminRequests.push(request.url());
  });
  await signIn(page, request);
  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  await expect(page.getByText('Promo Codes')).toHaveCount(0);
  expect(adminRequests).toEqual([]);
});

test('an admin opening an admin route loads the admin console on demand', async ({ page, request }) => {
  await signIn(page, request, { admin: true });
  const adminEntry = page.waitForRequest((request) =>
    request.url().includes('/remotes/admin-console/remoteEntry.js'),
  );
  await page.goto('/admin/users');
  await adminEntry;
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  expect(await reactInstanceCount(page)).toBe(1);
});

import { expect, test } from '@playwright/test';
import hosting from '../../scripts/lib/front-ends.json' with { type: 'json' };
import { reactInstanceCount, signIn } from './support';

/** Where a remote's dev server serves it. */
const devServerUrl = (remote: 'cook-app' | 'admin-console') =>
  `http://localhost:${hosting[remote].devPort}${hosting[remote].base}`;

// Runs in the 'dev' project: the shell's Vite dev server federating the remotes from their dev servers.

test('in development, the shell renders the cook-app from its dev server on one React', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const remoteEntry = page.waitForRequest((r) => r.url().startsWith(devServerUrl('cook-app')));
  await page.goto('/contests');
  await remoteEntry;
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  expect(await reactInstanceCount(page)).toBe(1);
});

test('in development, an admin route loads the admin console from its dev server on the same React', async ({
  page,
  request,
}) => {
  await signIn(page, request, { admin: true });
  const remoteEntry = page.waitForRequest((r) => r.url().startsWith(devServerUrl('admin-console')));
  await page.goto('/admin/users');
  await remoteEntry;
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  expect(await reactInstanceCount(page)).toBe(1);
});

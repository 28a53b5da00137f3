import { expect, test } from '@playwright/test';
import { signIn } from './support';

// A device that has never opened PitClock (the other specs start with the welcome already seen).
test.use({ storageState: { cookies: [], origins: [] } });

test('a new device gets the welcome once, and About shows it again', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/contests');
  const welcome = page.getByRole('dialog', { name: 'Welcome to PitClock' });
  await expect(welcome.getByRole('list', { name: 'The three stages' }).getByRole('listitem')).toHaveCount(3);
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await expect(welcome).toBeHidden();

  await page.goto('/about');
  await page.getByRole('button', { name: 'Show the welcome again' }).click();
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
});

// Going back while a screen is still downloading (issue 22): the page shows the screen it went back
// to, never a blank one, and the screen that was loading opens normally later. Builds run preact/compat,
// whose Suspense left the page blank here unless each screen has a boundary of its own.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { openNavigation, signIn } from './support';

/**
 * Holds every request matching `pattern` that the page has not completed before, until `release`:
 * a screen's chunk arriving late on a slow network. `release` returns once the held requests ended and
 * the page has rendered a frame after them.
 */
async function holdNewDownloads(page: Page, pattern: string) {
  const ended = new Set<string>();
  page.on('requestfinished', (request) => ended.add(request.url()));
  page.on('requestfailed', (request) => ended.add(request.url()));
  let letGo = () => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const held: string[] = [];
  const hold = async (route: Route) => {
    const url = route.request().url();
    if (ended.has(url)) return route.continue();
    held.push(url);
    await released;
    await route.continue().catch(() => {}); // the page may have let go of it
  };
  await page.route(pattern, hold);
  return {
    held,
    release: async () => {
      letGo();
      await expect.poll(() => held.every((url) => ended.has(url))).toBe(true);
      await page.unroute(pattern, hold);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    },
  };
}

const loading = (page: Page) => page.getByRole('status').filter({ hasText: 'Loading' }).first();

// No service worker: it would serve the chunks from its precache, past the held network.
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

test('a visitor who goes back while Create Account loads sees the welcome page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'PitClock' })).toBeVisible();
  const network = await holdNewDownloads(page, '**/assets/**');

  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(loading(page)).toBeVisible();
  expect(network.held.length).toBeGreaterThan(0);
  await page.goBack();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PitClock' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();

  await network.release();
  await expect(page.getByRole('heading', { level: 1, name: 'PitClock' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
});

/**
 * Signed in on the Cook-off screen, opens a screen from the menu while its code (`held`) is still
 * downloading and goes back: the Cook-off screen shows, stays once the code arrives, and the screen then
 * opens normally.
 */
async function goBackWhileLoading(
  page: Page,
  { held, open, heading }: { held: string; open: (page: Page) => Locator; heading: string },
) {
  await page.goto('/contests');
  const cookOff = page.getByRole('heading', { level: 1, name: 'Cook-off' });
  await expect(cookOff).toBeVisible();
  const network = await holdNewDownloads(page, held);

  await openNavigation(page);
  await open(page).click();
  await expect(loading(page)).toBeVisible();
  await page.goBack();

  await expect(page).toHaveURL(/\/contests$/);
  await expect(cookOff).toBeVisible();

  await network.release();
  await expect(cookOff).toBeVisible();
  await openNavigation(page);
  await open(page).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a cook who goes back while Templates loads sees the Cook-off screen, and Templates opens later', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await goBackWhileLoading(page, {
    held: '**/remotes/cook-app/assets/**',
    open: (page) => page.getByRole('link', { name: 'Templates' }),
    heading: 'Templates',
  });
});

test('an admin who goes back while the admin console loads sees the Cook-off screen', async ({
  page,
  request,
}) => {
  await signIn(page, request, { admin: true });
  await goBackWhileLoading(page, {
    held: '**/remotes/admin-console/**',
    open: (page) => page.getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Promo Codes' }),
    heading: 'Promo Codes',
  });
});

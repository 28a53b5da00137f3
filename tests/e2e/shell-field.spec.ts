// Issue 21, the shell's part: Try Again after a chunk failed to load, Reset App Data behind a
// confirmation, the skip link and the mobile menu's focus trap by keyboard, Terms and Privacy before
// signing up, and axe-core with every rule (best practices included) on the shell's pages, an open
// dialog and the admin console, in both themes at 390 and 1280.
import { expect, test, type Page, type Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openNavigation, signIn, waitForServiceWorkerControl } from './support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: string[]; failureSummary?: string };
type AxeResults = { violations: { id: string; nodes: AxeNode[] }[] };

/**
 * axe-core's every rule, as axe.run(document) runs them by default (WCAG A and AA, best practices),
 * on the page as it is now: one line per violation and element.
 */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, which the app's Content-Security-Policy (script-src 'self') allows.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  );
}

/** Expects no axe violation on the page; `where` names the state in the failure message. */
async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

const errorScreenTitle = 'PitClock hit an unexpected problem';

/**
 * Signed in as the admin on /contests, with the service worker in control (so that the app itself
 * loads offline), then offline: opening Promo Codes needs the admin console, which was never
 * downloaded, and its load fails: the error screen shows.
 */
async function adminConsoleFailsOffline(page: Page, request: Parameters<typeof signIn>[1]) {
  await signIn(page, request, { admin: true });
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await waitForServiceWorkerControl(page);
  await page.context().setOffline(true);
  await openNavigation(page);
  await page.getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Promo Codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: errorScreenTitle })).toBeVisible();
}

test.describe('the error screen after a chunk failed to load', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Try Again after an offline chunk failure recovers once back online', async ({ page, request }) => {
    await adminConsoleFailsOffline(page, request);

    // Still offline: Try Again tries again and the error screen stays.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: errorScreenTitle })).toBeVisible();

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: errorScreenTitle })).toHaveCount(0);
    // The rest of the admin console works: another admin screen opens.
    await openNavigation(page);
    await page.getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test.describe('a cook screen not yet downloaded', () => {
    // No service worker: it would serve the screen's chunk from its precache.
    test.use({ serviceWorkers: 'block' });

    test('fails to load while the network drops it, and Try Again opens it once the network is back', async ({
      page,
      request,
    }) => {
      await signIn(page, request);
      const loaded = new Set<string>();
      page.on('requestfinished', (finished) => loaded.add(finished.url()));
      await page.goto('/contests');
      await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
      // The network drops every cook-app chunk this page has not downloaded yet (Categories' among them).
      const dropNew = (route: Route) =>
        loaded.has(route.request().url()) ? route.continue() : route.abort('internetdisconnected');
      await page.route('**/remotes/cook-app/assets/**', dropNew);
      await openNavigation(page);
      await page.getByRole('link', { name: 'Categories' }).click();
      await expect(page.getByRole('heading', { level: 1, name: errorScreenTitle })).toBeVisible();

      await page.unroute('**/remotes/cook-app/assets/**', dropNew);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    });
  });

  test('Reset App Data asks first, naming what it deletes; Cancel keeps everything, Reset clears it', async ({
    page,
    request,
  }) => {
    await adminConsoleFailsOffline(page, request);
    await page.context().setOffline(false);
    // Something of this device's to lose ('token' is re-seeded by signIn's init script at each load).
    const marker = () => page.evaluate(() => localStorage.getItem('shell-field-marker'));
    await page.evaluate(() => localStorage.setItem('shell-field-marker', 'kept'));

    await page.getByRole('button', { name: 'Reset App Data' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset App Data?' });
    await expect(confirm).toContainText(
      'your cook-offs, templates, steps, categories, runs and notes, your settings and your sign-in',
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await marker()).toBe('kept');
    await expect(page.getByRole('heading', { level: 1, name: errorScreenTitle })).toBeVisible();

    await page.getByRole('button', { name: 'Reset App Data' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      confirm.getByRole('button', { name: 'Reset App Data' }).click(),
    ]);
    expect(await marker()).toBeNull();
  });
});

test.describe('keyboard at 390', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Skip to content' comes first, shows on focus and jumps to the main content", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/contests');
    await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('#/contests');
    // The next Tab goes on inside the main content, past the header and the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('the open mobile menu keeps the focus: Tab and Shift+Tab cycle inside, Escape returns to the menu button', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/contests');
    await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#app-mobile-menu');
    await expect(menu).toBeVisible();
    const focusInMenu = () =>
      page.evaluate(
        () => document.getElementById('app-mobile-menu')?.contains(document.activeElement) ?? false,
      );
    expect(await focusInMenu()).toBe(true);
    const controls = await menu.locator('a, button').count();

    const seen = new Set<string>();
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInMenu()).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(seen.size).toBe(controls);
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInMenu()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the login page puts the cursor in the e-mail field', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/^Email/)).toBeFocused();
  });
});

test.describe('Terms and Privacy before signing up', () => {
  test('open from the welcome page signed out, and Back returns there', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page).toHaveURL(/\/terms#\/terms$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expectAxeClean(page, 'privacy, signed out');
  });

  test('open from the sign-up form in a new tab, leaving what was typed', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(/^Name/).fill('Pit Boss');
    const [terms] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /^Terms of Service/ }).click(),
    ]);
    await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await terms.close();
    await expect(page.getByLabel(/^Name/)).toHaveValue('Pit Boss');
  });
});

const adminScreens = [
  ['/admin/promo-codes', 'Promo Codes'],
  ['/admin/licenses', 'Licenses'],
  ['/admin/signup-events', 'Signup Events'],
  ['/admin/users', 'Users'],
  ['/admin/audit', 'Audit Trail'],
  ['/admin/diagnostics', 'Diagnostics'],
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    test.describe(`axe, every rule, ${colorScheme} at ${width}`, () => {
      test.use({ colorScheme, viewport: { width, height } });

      test('the welcome page, login and sign-up', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
        await expectAxeClean(page, 'welcome');
        await page.goto('/login');
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        await expectAxeClean(page, 'login');
        await page.goto('/signup');
        await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
        await expectAxeClean(page, 'sign-up');
      });

      test('the signed-in shell, its menu, an open dialog and the admin console', async ({
        page,
        request,
      }) => {
        await signIn(page, request, { admin: true });
        await page.goto('/contests');
        await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
        if (width === 390) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.locator('#app-mobile-menu')).toBeVisible();
          await expectAxeClean(page, 'mobile menu open');
          await page.keyboard.press('Escape');
        }
        await page.getByRole('button', { name: 'Add Cook-off' }).click();
        await expect(page.getByRole('dialog', { name: 'Add Cook-off' })).toBeVisible();
        await expectAxeClean(page, 'Add Cook-off dialog');
        await page.keyboard.press('Escape');

        for (const [path, title] of adminScreens) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expect(page.getByText(/^Loading/)).toHaveCount(0);
          await expectAxeClean(page, title);
        }
        // The admin's own row: 'Cannot change own role' under a locked switch.
        await page.goto('/admin/users');
        await expect(page.getByText('Cannot change own role').first()).toBeVisible();
        await expectAxeClean(page, 'Users with the own-role lock');
      });

      test('the error screen and its Reset App Data confirmation', async ({ page, request }) => {
        await adminConsoleFailsOffline(page, request);
        await page.context().setOffline(false);
        await expectAxeClean(page, 'error screen');
        await page.getByRole('button', { name: 'Reset App Data' }).click();
        await expect(page.getByRole('alertdialog', { name: 'Reset App Data?' })).toBeVisible();
        await expectAxeClean(page, 'Reset App Data confirmation');
        await page.screenshot({ path: test.info().outputPath(`reset-confirm-${colorScheme}-${width}.png`) });
      });
    });
  }
}

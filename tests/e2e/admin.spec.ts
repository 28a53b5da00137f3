import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { licensedCook, openNavigation, registerCook, signIn } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

/** Signs `page` in as the e2e stack's first admin. */
async function signInAdmin(page: Page, request: Parameters<typeof signIn>[1]) {
  await signIn(page, request, { admin: true });
}

/** Chooses the user whose option mentions `email` in the Licenses screen's user picker. */
async function pickUser(page: Page, email: string) {
  const picker = page.getByLabel('User', { exact: true });
  const option = picker.locator('option').filter({ hasText: email });
  await picker.selectOption((await option.getAttribute('value')) ?? '');
}

/** A row of a table (or its card on a phone) that mentions `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('an admin creates a promo code, disables and enables it, a cook redeems it, and the admin sees the use', async ({
  page,
  browser,
  request,
}) => {
  const code = `PITMASTER${Date.now().toString(36).toUpperCase()}`;
  await signInAdmin(page, request);
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await openNavigation(page);
  await page.getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Promo Codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeVisible();

  await page.getByLabel(/^Code/).fill(code.toLowerCase());
  await page.getByLabel(/^Max uses/).fill('3');
  await page.getByLabel(/^License days/).fill('30');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Promo code ${code} created.`)).toBeVisible();
  await page.getByLabel('Filter by code').fill(code);
  const row = rowWith(page, code);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0/3');

  await row.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Enable ${code}` }).click();
  await expect(row).toContainText('Active');
  await page.screenshot({ path: path.join(screens, 'admin-promo-codes-phone.png'), fullPage: true });

  // A cook redeems it on their own device.
  const cookContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cook = await cookContext.newPage();
  await signIn(cook, request);
  await cook.goto('/promo?returnTo=%2Fcontests');
  await cook.getByLabel(/Promo code/).fill(code);
  await cook.getByRole('button', { name: 'Redeem' }).click();
  await expect(cook.getByText(/^Licence active until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await cook.getByRole('button', { name: 'Continue' }).click();
  await expect(cook).toHaveURL(/\/contests$/);
  await cookContext.close();

  // Refetched when the admin's window gets the focus back; Refresh does it at once.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toContainText('1/3');
  await expect(row).toContainText('2');
});

test('an admin mints an activation code, activates a device by hand, revokes and restores it', async ({
  page,
  request,
}) => {
  await signInAdmin(page, request);
  await page.goto('/admin/licenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();

  // Activation spends one of the admin's own credits: give the admin one first.
  await pickUser(page, 'admin@pitclock.test');
  await page.getByLabel(/^Adjustment/).fill('1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Credits updated.')).toBeVisible();

  await page.getByRole('button', { name: 'New Code' }).click();
  const code = (await page.locator('.admin-licenses__code-text').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

  const uid = `pit-tablet-${Date.now()}`;
  await page.getByLabel(/^Activation code/).fill(code);
  await page.getByLabel(/^Device UID/).fill(uid);
  await page.getByLabel(/^Device name/).fill('Pit tablet');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Device activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();

  const device = rowWith(page, uid);
  await expect(device).toContainText('Active');
  await device.getByRole('button', { name: /^Revoke/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(device).toContainText('Revoked');
  await device.getByRole('button', { name: /^Restore/ }).click();
  await expect(device).toContainText('Active');
  await expect(page.getByText('same-origin')).toBeVisible();
  await page.screenshot({ path: path.join(screens, 'admin-licenses-phone.png'), fullPage: true });
});

test("an admin revokes a cook's device in the console, and the cook's app then says its licence was revoked", async ({
  page,
  browser,
  request,
}) => {
  const cookContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cook = await cookContext.newPage();
  await licensedCook(cook, request);
  const uid = await cook.evaluate(() => localStorage.getItem('bbq_device_id'));
  expect(uid).toBeTruthy();

  await signInAdmin(page, request);
  await page.goto('/admin/licenses');
  const device = rowWith(page, uid ?? '');
  await expect(device).toContainText('Active');
  await device.getByRole('button', { name: /^Revoke/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(device).toContainText('Revoked');

  // The cook's app asks the server about its licence when it opens: the banner says what happened.
  await cook.goto('/contests');
  const banner = cook.locator('.license-banner');
  await expect(banner).toContainText("This device's licence was revoked. Redeem a code to continue.");
  await expect(banner.getByRole('link', { name: 'Enter a promo code' })).toHaveAttribute(
    'href',
    '/promo?returnTo=%2Fcontests',
  );
  await cook.screenshot({ path: path.join(screens, 'license-banner-revoked-phone.png') });
  await cookContext.close();
});

test("an admin searches users, pages through them, follows a shared link, and revokes a cook's device found by search; the cook's app says so", async ({
  page,
  browser,
  request,
}) => {
  const cookContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cook = await cookContext.newPage();
  const { email: cookEmail } = await licensedCook(cook, request);
  const uid = (await cook.evaluate(() => localStorage.getItem('bbq_device_id'))) ?? '';
  expect(uid).toBeTruthy();

  // One more user than a page holds, all found by one search.
  const tag = `pager${Date.now().toString(36)}`;
  await Promise.all(
    Array.from({ length: 51 }, (_, n) =>
      request.post('/api/auth/register', {
        data: {
          email: `${tag}-${String(n).padStart(2, '0')}@pitclock.test`,
          password: 'smoke-ring-2026',
          display_name: `Pager ${n}`,
          device_info: { device_id: 'device-e2e', name: 'e2e' },
        },
      }),
    ),
  );

  await signInAdmin(page, request);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(tag);
  await expect(page.getByText('51 users')).toBeVisible();
  // In order of e-mail: the last of them is alone on the second page.
  await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rowWith(page, `${tag}-00@`)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Pages of users' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(rowWith(page, `${tag}-50@`)).toBeVisible();
  await expect(rowWith(page, `${tag}-00@`)).toHaveCount(0);

  // The page's address is a link to the same page of the same search.
  const shared = page.url();
  expect(new URL(shared).searchParams.get('q')).toBe(tag);
  const colleague = await page.context().newPage();
  await colleague.goto(shared);
  await expect(rowWith(colleague, `${tag}-50@`)).toBeVisible();
  await expect(colleague.getByLabel('Search users')).toHaveValue(tag);
  await colleague.close();
  // Back returns to the first page.
  await page.goBack();
  await expect(rowWith(page, `${tag}-00@`)).toBeVisible();
  await expect(rowWith(page, `${tag}-50@`)).toHaveCount(0);

  // The cook's device, found by its UID, shows whose it is.
  await page.goto('/admin/licenses');
  await page.getByLabel('Search devices').fill(uid);
  const device = rowWith(page, uid);
  await expect(device).toContainText(cookEmail);
  await expect(device).toContainText('Active');
  await device.getByRole('button', { name: /^Revoke/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(device).toContainText('Revoked');
  await page.screenshot({ path: path.join(screens, 'admin-licenses-search-phone.png'), fullPage: true });

  // The audit trail says who revoked whose device, and when.
  await openNavigation(page);
  await page.getByRole('group', { name: 'Admin' }).first().getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await page.getByRole('tab', { name: 'Licensing' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Device revoked' });
  const entry = rowWith(page, cookEmail).first();
  await expect(entry).toContainText('Device revoked');
  await expect(entry).toContainText('admin@pitclock.test');
  await expect(entry).toContainText(/revoked_at: — → \d{4}-/);
  await page.screenshot({ path: path.join(screens, 'admin-audit-phone.png'), fullPage: true });

  await cook.goto('/contests');
  await expect(cook.locator('.license-banner')).toContainText(
    "This device's licence was revoked. Redeem a code to continue.",
  );
  await cookContext.close();
});

test("an admin adjusts a cook's credits up and down and sees the ledger, then makes the cook an admin", async ({
  page,
  request,
}) => {
  const { email } = await registerCook(request, 'Brisket Betty');
  await signInAdmin(page, request);
  await page.goto('/admin/licenses');
  await pickUser(page, email);
  await expect(page.getByText(/Current credits/)).toContainText('0');

  await page.getByLabel(/^Adjustment/).fill('5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Current credits/)).toContainText('5');
  await page.getByLabel(/^Adjustment/).fill('-2');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Current credits/)).toContainText('3');
  const ledger = page.getByRole('table', { name: 'Recent ledger' });
  await expect(ledger).toContainText('+5');
  await expect(ledger).toContainText('-2');

  await page.goto('/admin/users');
  // The users list pages: the new cook is found by a search.
  await page.getByLabel('Search users').fill(email);
  const row = rowWith(page, email);
  const toggle = row.getByRole('switch', { name: `Admin ${email}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  // One's own row cannot be changed.
  await page.getByLabel('Search users').fill('admin@pitclock.test');
  await expect(rowWith(page, 'admin@pitclock.test').getByRole('switch')).toBeDisabled();
  await page.getByLabel('Search users').fill(email);
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.screenshot({ path: path.join(screens, 'admin-users-phone.png'), fullPage: true });
});

test('an admin filters signup events by outcome', async ({ page, request }) => {
  const { email } = await registerCook(request, 'Rib Ranger');
  // A failed sign-up with the same address (already taken) is recorded as an error.
  const again = await request.post('/api/auth/register', {
    data: {
      email,
      password: 'smoke-ring-2026',
      display_name: 'Rib Ranger',
      device_info: { device_id: 'd', name: 'e2e' },
    },
  });
  expect(again.status()).toBe(409);

  await signInAdmin(page, request);
  await page.goto('/admin/signup-events');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Outcome/).selectOption({ label: 'Error' });
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Signup events' });
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await expect(table).toContainText(/error/i);

  await page.getByLabel(/^Outcome/).selectOption({ label: 'Success' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await expect(table).not.toContainText(/\berror\b/i);
});

test('a cook who types an /admin URL sees Admins only and never downloads the admin console', async ({
  page,
  request,
}) => {
  const adminScripts: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/remotes/admin-console/')) adminScripts.push(req.url());
  });
  await signIn(page, request);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await openNavigation(page);
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Admin' })).toHaveCount(0);
  // The server refuses anyway.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const users = await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(users.status()).toBe(403);
  expect(adminScripts).toEqual([]);
});

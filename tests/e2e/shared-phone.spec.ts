// Issue 20, item 1 in Chromium: data belongs to an account. Two cooks share one phone (one browser
// context, one page, no reload between them): each sees only their own cook-offs, templates and cloud
// backup key, and the first finds theirs again after the second has used the phone.
import { expect, test, type Page } from '@playwright/test';
import { addCookOff, cookPassword, expectNoAxeViolations, openNavigation, uniqueEmail } from './support';

const API_KEY_LABEL = 'JSONBin API key (X-Master-Key)';

/** Through the navigation, as a cook would (no reload while the store is being saved). */
async function openScreen(page: Page, link: string, heading: string) {
  await openNavigation(page);
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** From the welcome page: Create Account, then Sign In with the new account. */
async function signUpAndSignIn(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('shared');
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(cookPassword);
  await page.getByLabel(/^Repeat password/).fill(cookPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Account created. Please sign in.' }),
  ).toBeVisible();
  await page.getByLabel(/^Password/).fill(cookPassword);
  await page.getByLabel(/^Password/).press('Enter');
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off', exact: true })).toBeVisible();
  return email;
}

async function signInThroughForm(page: Page, email: string) {
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(cookPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off', exact: true })).toBeVisible();
}

async function addTemplate(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Turn-in time/).fill('12:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

const cookOffButton = (page: Page, name: string) =>
  page.getByRole('table').getByRole('button', { name, exact: true });

test("two cooks share a phone: the second sees none of the first's cook-offs, templates or cloud key, and the first finds them again", async ({
  page,
}) => {
  await page.goto('/');

  // Cook A signs up, makes a template and a cook-off, and keeps a cloud backup key.
  const emailA = await signUpAndSignIn(page, 'Cook Able');
  await openScreen(page, 'Templates', 'Templates');
  await addTemplate(page, 'Able Brisket');
  await openScreen(page, 'Cook-offs', 'Cook-off');
  await addCookOff(page, 'Able Smoke-Off');
  await expect(cookOffButton(page, 'Able Smoke-Off')).toBeVisible();
  await openScreen(page, 'Settings', 'Settings');
  await page.getByLabel(API_KEY_LABEL).fill('able-master-key');

  // Log out from Settings: the dialog says what stays; the data is kept.
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out of PitClock?' });
  await expect(dialog).toContainText(
    'What stays on this device: this account’s cook-offs, templates, runs and notes, kept for its next sign-in. Another account signing in here does not see them.',
  );
  const remove = dialog.getByRole('checkbox', { name: 'Remove this account’s data from this device' });
  await expect(remove).not.toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Cook B signs up on the same phone: nothing of A's.
  await signUpAndSignIn(page, 'Cook Baker');
  await expect(page.getByText('No Upcoming Cook-offs')).toBeVisible();
  await expect(page.getByText('Able Smoke-Off')).toHaveCount(0);
  await openScreen(page, 'Templates', 'Templates');
  await expect(page.getByRole('heading', { name: 'Create Your First Timing Template' })).toBeVisible();
  await expect(page.getByText('Able Brisket')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await openScreen(page, 'Settings', 'Settings');
  await expect(page.getByLabel(API_KEY_LABEL)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Upload to cloud' })).toBeDisabled();

  // B signs out from the navigation (which keeps the data), and A signs in again: all of A's is there.
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await signInThroughForm(page, emailA);
  await expect(cookOffButton(page, 'Able Smoke-Off')).toBeVisible();
  await openScreen(page, 'Templates', 'Templates');
  await expect(page.getByRole('link', { name: 'Able Brisket', exact: true })).toBeVisible();
  await openScreen(page, 'Settings', 'Settings');
  await expect(page.getByLabel(API_KEY_LABEL)).toHaveValue('able-master-key');

  // Each account's data sits in its own database.
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('PitClock')),
  );
  expect(databases.sort()).toEqual([
    expect.stringMatching(/^PitClock-u\d+$/),
    expect.stringMatching(/^PitClock-u\d+$/),
  ]);
});

// Issue 20 in Chromium: data follows the account to every phone, and a team shares one live run. Each
// phone is a browser context of its own (its own storage, its own IndexedDB), signed in through the
// real services; the changes travel through the sync service, never through the test.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  addCookOff,
  expectNoAxeViolations,
  redeemLicence,
  registerCook,
  signInAs,
  startCookOff,
} from './support';

type Credentials = { email: string; password: string };

/** A phone: a browser context of its own, signed in to `cook`. */
async function phone(browser: Browser, request: APIRequestContext, cook: Credentials): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, request, cook);
  return page;
}

async function openTemplates(page: Page) {
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates', exact: true })).toBeVisible();
}

async function addTemplate(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Turn-in time/).fill('12:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the cook-off's run from /contests: it is running already (on another phone), so Resume. */
async function openRun(page: Page, cookOff: string) {
  await page.goto('/contests');
  await page.getByRole('button', { name: `Resume ${cookOff}` }).click();
  // Without notifications granted, the phone first says it will use in-app alerts.
  const inApp = page.getByRole('alertdialog', { name: 'Start cook-off' });
  const heading = page.getByRole('heading', { level: 1, name: cookOff });
  await expect(inApp.or(heading)).toBeVisible();
  if (await inApp.isVisible()) await inApp.getByRole('button', { name: 'Continue' }).click();
  await expect(heading).toBeVisible();
}

async function completeNow(page: Page, name: string) {
  await page.getByRole('button', { name: `Complete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Complete "${name}"` });
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(dialog).toBeHidden();
}

async function addNote(page: Page, stepName: string, text: string) {
  await page.getByRole('button', { name: new RegExp(`^Notes( \\(\\d+\\))? ${stepName}$`) }).click();
  const notes = page.getByRole('dialog', { name: `Notes: ${stepName}` });
  await notes.getByLabel('New note').fill(text);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(text);
  await page.keyboard.press('Escape');
}

const ribs = {
  template: 'Sync Ribs',
  turnIn: '23:50',
  steps: [
    ['Light the pit', 30],
    ['Wrap', 10],
  ],
} as const;

test('the same account on two phones: a template made on one appears on the other without a reload', async ({
  browser,
  request,
}) => {
  const cook = await registerCook(request, 'Two Phones');
  const first = await phone(browser, request, cook);
  const second = await phone(browser, request, cook);
  await openTemplates(second);
  await expect(second.getByRole('heading', { name: 'Create Your First Timing Template' })).toBeVisible();

  await openTemplates(first);
  await addTemplate(first, 'Pocket Brisket');

  await expect(second.getByRole('link', { name: 'Pocket Brisket', exact: true })).toBeVisible();
  await expectNoAxeViolations(second);
  await first.context().close();
  await second.context().close();
});

test('one phone offline completes a step while the other adds a note; once it reconnects both show both', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const cook = await registerCook(request, 'Field Cook');
  const first = await phone(browser, request, cook);
  await redeemLicence(first, request);
  await startCookOff(first, { ...ribs, cookOff: 'Field Day' });
  await first
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(first.getByRole('heading', { level: 1, name: 'Field Day' })).toBeVisible();

  const second = await phone(browser, request, cook);
  await redeemLicence(second, request);
  await openRun(second, 'Field Day');
  await expect(second.getByText('0 of 2 steps done')).toBeVisible();

  await first.context().setOffline(true);
  await completeNow(first, 'Light the pit');
  await expect(first.getByText('1 of 2 steps done')).toBeVisible();
  await addNote(second, 'Light the pit', 'Coals are grey');
  await first.context().setOffline(false);

  for (const page of [first, second]) {
    await expect(page.getByText('1 of 2 steps done')).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page.getByRole('button', { name: 'Notes (1) Light the pit' })).toBeVisible();
  }
  await expectNoAxeViolations(second);
  await first.context().close();
  await second.context().close();
});

test('two teammates on one run: the owner invites, the teammate joins, and a step completed on one phone shows on the other', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await phone(browser, request, await registerCook(request, 'Pit Owner'));
  const mate = await phone(browser, request, await registerCook(request, 'Pit Mate'));

  // The owner makes a team and an invite code.
  await owner.goto('/team');
  await expect(owner.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await owner.getByLabel('Team name').fill('Smoke Crew');
  await owner.getByRole('button', { name: 'Create team' }).click();
  await expect(owner.getByRole('heading', { name: 'Smoke Crew' })).toBeVisible();
  await owner.getByRole('button', { name: 'Invite a teammate' }).click();
  const code = (await owner.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expectNoAxeViolations(owner);

  // The teammate follows the join link.
  await mate.goto(`/team?code=${code}`);
  await expect(mate.getByLabel('Invite code')).toHaveValue(code);
  await mate.getByRole('button', { name: 'Join team' }).click();
  await expect(mate.getByRole('heading', { name: 'Smoke Crew' })).toBeVisible();
  await expect(mate.getByText('Pit Owner')).toBeVisible();

  // The owner plans the cook-off, shares it with the team and starts it.
  await redeemLicence(owner, request);
  await startCookOff(owner, { ...ribs, cookOff: 'Crew Cook' });
  await owner
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Crew Cook' })).toBeVisible();
  await owner.goto('/contests');
  await owner.getByRole('button', { name: 'Edit Crew Cook' }).click();
  const edit = owner.getByRole('form', { name: 'Edit Crew Cook' });
  await edit.getByLabel('Share with team').selectOption({ label: 'Smoke Crew' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Team: Smoke Crew')).toBeVisible();

  // The teammate's phone has the cook-off and its run; a step completed by the owner shows there.
  await redeemLicence(mate, request);
  await mate.goto('/contests');
  await expect(mate.getByText('Team: Smoke Crew')).toBeVisible();
  await openRun(mate, 'Crew Cook');
  await expect(mate.getByText('0 of 2 steps done')).toBeVisible();
  await openRun(owner, 'Crew Cook');
  await completeNow(owner, 'Light the pit');
  await expect(mate.getByText('1 of 2 steps done')).toBeVisible();

  // And the other way round.
  await completeNow(mate, 'Wrap');
  await expect(owner.getByText('2 of 2 steps done')).toBeVisible();
  await expectNoAxeViolations(mate);
  await owner.context().close();
  await mate.context().close();
});

test('a cook-off added on one phone of an account shows on its other phone', async ({ browser, request }) => {
  const cook = await registerCook(request, 'List Cook');
  const first = await phone(browser, request, cook);
  const second = await phone(browser, request, cook);
  await second.goto('/contests');
  await expect(second.getByRole('heading', { level: 1, name: 'Cook-off', exact: true })).toBeVisible();
  await first.goto('/contests');
  await addCookOff(first, 'Twin Smokers');
  await expect(
    second.getByRole('table').getByRole('button', { name: 'Twin Smokers', exact: true }),
  ).toBeVisible();
  await first.context().close();
  await second.context().close();
});

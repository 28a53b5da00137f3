// Issue 21, the axe sweep: axe-core with all its rules on every screen and every dialog, panel and sheet
// state the app has, in light and dark, at 390 x 844 and 1280 x 800. Each group is one signed-in page that
// goes from state to state as a user would; each state is a test step that checks the four combinations
// (support-a11y.ts), and each test ends with one expectation that lists every violation with its state.
// No axe rule is disabled and nothing of the page is excluded.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startExternalServices, type ExternalServices } from './external-services';
import { e2eAdmin, externalServicesPort } from './playwright.config';
import {
  addCookOff,
  openNavigation,
  promoCodeFromAdmin,
  registerCook,
  signInAs,
  startCookOff,
} from './support';
import { AxeSweep, LAPTOP, PHONE } from './support-a11y';

// A step that cannot be reached fails in seconds, not at the test's timeout.
test.use({ actionTimeout: 15_000 });

let external: ExternalServices;
test.beforeAll(async () => {
  external = await startExternalServices(externalServicesPort);
});
test.afterAll(async () => {
  await external?.close();
});

/** A bearer token of an account, from the auth service. */
async function tokenOf(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: credentials });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another cook's team, with an invite code for it. */
async function teamOfAnotherCook(request: APIRequestContext, name: string) {
  const token = await tokenOf(request, await registerCook(request, 'Rival Owner'));
  const created = await request.post('/api/teams', {
    headers: bearer(token),
    data: { name, member_name: 'Rival Owner' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invite = await request.post(`/api/teams/${id}/invites`, { headers: bearer(token) });
  expect(invite.ok()).toBe(true);
  return ((await invite.json()) as { code: string }).code;
}

/** A signed-in page with a fresh cook, and a sweep ready for its first load. */
async function signedInSweep(page: Page, request: APIRequestContext, name = 'Axe Cook') {
  const cook = await registerCook(request, name);
  await signInAs(page, request, cook);
  const sweep = new AxeSweep(page);
  await sweep.prepare();
  return { sweep, cook };
}

async function navigateTo(page: Page, link: string, heading: string | RegExp) {
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Closes the top dialog with its Cancel (or Close) button and waits for it to go. */
async function cancel(page: Page, dialog: ReturnType<Page['getByRole']>, button = 'Cancel') {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('axe sweep: the public pages (welcome, sign in, sign up, not found)', async ({ page }) => {
  test.setTimeout(120_000);
  const sweep = new AxeSweep(page);
  await sweep.prepare();

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await sweep.check('welcome');

  // Terms and Privacy, readable before signing up (issue 21): reached from the welcome page's links. A
  // link that does not lead to its page is a soft failure, so that the rest of the group still runs.
  for (const [legal, path] of [
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ] as const) {
    await page
      .getByRole('link', { name: new RegExp(legal) })
      .first()
      .click();
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(legal) });
    await expect.soft(heading, `${legal} from the welcome page`).toBeVisible();
    await expect.soft(page).toHaveURL(new RegExp(`${path}`));
    if (await heading.isVisible()) await sweep.check(`${legal} (signed out)`);
    await page.goto('/');
  }

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await sweep.check('login');

  await page.getByLabel(/^Email/).fill('nobody@pitclock.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
  await sweep.check('login with an error');

  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page.getByLabel(/^Name/)).toBeVisible();
  await sweep.check('sign-up');

  await page.getByLabel(/^Name/).fill('A');
  await page.getByLabel(/^Email/).fill('not-an-email');
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('short');
  await page.getByLabel(/^Repeat password/).fill('other');
  await page.getByLabel(/^Name/).focus();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await sweep.check('sign-up with field errors and the password shown');

  await page.goto('/no-such-place');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await sweep.check('not found (signed out)');

  await sweep.expectNoViolations();
});

test('axe sweep: cook-offs, templates, steps and categories', async ({ page, request }) => {
  test.setTimeout(240_000);
  await external.use(page);
  const { sweep, cook } = await signedInSweep(page, request);
  // A team of the cook's, so that the share choices are there (made through the API: the Team screen is
  // swept in its own group).
  const created = await request.post('/api/teams', {
    headers: bearer(await tokenOf(request, cook)),
    data: { name: 'Smoke Crew', member_name: 'Axe Cook' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/contests');
  await expect(page.getByText('No Upcoming Cook-offs')).toBeVisible();
  await sweep.check('cook-offs, empty');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' }).first()).toBeVisible();
  await sweep.check('mobile menu open', { sizes: [PHONE] });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'About cook-offs' }).focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await sweep.check('cook-offs help tooltip');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  const add = page.getByRole('dialog', { name: 'Add Cook-off' });
  await add.getByLabel(/^Name/).focus();
  await add.getByLabel(/^Location/).focus();
  await sweep.check('add cook-off dialog');
  await cancel(page, add);

  await addCookOff(page, 'Brisket Bash');
  await page.getByRole('button', { name: 'Brisket Bash', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Weather' })).toBeVisible();
  await sweep.check('cook-offs list with a selected cook-off (no location)');

  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  await add.getByLabel(/^Name/).fill('Springfield Smoke');
  await add.getByLabel(/Sanctioning Body/).selectOption({ label: 'Unsanctioned' });
  await add.getByLabel(/^Location/).fill('springfield; tx');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Springfield Smoke', exact: true }).click();
  const weather = page.getByRole('region', { name: 'Weather' });
  await weather.getByRole('button', { name: 'Choose location' }).click();
  const choice = page.getByRole('dialog', { name: 'Choose the contest location' });
  await expect(choice.getByRole('button').first()).toBeVisible();
  await sweep.check('location choice dialog');
  await choice.getByRole('button', { name: 'Use Springfield, Limestone, Texas, United States' }).click();
  await expect(weather.getByText('Boiling point', { exact: true })).toBeVisible();
  await sweep.check('selected cook-off with its weather and boiling point');

  await page.getByRole('button', { name: 'Edit Brisket Bash' }).click();
  const edit = page.getByRole('form', { name: 'Edit Brisket Bash' });
  await expect(edit.getByLabel('Share with team')).toBeVisible();
  await sweep.check('cook-off inline edit with Share with team');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete Brisket Bash' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await sweep.check('delete cook-off confirmation');
  await cancel(page, page.getByRole('alertdialog'));

  // Categories: one of the cook's own, used by a template below.
  await navigateTo(page, 'Categories', 'Categories');
  await sweep.check('categories');
  await page.getByRole('button', { name: 'Add Category' }).first().click();
  const addCategory = page.getByRole('dialog', { name: 'Add Category' });
  await addCategory.getByLabel(/^Name/).fill('Jackpot');
  await sweep.check('add category dialog');
  await addCategory.getByRole('button', { name: /^(Create|Add|Save)$/ }).click();
  await expect(addCategory).toBeHidden();
  await page.getByRole('button', { name: 'Edit Jackpot' }).click();
  await expect(page.getByRole('form', { name: 'Edit Jackpot' })).toBeVisible();
  await sweep.check('category inline edit');
  await page.getByRole('form', { name: 'Edit Jackpot' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete Jackpot' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete category' })).toBeVisible();
  await sweep.check('delete category confirmation');
  await cancel(page, page.getByRole('alertdialog', { name: 'Delete category' }));

  // Templates.
  await navigateTo(page, 'Templates', 'Templates');
  await expect(page.getByRole('heading', { name: 'Create Your First Timing Template' })).toBeVisible();
  await sweep.check('templates, first use');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const addTemplate = page.getByRole('dialog', { name: 'Add Template' });
  await addTemplate.getByLabel(/^Name/).fill('Ribs');
  await addTemplate.getByLabel(/^Category/).selectOption({ label: 'Jackpot (Yours)' });
  await addTemplate.getByLabel(/^Turn-in time/).fill('10:00');
  await sweep.check('add template dialog');
  await addTemplate.getByRole('button', { name: 'Create' }).click();
  await expect(addTemplate).toBeHidden();
  await sweep.check('templates list');
  await page.getByRole('button', { name: 'Edit Ribs' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await sweep.check('template inline edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete Ribs' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete template' })).toBeVisible();
  await sweep.check('delete template confirmation');
  await cancel(page, page.getByRole('alertdialog', { name: 'Delete template' }));
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page.getByText('No archived templates')).toBeVisible();
  await sweep.check('templates, archived tab (empty)');
  await page.getByRole('tab', { name: 'Active' }).click();

  // Its steps.
  await page.getByRole('link', { name: 'Ribs', exact: true }).click();
  await expect(page.getByText('No steps yet.')).toBeVisible();
  await sweep.check('template steps, none yet');
  for (const [name, before] of [
    ['Light the pit', 90],
    ['Wrap', 30],
  ] as const) {
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Minutes before turn-in/).fill(String(before));
    await page.getByLabel(/^Minutes before turn-in/).press('Enter');
    await expect(page.getByRole('list', { name: 'Steps' }).getByText(name, { exact: true })).toBeVisible();
  }
  await page.getByLabel(/^Name/).focus();
  await page.getByLabel(/^Minutes before turn-in/).focus();
  await sweep.check('template steps with the add form');
  await page.getByRole('button', { name: 'Edit Wrap' }).click();
  await sweep.check('template step inline edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Remove Wrap' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await sweep.check('remove step confirmation');
  await cancel(page, page.getByRole('alertdialog'));

  // The category is in use now: it cannot be deleted.
  await navigateTo(page, 'Categories', 'Categories');
  await page.getByRole('button', { name: 'Delete Jackpot' }).click();
  const notDeleted = page.getByRole('alertdialog', { name: 'Category not deleted' });
  await expect(notDeleted).toBeVisible();
  await sweep.check('category in use, not deleted');
  await notDeleted.getByRole('button', { name: 'OK' }).click();
  await expect(notDeleted).toBeHidden();

  // Manage templates of a cook-off, with one attached.
  await navigateTo(page, 'Cook-offs', 'Cook-off');
  await page.getByRole('button', { name: 'Manage templates of Brisket Bash' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Ribs (10:00)' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByText(/Attached to this cook-off/)).toBeVisible();
  await sweep.check('manage templates panel with a template attached');
  await cancel(page, panel, 'Close');
  await page.getByRole('button', { name: 'Brisket Bash', exact: true }).click();
  await sweep.check('cook-offs list with a planned cook-off selected');

  await sweep.expectNoViolations();
});

/** 08:29 today on the browser's clock: the first steps are due at 08:30. */
function morning(): Date {
  const at = new Date();
  at.setHours(8, 29, 0, 0);
  return at;
}

/** Whether a control that another developer is adding right now is there yet (then its state is swept). */
async function present(locator: ReturnType<Page['getByRole']>) {
  return (await locator.count()) > 0;
}

test('axe sweep: promo code, the run screen and its dialogs', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.clock.install({ time: morning() });
  const { sweep } = await signedInSweep(page, request);
  await page.goto('/templates');
  // Two steps due together at 08:30, then two more; Start without a licence goes to /promo first.
  await startCookOff(page, {
    template: 'Ribs',
    turnIn: '10:00',
    steps: [
      ['Light the pit', 90],
      ['Trim', 90],
      ['Rub', 60],
      ['Wrap', 30],
    ],
    cookOff: 'Rib Rumble',
  });

  await expect(page).toHaveURL(/\/promo\?returnTo=/);
  await expect(page.getByLabel(/Promo code/)).toBeVisible();
  await sweep.check('promo code entry');
  await page.getByLabel(/Promo code/).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText(/^Error \d+/)).toBeVisible();
  await sweep.check('promo code refused');
  await page.getByLabel(/Promo code/).fill(await promoCodeFromAdmin(request, 30));
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await sweep.check('promo code redeemed');
  await page.getByRole('button', { name: 'Continue' }).click();

  const startDialog = page.getByRole('alertdialog', { name: 'Start cook-off' });
  await expect(startDialog).toBeVisible();
  await sweep.check('start cook-off without notifications (confirmation)');
  await startDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rib Rumble' })).toBeVisible();
  await sweep.check('run screen, pending steps');

  const alertSettings = page.getByRole('button', { name: 'Alert settings' });
  if (await present(alertSettings)) {
    await alertSettings.click();
    await sweep.check('run screen, Alert settings open');
  }
  await page.getByRole('button', { name: 'Set contest clock' }).click();
  const clock = page.getByRole('dialog', { name: 'Set contest clock' });
  await sweep.check('contest clock dialog');
  await cancel(page, clock);
  if (await present(alertSettings)) await alertSettings.click();

  const timeline = page.getByRole('button', { name: 'Timeline' });
  if (await present(timeline)) {
    await timeline.click();
    await sweep.check('run screen, timeline unfolded');
    await timeline.click();
  }
  const turnIns = page.getByRole('tab', { name: 'Turn-ins' });
  if (await present(turnIns)) {
    await turnIns.click();
    await sweep.check('turn-in board');
  }

  await page.getByRole('tab', { name: 'Pending' }).click();
  // 08:30: two steps are due; the in-app alerts show (each for 12 s, long enough for the four checks).
  await page.clock.fastForward('01:00');
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByRole('alert').first()).toBeVisible();
  await sweep.check('in-app alerts of two due steps');
  await expect(alerts.getByRole('alert').first(), 'the alerts outlived the checks').toBeVisible();

  await page.getByRole('button', { name: 'Complete Light the pit' }).first().click();
  const complete = page.getByRole('dialog', { name: 'Complete "Light the pit"' });
  await complete.getByLabel('Custom').check();
  await expect(complete.getByLabel('Time (HH:MM)')).toBeVisible();
  await sweep.check('complete dialog with a custom time');
  await cancel(page, complete);

  await page.getByRole('button', { name: 'Snooze Rub' }).click();
  const snooze = page.getByRole('dialog', { name: 'Snooze "Rub"' });
  await sweep.check('snooze dialog');
  await cancel(page, snooze);

  await page.getByRole('button', { name: 'Notes Rub' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes: Rub' });
  await notes.getByLabel('New note').fill('Pit steady at 250');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText('Pit steady at 250');
  await sweep.check('notes dialog with a note');
  await page.keyboard.press('Escape');
  await expect(notes).toBeHidden();

  // The Undo bar lasts 5 s: one dismissal per size, each checked in both themes, and it must outlive them.
  for (const size of [PHONE, LAPTOP]) {
    await page.getByRole('button', { name: 'Dismiss Wrap' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await sweep.check(`step dismissed, Undo bar`, { sizes: [size] });
    await expect(undo, 'the Undo bar outlived the checks').toBeVisible();
    await undo.click();
    await expect(page.getByRole('button', { name: 'Dismiss Wrap' })).toBeVisible();
  }

  await page.getByRole('tab', { name: 'All' }).click();
  await sweep.check('run screen, All steps');

  await page.getByRole('button', { name: 'Manage templates' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await expect(panel).toBeVisible();
  await sweep.check('manage templates panel from the run');
  await cancel(page, panel, 'Close');

  await page.getByRole('button', { name: 'Reset run' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Reset this run?' })).toBeVisible();
  await sweep.check('reset run confirmation');
  await cancel(page, page.getByRole('alertdialog', { name: 'Reset this run?' }));

  await page.getByRole('button', { name: 'Finish run' }).click();
  const finish = page.getByRole('alertdialog', { name: 'Finish this run?' });
  await sweep.check('finish run confirmation');
  await finish.getByRole('button', { name: 'Finish run' }).click();
  await expect(page.getByText(/^Finished /)).toBeVisible();
  await sweep.check('run finished');

  // A second code while the licence is active: the screen asks first.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Enter a promo code' }).click();
  await page.getByLabel(/Promo code/).fill('ANOTHERCODE');
  await page.getByRole('button', { name: 'Redeem' }).click();
  const another = page.getByRole('alertdialog', { name: 'Redeem another code?' });
  await expect(another).toBeVisible();
  await sweep.check('redeem another code confirmation');
  await cancel(page, another);

  await sweep.expectNoViolations();
});

test('axe sweep: settings, backup, team, about, legal pages, not found', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { sweep, cook } = await signedInSweep(page, request, 'Pit Owner');
  const rivalCode = await teamOfAnotherCook(request, 'Rival Crew');

  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await navigateTo(page, 'Settings', 'Settings');
  await sweep.check('settings');

  await page.getByRole('button', { name: 'Log out' }).click();
  const logout = page.getByRole('alertdialog');
  await expect(logout).toBeVisible();
  await sweep.check('log out confirmation');
  await cancel(page, logout);

  // Backup: a copy on this device (the cloud needs a key; the states are the same), then its restore.
  await page.getByLabel('JSONBin API key (X-Master-Key)').fill('my-own-master-key');
  await page.getByRole('button', { name: 'Save on this device' }).click();
  await expect(page.getByRole('button', { name: /^Restore .+ from this device$/ })).toBeVisible();
  await sweep.check('settings, backup made (progress and recent backups)');
  await page
    .getByRole('button', { name: /^Restore .+ from this device$/ })
    .first()
    .click();
  const restore = page.getByRole('dialog', { name: 'Restore backup?' });
  await expect(restore).toBeVisible();
  await sweep.check('restore backup dialog');
  await cancel(page, restore);
  await page.getByLabel('Restore from file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 15, "data": '),
  });
  if (await restore.isVisible()) await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Restore failed: / })).toBeVisible();
  await sweep.check('settings, restore failed');

  // Team: none yet, then one of the cook's own with an invite, a teammate, and another team joined.
  await navigateTo(page, 'Team', 'Team');
  await expect(page.getByRole('button', { name: 'Create team' })).toBeVisible();
  await sweep.check('team, none yet (create and join forms)');
  await page.getByLabel('Team name').fill('Smoke Crew');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { name: 'Smoke Crew' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a teammate' }).click();
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  await sweep.check('team with the invite panel open');

  const mate = await registerCook(request, 'Pit Mate');
  const joined = await request.post('/api/teams/join', {
    headers: bearer(await tokenOf(request, mate)),
    data: { code, member_name: 'Pit Mate' },
  });
  expect(joined.ok()).toBe(true);
  await page.goto(`/team?code=${rivalCode}`);
  await expect(page.getByLabel('Invite code')).toHaveValue(rivalCode);
  await expect(page.getByText('Pit Mate')).toBeVisible();
  await sweep.check('team, join form filled from a join link');
  await page.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('heading', { name: 'Rival Crew' })).toBeVisible();
  await sweep.check('team owner of one team, member of another');
  await page.getByRole('button', { name: 'Remove Pit Mate' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove teammate' })).toBeVisible();
  await sweep.check('remove teammate confirmation');
  await cancel(page, page.getByRole('alertdialog', { name: 'Remove teammate' }));
  await page.getByRole('button', { name: 'Leave team Rival Crew' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Leave team' })).toBeVisible();
  await sweep.check('leave team confirmation');
  await cancel(page, page.getByRole('alertdialog', { name: 'Leave team' }));

  await navigateTo(page, 'About', 'About');
  await expect(page.getByRole('heading', { name: 'Backend version' })).toBeVisible();
  await sweep.check('about');
  // It opens Cook-offs, where the welcome shows.
  await page.getByRole('button', { name: 'Show the welcome again' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome to PitClock' });
  await expect(welcome).toBeVisible();
  await sweep.check('first-run welcome');
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toBeHidden();

  await navigateTo(page, 'Settings', 'Settings');
  await page
    .getByRole('link', { name: /Privacy/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Privacy/ })).toBeVisible();
  await sweep.check('privacy');
  await page.goBack();
  await page.getByRole('link', { name: /Terms/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Terms/ })).toBeVisible();
  await sweep.check('terms');

  await page.goto('/no-such-place');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await sweep.check('not found (signed in)');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await sweep.check('admins only (a cook on an admin page)');
  expect(cook.email).toContain('@');

  await sweep.expectNoViolations();
});

test('axe sweep: the admin console and its dialogs', async ({ page, request }) => {
  test.setTimeout(240_000);
  // A cook with an active licence on a device (for the users screen's details and revoke), and one with none.
  const licensed = await registerCook(request, 'Licensed Larry');
  const redeemed = await request.post('/api/promo-codes/redeem', {
    headers: bearer(await tokenOf(request, licensed)),
    data: { code: await promoCodeFromAdmin(request, 30), device_id: `device-a11y-${Date.now()}` },
  });
  expect(redeemed.ok()).toBe(true);
  const plain = await registerCook(request, 'Plain Pat');

  await signInAs(page, request, e2eAdmin);
  const sweep = new AxeSweep(page);
  await sweep.prepare();
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('group', { name: 'Admin' }).first()).toBeVisible();
  await sweep.check('mobile menu open with the Admin group', { sizes: [PHONE] });
  await page.getByRole('group', { name: 'Admin' }).first().getByRole('link', { name: 'Promo Codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeVisible();
  await sweep.check('admin promo codes');

  await page.getByLabel(/^Code/).focus();
  await page.getByLabel(/^Max uses/).fill('-1');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Code is required')).toBeVisible();
  await sweep.check('admin promo codes, create form with errors');
  const code = `AXE${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel(/^Code/).fill(code);
  await page.getByLabel(/^Max uses/).fill('3');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Promo code ${code} created.`)).toBeVisible();
  await page.getByLabel('Filter by code').fill(code);
  await sweep.check('admin promo codes, created and filtered');
  await page.getByLabel('Filter by code').fill('NO-SUCH-CODE-AT-ALL');
  await expect(page.getByText('No promo codes found.')).toBeVisible();
  await sweep.check('admin promo codes, none found');

  await navigateTo(page, 'Licenses', 'Licenses');
  const picker = page.getByLabel('User', { exact: true });
  const adminOption = picker.locator('option').filter({ hasText: e2eAdmin.email });
  await picker.selectOption((await adminOption.getAttribute('value')) ?? '');
  await page.getByLabel(/^Adjustment/).fill('1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Credits updated.')).toBeVisible();
  await sweep.check('admin licenses, a user with the ledger');
  await page.getByRole('button', { name: 'New Code' }).click();
  const activation = (await page.locator('.admin-licenses__code-text').textContent())?.trim() ?? '';
  await sweep.check('admin licenses, an activation code');
  const uid = `axe-tablet-${Date.now()}`;
  await page.getByLabel(/^Activation code/).fill(activation);
  await page.getByLabel(/^Device UID/).fill(uid);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await sweep.check('admin licenses, a device activated by hand');
  const device = page.getByRole('row').filter({ hasText: uid });
  await device.getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await sweep.check('admin licenses, revoke device confirmation');
  await cancel(page, page.getByRole('alertdialog'));

  await navigateTo(page, 'Signup Events', 'Signup Events');
  await page.getByLabel(/^Email/).fill(plain.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Signup events' }).getByText(plain.email)).toBeVisible();
  await sweep.check('admin signup events, filtered');

  await navigateTo(page, 'Users', 'Users');
  // Newest first (the list pages): the two cooks of this test are on the first page.
  await page.goto('/admin/users?sort=-id');
  await expect(page.getByRole('row').filter({ hasText: plain.email })).toBeVisible();
  await sweep.check('admin users');
  await page.getByRole('button', { name: `Edit ${plain.email}` }).click();
  await sweep.check('admin users, inline edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Delete ${plain.email}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await sweep.check('admin users, delete confirmation');
  await cancel(page, page.getByRole('alertdialog'));
  await page.getByRole('button', { name: `Details ${licensed.email}` }).click();
  await expect(page.getByRole('button', { name: /^Revoke/ }).first()).toBeVisible();
  await sweep.check('admin users, details of a licensed user');
  await page
    .getByRole('button', { name: /^Revoke/ })
    .first()
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await sweep.check('admin users, revoke device confirmation');
  await cancel(page, page.getByRole('alertdialog'));

  await navigateTo(page, 'Audit Trail', 'Audit Trail');
  await page.getByRole('tab', { name: 'Licensing' }).click();
  await expect(page.getByRole('table', { name: 'Licensing audit trail' })).toBeVisible();
  await sweep.check('admin audit trail');

  // Diagnostics has no link in the navigation (SPEC.md section 2 lists it among the routes only).
  await page.goto('/admin/diagnostics');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
  await sweep.check('admin diagnostics');

  await sweep.expectNoViolations();
});

test('axe sweep: the error screen after a screen fails to load', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A screen whose code cannot be fetched, as when the network drops before it was ever opened. The
  // service worker is blocked so that the route sees the request (and has precached nothing); only that
  // chunk fails, so the shell's one reload for a stale chunk loads the page and fails the same way again.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.route(/\/assets\/categories-[^/]*\.js(\?|$)/, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  await signInAs(page, request, await registerCook(request, 'Offline Olly'));
  const sweep = new AxeSweep(page);
  await sweep.prepare();
  await page.goto('/contests');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook-off' })).toBeVisible();
  await openNavigation(page);
  await page.getByRole('link', { name: 'Categories' }).first().click();
  // The first failure may show the error screen for a moment before the shell's reload comes: the sweep
  // checks the reloaded page, where the chunk fails again and the error screen stays.
  const navigation = () =>
    page
      .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)
      .catch(() => 'reloading'); // the page is mid-reload: ask again
  await expect.poll(navigation).toBe('reload');
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await sweep.check('error screen');
  await page.getByText('Technical details').click();
  await sweep.check('error screen with its technical details');
  await sweep.expectNoViolations();
  await context.close();
});

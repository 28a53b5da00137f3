// The day follows the plan (issue 18): a started run is re-planned when the cooks' meeting moves a turn-in,
// and a cook-off can always be started, filled, reset, finished and deleted.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { addCookOff, expectNoAxeViolations, licensedCook, startCookOff } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

/** hh:mm(:ss) today on this machine's clock (the browser's zone is the same). */
function today(hours: number, minutes: number, seconds = 0): Date {
  const at = new Date();
  at.setHours(hours, minutes, seconds, 0);
  return at;
}

const step = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function continueWithInAppAlerts(page: Page) {
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
}

/** The next schedule of a run the app sends the notifier with a step due at `due`, and the notifier's answer. */
function scheduleSentWith(page: Page, stepName: string, due: Date) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (
      request.method() !== 'PUT' ||
      !/\/api\/push\/runs\/[^/]+\/schedule$/.test(new URL(response.url()).pathname)
    )
      return false;
    const body = request.postDataJSON() as { steps?: { name: string; scheduled_at: string }[] };
    return (body.steps ?? []).some((s) => s.name === stepName && s.scheduled_at === due.toISOString());
  });
}

test("a run started at 06:00 follows the brisket turn-in moved 30 min later and a longer walk: moved times, the notice, the alert at the new time only, the notifier's new schedule", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.clock.install({ time: today(6, 0) });
  await licensedCook(page, request);
  const firstSchedule = scheduleSentWith(page, 'Spritz', today(7, 15));
  await startCookOff(page, {
    template: 'Brisket',
    turnIn: '08:00',
    steps: [
      ['Spritz', 45],
      ['Box', 10],
    ],
    cookOff: 'Brisket Bash',
  });
  await continueWithInAppAlerts(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Brisket Bash' })).toBeVisible();
  await expect(step(page, 'Spritz')).toContainText('07:15');
  expect((await firstSchedule).status()).toBeLessThan(300);

  // 07:00, the cooks' meeting: brisket turn-in at 08:30 instead of 08:00, and an 8-minute walk.
  await page.clock.fastForward('01:00:00');
  await page.getByRole('button', { name: 'Manage templates' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel.getByLabel('Override turn-in of Brisket (HH:MM)').fill('08:30');
  await panel.getByLabel('Override turn-in of Brisket (HH:MM)').press('Tab');
  await expect(panel.getByText('Turn-in 08:30 (override)')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(step(page, 'Spritz')).toContainText('07:45');
  const notice = page.getByRole('status').filter({ hasText: 'The plan changed' });
  await expect(notice).toContainText('Brisket: 2 steps 30 min later');

  const newSchedule = scheduleSentWith(page, 'Spritz', today(7, 37));
  await page.getByRole('link', { name: 'Back to Cook-offs' }).click();
  await page.getByRole('button', { name: 'Edit Brisket Bash' }).click();
  const edit = page.getByRole('form', { name: 'Edit Brisket Bash' });
  await edit.getByLabel(/Walk Time Adjustment/).fill('8');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Resume Brisket Bash' }).click();
  await continueWithInAppAlerts(page);

  // The run shows the new times and says what moved, with the list of steps.
  await expect(step(page, 'Spritz')).toContainText('07:37');
  await expect(step(page, 'Box')).toContainText('08:12');
  await expect(notice).toContainText('Brisket: 2 steps 22 min later');
  await notice.getByText('Show the 2 steps').click();
  await expect(notice).toContainText('Brisket · Spritz: 07:15 → 07:37');
  expect((await newSchedule).status()).toBeLessThan(300);
  await page.screenshot({ path: path.join(screens, 'replan-notice-phone.png'), fullPage: true });
  await expectNoAxeViolations(page);

  // Around 07:15, the old time, the alert engine checks twice and says nothing; around 07:37, the new time,
  // Spritz alerts.
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await page.clock.pauseAt(today(7, 14, 58));
  await page.clock.runFor(10_000);
  await expect(step(page, 'Spritz')).toContainText(/in 21:5\d/);
  await expect(alerts.getByRole('alert')).toHaveCount(0);
  await page.clock.pauseAt(today(7, 36, 58));
  await page.clock.runFor(10_000);
  await expect(alerts.getByRole('alert')).toContainText('PitClock - Spritz');
  await page.clock.resume();

  await notice.getByRole('button', { name: 'Dismiss the plan changes' }).click();
  await expect(notice).toHaveCount(0);
});

test('a cook-off started with nothing attached is filled, reset, finished and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.clock.install({ time: today(9, 0) });
  await licensedCook(page, request);
  await page.goto('/contests');
  await addCookOff(page, 'Empty Pit');
  await page.getByRole('button', { name: 'Start Empty Pit' }).click();
  await continueWithInAppAlerts(page);

  // Nothing attached: the run says so and offers Manage templates.
  await expect(page.getByRole('heading', { name: 'No templates attached' })).toBeVisible();
  await expect(page.getByText('0 of 0 steps done')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(screens, 'run-empty-phone.png'), fullPage: true });

  // A template made on the spot (a single turn-in step) is attached from the run screen.
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel(/^Name/).fill('Chicken');
  await dialog.getByLabel(/^Turn-in time/).fill('12:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.goto('/contests');
  await page.getByRole('button', { name: 'Resume Empty Pit' }).click();
  await continueWithInAppAlerts(page);
  await page.getByRole('button', { name: 'Manage templates' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Chicken (12:00)' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(step(page, 'Chicken')).toContainText('12:00');
  await expect(page.getByText('0 of 1 steps done')).toBeVisible();

  // Done, then reset after a confirmation: pending again.
  await page.getByRole('button', { name: 'Complete Chicken' }).click();
  await page
    .getByRole('dialog', { name: 'Complete "Chicken"' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page.getByText('1 of 1 steps done')).toBeVisible();
  await page.getByRole('button', { name: 'Reset run' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset this run?' })
    .getByRole('button', { name: 'Reset run' })
    .click();
  await expect(page.getByText('0 of 1 steps done')).toBeVisible();

  // Finished after a confirmation: the run stays readable by its id and the cook-off can start anew.
  await page.getByRole('button', { name: 'Finish run' }).click();
  await page
    .getByRole('alertdialog', { name: 'Finish this run?' })
    .getByRole('button', { name: 'Finish run' })
    .click();
  await expect(page).toHaveURL(/\/contests\/[^/]+\/runs\/[^/]+\/steps$/);
  await expect(page.getByText(/^Finished /)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Cook-offs' }).click();
  await expect(page.getByRole('button', { name: 'Start Empty Pit' })).toBeVisible();

  // Deleted with its run after a confirmation that says so.
  await page.getByRole('button', { name: 'Delete Empty Pit' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Its run, with its steps and notes, is deleted too.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Start Empty Pit' })).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  addCookOff,
  openNavigation,
  reactInstanceCount,
  signIn,
  waitForServiceWorkerControl,
} from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** Saves the page at phone and desktop width (the run's artifacts), then returns to phone width. */
async function screenshotBothWidths(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(screens, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(phone);
}

async function goTo(page: Page, link: string, heading: string) {
  await openNavigation(page);
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

// SPEC.md section 9: the override turn-in, minus the step's minutes before turn-in, minus the walk time.
const overrideTurnIn = '14:00';
const walkTime = 5;
const steps = [
  { name: 'Inject', before: 600 },
  { name: 'Wrap', before: 240 },
  { name: 'Box', before: 30 },
];
const expectedDue = steps.map((s) => hhmm(minutes(overrideTurnIn) - s.before - walkTime));

async function expectTimeline(page: Page) {
  const timeline = page.getByRole('figure', { name: 'Cook-off timeline' });
  const lane = timeline.getByRole('list', { name: 'Brisket' });
  await expect(lane.locator('.pc-timeline__mark')).toHaveCount(3);
  const due = await lane
    .locator('.pc-timeline__mark')
    .evaluateAll((marks) =>
      marks.map((m) => `${m.getAttribute('data-at')} ${m.textContent?.split(' ').slice(1).join(' ')}`),
    );
  expect(due).toEqual(steps.map((s, i) => `${expectedDue[i]} ${s.name}`));
  await expect(lane.getByLabel('Turn-in 14:00, window 13:55 to 14:05')).toBeAttached();
}

async function selectCookOff(page: Page) {
  await page.getByRole('table').getByRole('button', { name: 'Lone Star Smoke-Off', exact: true }).click();
  await expect(page.getByRole('article')).toContainText('Lone Star Smoke-Off');
}

test('a new cook builds a category, a template of three steps and a cook-off, and its timeline follows the schedule rule online, after a reload and offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request);
  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: 'Cook-off', exact: true })).toBeVisible();

  // A category of one's own, beside the four global ones.
  await goTo(page, 'Categories', 'Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
  await categoryDialog.getByRole('button', { name: 'Create' }).click();
  await expect(categoryDialog.getByText('Please enter a category name.')).toBeVisible();
  await categoryDialog.getByLabel(/^Name/).fill('Jackpot Brisket');
  await categoryDialog.getByLabel(/^Name/).press('Enter');
  await expect(categoryDialog).toBeHidden();
  const categories = page.getByRole('main');
  await expect(categories.getByText('Jackpot Brisket')).toBeVisible();
  await screenshotBothWidths(page, 'categories');

  // A template, first from the first-use state.
  await goTo(page, 'Templates', 'Templates');
  await expect(page.getByRole('heading', { name: 'Create Your First Timing Template' })).toBeVisible();
  await screenshotBothWidths(page, 'templates-first-use');
  await page.getByRole('button', { name: 'Create Template' }).click();
  const templateDialog = page.getByRole('dialog', { name: 'Add Template' });
  await templateDialog.getByLabel(/^Name/).fill('Brisket');
  await templateDialog.getByLabel(/^Category/).selectOption({ label: 'Jackpot Brisket (Yours)' });
  await templateDialog.getByLabel(/^Turn-in time/).fill('13:30');
  await templateDialog.getByRole('button', { name: 'Create' }).click();
  await expect(templateDialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Brisket', exact: true })).toBeVisible();

  // Its three steps.
  await page.getByRole('link', { name: 'Brisket', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brisket' })).toBeVisible();
  await expect(page.getByText('No steps yet.')).toBeVisible();
  for (const step of steps) {
    await page.getByLabel(/^Name/).fill(step.name);
    await page.getByLabel(/^Minutes before turn-in/).fill(String(step.before));
    await page.getByLabel(/^Minutes before turn-in/).press('Enter');
    await expect(
      page.getByRole('list', { name: 'Steps' }).getByText(step.name, { exact: true }),
    ).toBeVisible();
  }
  const listed = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.first()).toContainText('Inject');
  await expect(listed.first()).toContainText('10 h before turn-in');
  await expect(listed.first()).toContainText('at 03:30');
  await screenshotBothWidths(page, 'template-steps');

  await page.getByRole('link', { name: 'Back to Templates' }).click();
  await expect(page.getByRole('list', { name: 'Active templates' })).toContainText('3 steps');
  await screenshotBothWidths(page, 'templates');

  // A cook-off with a walk time of 5 and the template attached with an override.
  await goTo(page, 'Cook-offs', 'Cook-off');
  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  const cookOffDialog = page.getByRole('dialog', { name: 'Add Cook-off' });
  await cookOffDialog.getByLabel(/^Name/).fill('Lone Star Smoke-Off');
  await cookOffDialog
    .getByLabel(/Sanctioning Body/)
    .selectOption({ label: 'Lone Star Barbecue Society (LSBS)' });
  await cookOffDialog.getByLabel(/Location/).fill('Odessa, TX');
  await cookOffDialog.getByLabel(/Walk Time Adjustment/).fill(String(walkTime));
  await cookOffDialog.getByRole('button', { name: 'Create' }).click();
  await expect(cookOffDialog).toBeHidden();
  await expect(page.getByRole('table').getByText(`+${walkTime}m`)).toBeVisible();

  await page.getByRole('button', { name: 'Manage templates of Lone Star Smoke-Off' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel.getByLabel(/^Template/).selectOption({ label: 'Brisket (13:30)' });
  await panel.getByLabel('Override Turn-in (HH:MM)').fill(overrideTurnIn);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByText('Attached to this cook-off (1)')).toBeVisible();
  await expect(panel.getByText('Turn-in 14:00 (override)')).toBeVisible();
  await screenshotBothWidths(page, 'manage-templates');
  await panel.getByRole('button', { name: 'Close' }).click();

  await selectCookOff(page);
  await expectTimeline(page);
  await screenshotBothWidths(page, 'cook-offs');

  // The day as a calendar: one event per step, at the times of the timeline.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .ics' }).click();
  const calendar = await readFile((await (await download).path())!, 'utf8');
  const events = calendar.split('BEGIN:VEVENT').slice(1);
  expect(events.map((e) => /SUMMARY:(.*)\r\n/.exec(e)?.[1])).toEqual(steps.map((s) => s.name));
  const localTimes = events.map((e) => {
    const [, y, mo, d, h, mi] = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})\d{2}Z/.exec(e)!;
    const at = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!));
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  });
  expect(localTimes).toEqual(expectedDue);

  // Everything is still there after a reload.
  await page.reload();
  await selectCookOff(page);
  await expectTimeline(page);

  // And with the network off.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await selectCookOff(page);
  await expectTimeline(page);
  await goTo(page, 'Templates', 'Templates');
  await expect(page.getByRole('list', { name: 'Active templates' })).toContainText('3 steps');
  await expect(page.getByText('Used by 1 cook-off')).toBeVisible();
  await goTo(page, 'Categories', 'Categories');
  await expect(page.getByRole('main').getByText('Jackpot Brisket')).toBeVisible();
  await context.setOffline(false);
});

test('printing the selected cook-off gives one landscape page with only its card', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/contests');
  await addCookOff(page, 'Print Me');
  await page.getByRole('table').getByRole('button', { name: 'Print Me', exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article')).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Cook-off', exact: true })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(1);
});

test('a cook reorders templates with the keyboard, on one React, and the order survives a reload', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/templates');
  for (const name of ['Chicken', 'Ribs', 'Pork']) {
    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Name/).press('Enter');
    await expect(dialog).toBeHidden();
  }
  const list = page.getByRole('list', { name: 'Active templates' });
  const order = () => list.getByRole('link').allTextContents();
  expect(await order()).toEqual(['Chicken', 'Ribs', 'Pork']);

  // Each key waits for the move it makes to be announced, as a screen-reader user would hear it.
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.getByRole('button', { name: 'Reorder Pork' }).focus();
  await page.keyboard.press('Space');
  await announced('Picked up Pork. It is in position 3 of 3.');
  await page.keyboard.press('ArrowUp');
  await announced('Pork was moved to position 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await announced('Pork was moved to position 1 of 3.');
  await page.keyboard.press('Space');
  await expect.poll(order).toEqual(['Pork', 'Chicken', 'Ribs']);
  expect(await reactInstanceCount(page)).toBe(1);

  await page.reload();
  await expect.poll(order).toEqual(['Pork', 'Chicken', 'Ribs']);
});

// The run screen in the field (issue 21): a phone held in one hand at 390 x 844, the next step first, the
// alert settings folded away, the turn-in board and its KCBS window, and the screen kept awake.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoAxeViolations, licensedCook } from './support';
import { expectNoHorizontalOverflow, expectTapTargets, textsInView } from './support-layout';

const phone = { width: 390, height: 844 };
const shots = process.env.RUN_FIELD_SHOTS ?? '/tmp/shots/run';

/** hh:mm today on this machine's clock (the browser's zone is the same). */
function today(hours: number, minutes: number): Date {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at;
}

/**
 * Before the app loads: a navigator.wakeLock that records each request and release in window.__wakeLocks,
 * and drops its locks when the page is hidden, as a browser does.
 */
async function spyOnWakeLock(page: Page) {
  await page.addInitScript(() => {
    type Sentinel = { released: boolean; type: string; release: () => Promise<void> };
    const log: string[] = [];
    const held: Sentinel[] = [];
    (window as unknown as { __wakeLocks: string[] }).__wakeLocks = log;
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async (type: string) => {
          const sentinel: Sentinel = {
            released: false,
            type,
            release: async () => {
              if (sentinel.released) return;
              sentinel.released = true;
              log.push('release');
            },
          };
          held.push(sentinel);
          log.push(`request ${type}`);
          return sentinel;
        },
      },
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'hidden') return;
      for (const sentinel of held) {
        if (sentinel.released) continue;
        sentinel.released = true;
        log.push('dropped');
      }
    });
  });
}

const wakeLocks = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { __wakeLocks?: string[] }).__wakeLocks ?? [])]);

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate(
    (value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hidden ? 'hidden' : 'visible',
  );
}

/** From /templates: a Brisket template of three steps, a KCBS cook-off today with it attached, Start. */
async function startKcbsBrisket(page: Page) {
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel(/^Name/).fill('Brisket');
  await dialog.getByLabel(/^Turn-in time/).fill('14:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: 'Brisket', exact: true }).click();
  for (const [name, before] of [
    ['Spritz and wrap', 240],
    ['Rest in the cooler', 60],
    ['Slice and box', 0],
  ] as const) {
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Minutes before turn-in/).fill(String(before));
    await page.getByLabel(/^Minutes before turn-in/).press('Enter');
    await expect(page.getByRole('list', { name: 'Steps' }).getByText(name, { exact: true })).toBeVisible();
  }
  await page.goto('/contests');
  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  const add = page.getByRole('dialog', { name: 'Add Cook-off' });
  await add.getByLabel(/^Name/).fill('Royal Smoke');
  await add.getByLabel(/Sanctioning Body/).selectOption({ label: 'Kansas City Barbecue Society (KCBS)' });
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Manage templates of Royal Smoke' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Brisket (14:00)' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Start Royal Smoke' }).click();
  await page
    .getByRole('alertdialog', { name: 'Start cook-off' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Royal Smoke' })).toBeVisible();
}

/** Expects the element wholly inside the 390 x 844 viewport, as the page first shows it. */
async function expectInViewport(element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height);
}

/** A full-page screenshot in the test's artefacts (and a copy under `shots` to look at). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** The boxes of the visible elements matched, to check that none overlaps another. */
const boxesOf = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes
      .filter((n) => n.checkVisibility())
      .map((n) => {
        const r = n.getBoundingClientRect();
        return { text: n.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );
type Box = Awaited<ReturnType<typeof boxesOf>>[number];
const overlap = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

test('at 13:57 on a KCBS day the cook sees the next step first, its turn-in window open on the board, alert settings folded away and the screen kept awake', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);
  await spyOnWakeLock(page);
  await page.clock.install({ time: today(13, 57) });
  await licensedCook(page, request);
  await startKcbsBrisket(page);

  // What is next is on the first screen: the step, its time and countdown, Complete and Snooze.
  const pending = page.getByRole('list', { name: 'Pending' });
  const next = pending.locator('.pc-run-step--next');
  await expect(next.getByRole('heading', { level: 3 })).toHaveText('Spritz and wrap');
  await expect(next.getByText('Next', { exact: true })).toBeVisible();
  await expect(next.locator('.pc-run-step__clock')).toHaveText('10:00');
  await expect(next.locator('.pc-run-step__countdown')).toContainText('overdue');
  const complete = next.getByRole('button', { name: 'Complete Spritz and wrap' });
  await expectInViewport(next);
  await expectInViewport(complete);
  await expectInViewport(next.getByRole('button', { name: 'Snooze Spritz and wrap' }));
  // The 'Complete' label fits its button, and every tap target is at least 44 x 44.
  expect(await textsInView(pending.locator('.pc-run-step__action'))).not.toContainEqual(
    expect.objectContaining({ inside: false }),
  );
  await expectTapTargets(page);
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'run-390-light');

  // The wake lock was taken when the run screen opened.
  await expect.poll(() => wakeLocks(page)).toEqual(['request screen']);

  // Alert settings: the contest clock, notification status, flash, sound and Keep screen on.
  const alertSettings = page.getByRole('button', { name: 'Alert settings' });
  await expect(alertSettings).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Set contest clock' })).toBeHidden();
  await alertSettings.click();
  await expect(alertSettings).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`[id="${await alertSettings.getAttribute('aria-controls')}"]`);
  await expect(panel.getByRole('button', { name: 'Set contest clock' })).toBeVisible();
  await expect(panel.getByText('Notifications:')).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Flash the tab title' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(panel.getByRole('switch', { name: 'Alert sound' })).toHaveAttribute('aria-checked', 'false');
  const keepScreenOn = panel.getByRole('switch', { name: 'Keep screen on' });
  await expect(keepScreenOn).toHaveAttribute('aria-checked', 'true');
  await expectTapTargets(page);
  await expectNoAxeViolations(page);

  // The phone is put away and taken out again: the browser dropped the lock, the screen takes it again.
  await setHidden(page, true);
  await setHidden(page, false);
  await expect.poll(() => wakeLocks(page)).toEqual(['request screen', 'dropped', 'request screen']);

  // Keep screen on turned off releases the lock; on again takes it.
  await keepScreenOn.click();
  await expect(keepScreenOn).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(() => wakeLocks(page))
    .toEqual(['request screen', 'dropped', 'request screen', 'release']);
  await keepScreenOn.click();
  await expect.poll(async () => (await wakeLocks(page)).at(-1)).toBe('request screen');
  // Escape folds the panel back, the focus on its button.
  await keepScreenOn.press('Escape');
  await expect(alertSettings).toHaveAttribute('aria-expanded', 'false');
  await expect(alertSettings).toBeFocused();

  // The timeline folds away on a phone; open, it fits the width and no label covers another or the window.
  const timelineButton = page.getByRole('button', { name: 'Timeline' });
  await expect(timelineButton).toHaveAttribute('aria-expanded', 'false');
  await timelineButton.click();
  const timeline = page.getByRole('figure', { name: 'Cook-off timeline' });
  await expect(timeline).toBeVisible();
  await expect(timeline.getByLabel('Turn-in 14:00, window 13:55 to 14:05')).toBeAttached();
  const labels = await boxesOf(timeline.locator('.pc-day__label'));
  const windows = await boxesOf(timeline.locator('.pc-day__window'));
  expect(labels.length).toBeGreaterThanOrEqual(3);
  for (const [i, a] of labels.entries()) {
    expect(a.right).toBeLessThanOrEqual(phone.width);
    for (const b of [...labels.slice(i + 1), ...windows])
      expect(overlap(a, b), `${a.text} / ${b.text}`).toBe(false);
  }
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'timeline-390-light');
  await timelineButton.click();

  // The turn-in board, by keyboard: the Turn-ins tab (it says one window is open now).
  await page.getByRole('tab', { name: 'Pending' }).focus();
  await page.keyboard.press('End');
  const boardTab = page.getByRole('tab', { name: /^Turn-ins/ });
  await expect(boardTab).toBeFocused();
  await expect(boardTab).toHaveAttribute('aria-selected', 'true');
  await expect(boardTab).toContainText('1 now');
  const board = page.getByRole('list', { name: 'Turn-ins' });
  const brisket = board.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Brisket' }) });
  await expect(brisket.locator('.pc-turn-in__time')).toHaveText('14:00');
  await expect(brisket).toContainText('Window 13:55–14:05');
  await expect(brisket).toContainText('Window open');
  await expect(brisket).toHaveClass(/pc-turn-in--open/);
  await expectInViewport(brisket);
  await expectTapTargets(page);
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'board-390-light');

  // Dark theme: the same screens, no violation either.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'board-390-dark');
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expectInViewport(complete);
  await alertSettings.click();
  await expectNoAxeViolations(page);
  await alertSettings.click();
  await shoot(page, testInfo, 'run-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // 14:06: the window closed and nothing was turned in: the row stays highlighted, as missed.
  await page.clock.fastForward('09:00');
  await page.getByRole('tab', { name: /^Turn-ins/ }).click();
  await expect(brisket).toHaveClass(/pc-turn-in--missed/);
  await expect(brisket).toContainText('Not turned in');

  // On a wide screen the timeline is open from the start (a new visit of the screen).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('figure', { name: 'Cook-off timeline' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shoot(page, testInfo, 'run-1280-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, testInfo, 'run-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Leaving the run screen gives the lock back.
  const before = (await wakeLocks(page)).length;
  await page.getByRole('link', { name: 'Back to Cook-offs' }).click();
  await expect(page.getByRole('heading', { name: 'Cook-off', exact: true })).toBeVisible();
  await expect.poll(async () => (await wakeLocks(page)).slice(before)).toEqual(['release']);
});

test('after Dismiss the focus stays on the list: the next step, and Undo is still at hand', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(phone);
  await page.clock.install({ time: today(8, 0) });
  await licensedCook(page, request);
  await startKcbsBrisket(page);

  await page.getByRole('button', { name: 'Dismiss Spritz and wrap' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Rest in the cooler' })).toBeFocused();
  const undo = page.getByRole('status').getByRole('button', { name: 'Undo' });
  await expect(page.getByRole('status').filter({ hasText: 'Dismissed "Spritz and wrap".' })).toBeVisible();
  await undo.click();
  await expect(page.getByRole('heading', { level: 3, name: 'Spritz and wrap' })).toBeFocused();
});

import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { addCookOff, expectNoAxeViolations, openNavigation, signIn } from './support';
import { horizontalOverflow, smallTapTargets, textsInView } from './support-layout';

const shots = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const sizes = [
  ['390', phone],
  ['1280', desktop],
] as const;
const themes = ['light', 'dark'] as const;
/** Where a screen's tap targets are: the screen itself and any dialog or panel open over it. */
const targetsRoot = 'main, [role=dialog], [role=alertdialog]';

async function goTo(page: Page, link: string, heading: string) {
  await openNavigation(page);
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * In the state the page is in: at 390 and 1280, light and dark, the page does not scroll sideways, and
 * every tap target of the screen (and of what is open over it) is at least 44 x 44. Soft, so that one run
 * lists every state that fails; ends at phone width in light.
 */
async function expectFieldReady(page: Page, state: string) {
  for (const [width, size] of sizes) {
    await page.setViewportSize(size);
    for (const colorScheme of themes) {
      await page.emulateMedia({ colorScheme });
      expect
        .soft(await horizontalOverflow(page), `${state} at ${width} ${colorScheme}: sideways scroll`)
        .toBe(0);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect
      .soft(await smallTapTargets(page, targetsRoot), `${state} at ${width}: small tap targets`)
      .toEqual([]);
  }
  await page.setViewportSize(phone);
}

test.describe('field-ready layout of the cook-offs, templates, template steps and categories screens', () => {
  test('the inline edit of a cook-off stays inside the screen at 390 and 1280, light and dark, with its labels and the columns in view', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(phone);
    await signIn(page, request);
    await page.goto('/contests');
    await addCookOff(page, 'Smoke on the Water');

    for (const [width, size] of sizes) {
      for (const colorScheme of themes) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme });
        const edit = page.getByRole('button', { name: 'Edit Smoke on the Water' });
        await edit.click();
        const form = page.getByRole('form', { name: 'Edit Smoke on the Water' });
        await expect(form.getByLabel(/^Name/)).toBeFocused();
        const where = `${width} ${colorScheme}`;

        expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
        const labels = await textsInView(form.locator('label, .pc-field__label'));
        expect(labels.map((label) => label.text)).toEqual(
          expect.arrayContaining([
            'Date',
            expect.stringMatching(/^Name/),
            expect.stringMatching(/^Sanctioning Body/),
            'Location',
            'Walk Time Adjustment',
          ]),
        );
        expect(
          labels.filter((label) => !label.inside),
          `${where}: labels out of view`,
        ).toEqual([]);

        if (size === desktop) {
          const headers = await textsInView(page.getByRole('table').locator('thead th'));
          for (const column of ['Sanctioning Body', 'Location', 'Weather', 'Actions'])
            expect(headers, `${where}: column ${column}`).toContainEqual({ text: column, inside: true });
        }
        expect.soft(await smallTapTargets(page, targetsRoot), `${where}: small tap targets`).toEqual([]);

        await page.screenshot({
          path: path.join(shots, `cook-off-inline-edit-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        await expectNoAxeViolations(page);

        // Escape cancels and gives the focus back to the row's Edit button.
        await page.keyboard.press('Escape');
        await expect(form).toBeHidden();
        await expect(edit).toBeFocused();
      }
    }

    // Enter saves, and the focus goes back to the Edit button.
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'Edit Smoke on the Water' }).click();
    const form = page.getByRole('form', { name: 'Edit Smoke on the Water' });
    await form.getByLabel(/^Location/).fill('Fort Worth, TX');
    await form.getByLabel(/^Location/).press('Enter');
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit Smoke on the Water' })).toBeFocused();
    await page.setViewportSize(desktop);
    await expect(page.getByRole('table').getByText('Fort Worth, TX')).toBeVisible();
  });

  test('cook-offs, templates, template steps and categories: tap targets of 44 px and no sideways scroll in every state', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(phone);
    await signIn(page, request);

    // Cook-offs: empty, add dialog, list, inline edit, manage templates panel.
    await page.goto('/contests');
    await expect(page.getByText('No Upcoming Cook-offs')).toBeVisible();
    await expectFieldReady(page, 'cook-offs empty');
    await page.getByRole('button', { name: 'Add Cook-off' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Cook-off' })).toBeVisible();
    await expectFieldReady(page, 'cook-offs add dialog');
    await page.getByRole('dialog', { name: 'Add Cook-off' }).getByRole('button', { name: 'Cancel' }).click();
    await addCookOff(page, 'Smoke on the Water');
    await expectFieldReady(page, 'cook-offs list');
    await page.getByRole('table').getByRole('button', { name: 'Smoke on the Water', exact: true }).click();
    await expect(page.getByRole('article')).toBeVisible();
    await expectFieldReady(page, 'cook-offs selected');
    await page.getByRole('button', { name: 'Edit Smoke on the Water' }).click();
    await expectFieldReady(page, 'cook-offs inline edit');
    await page.keyboard.press('Escape');

    // Categories: list, add dialog, inline edit.
    await goTo(page, 'Categories', 'Categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add Category' });
    await expectFieldReady(page, 'categories add dialog');
    await categoryDialog.getByLabel(/^Name/).fill('Jackpot Brisket');
    await categoryDialog.getByLabel(/^Name/).press('Enter');
    await expect(categoryDialog).toBeHidden();
    await expectFieldReady(page, 'categories list');
    await page.getByRole('button', { name: 'Edit Jackpot Brisket' }).click();
    await expectFieldReady(page, 'categories inline edit');
    await page.keyboard.press('Escape');

    // Templates: first use, add dialog, list, inline edit, archived tab empty (with one: at the end).
    const longName = 'Pork Butt With A Rather Long Template Name For A Phone';
    await goTo(page, 'Templates', 'Templates');
    await expect(page.getByRole('heading', { name: 'Create Your First Timing Template' })).toBeVisible();
    await expectFieldReady(page, 'templates first use');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const templateDialog = page.getByRole('dialog', { name: 'Add Template' });
    await expectFieldReady(page, 'templates add dialog');
    await templateDialog.getByLabel(/^Name/).fill('Brisket');
    await templateDialog.getByLabel(/^Turn-in time/).fill('13:30');
    await templateDialog.getByRole('button', { name: 'Create' }).click();
    await expect(templateDialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Template' }).click();
    await templateDialog.getByLabel(/^Name/).fill(longName);
    await templateDialog.getByRole('button', { name: 'Create' }).click();
    await expect(templateDialog).toBeHidden();
    await expectFieldReady(page, 'templates list');
    await page.screenshot({ path: path.join(shots, 'templates-list-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Edit Brisket' }).click();
    await expectFieldReady(page, 'templates inline edit');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Archived/ }).click();
    await expect(page.getByText('No archived templates')).toBeVisible();
    await expectFieldReady(page, 'templates archived empty');
    await page.getByRole('tab', { name: /Active/ }).click();

    // Template steps: empty, list, inline edit.
    await page.getByRole('link', { name: 'Brisket', exact: true }).click();
    await expect(page.getByText('No steps yet.')).toBeVisible();
    await expectFieldReady(page, 'template steps empty');
    for (const [name, before] of [
      ['Inject', 600],
      ['Wrap', 240],
    ] as const) {
      await page.getByLabel(/^Name/).fill(name);
      await page.getByLabel(/^Minutes before turn-in/).fill(String(before));
      await page.getByLabel(/^Minutes before turn-in/).press('Enter');
      await expect(page.getByRole('list', { name: 'Steps' }).getByText(name, { exact: true })).toBeVisible();
    }
    await expectFieldReady(page, 'template steps list');
    await page.getByRole('button', { name: 'Edit Inject' }).click();
    await expectFieldReady(page, 'template steps inline edit');
    await page.keyboard.press('Escape');

    // Back to the cook-offs: the manage templates panel with an attached template.
    await goTo(page, 'Cook-offs', 'Cook-off');
    await page.getByRole('button', { name: 'Manage templates of Smoke on the Water' }).click();
    const panel = page.getByRole('dialog', { name: 'Manage templates' });
    await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Brisket (13:30)' });
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByText('Attached to this cook-off (1)')).toBeVisible();
    await expectFieldReady(page, 'cook-offs manage templates panel');
    await panel.getByRole('button', { name: 'Close' }).click();

    // A template in use can be archived: the archived tab with one.
    await goTo(page, 'Templates', 'Templates');
    await page.getByRole('button', { name: 'Archive Brisket' }).click();
    await page.getByRole('tab', { name: /Archived/ }).click();
    await expect(page.getByRole('button', { name: 'Restore Brisket' })).toBeVisible();
    await expectFieldReady(page, 'templates archived');
  });
});

// Issue 21, part 5 in Chromium: units and date formats follow the browser's locale (en-US: Fahrenheit,
// mph and US dates; en-GB: Celsius), the Units chosen in Settings change the weather card, the card
// shows the site pressure its boiling point comes from, and the location search reads 'fort worth
// texas' and prefers Odessa, Texas to Odessa, Ukraine.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startExternalServices, SURFACE_PRESSURE_HPA, type ExternalServices } from './external-services';
import { externalServicesPort } from './playwright.config';
import { openNavigation, signIn } from './support';

const screens = path.resolve(import.meta.dirname, '..', '..', '.data', 'test-results', 'screens');

let external: ExternalServices;
test.beforeAll(async () => {
  external = await startExternalServices(externalServicesPort);
});
test.afterAll(async () => {
  await external?.close();
});

async function addCookOff(page: Page, name: string, location: string) {
  await page.getByRole('button', { name: /^Add( Cook-off)?$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Cook-off' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/Sanctioning Body/).selectOption({ label: 'Unsanctioned' });
  await dialog.getByLabel(/^Location/).fill(location);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

/** The value beside a term of the weather card's facts. */
const fact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Weather' })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('+ dd');

/** Antoine (SPEC.md section 9) by hand, as a cook would check it. */
const boilingC = (hpa: number) => 1730.63 / (8.07131 - Math.log10(hpa / 1.33322)) - 233.426;

/** Today's date as the locale writes it in the cook-offs list (the new cook-off's date defaults to today). */
const todayIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date());

async function openCookOff(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Weather' })).toContainText('Forecast for');
}

test.describe('an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('shows Fahrenheit, mph and US dates; Celsius and km/h chosen in Settings change the weather card', async ({
    page,
    request,
  }) => {
    await external.use(page);
    await signIn(page, request);
    await page.goto('/contests');
    await addCookOff(page, 'Cowtown Smoke', 'fort worth texas');
    const row = page.getByRole('row').filter({ hasText: 'Cowtown Smoke' });
    await expect(row).toContainText(todayIn('en-US'));
    expect(todayIn('en-US')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    await openCookOff(page, 'Cowtown Smoke');
    const weather = page.getByRole('region', { name: 'Weather' });
    await expect(weather).toContainText('Forecast for Fort Worth, Tarrant, Texas, United States');
    // The fake forecast: 18 + h/2 °C over the first 24 hours, 24.5 °C and 14.8 km/h now.
    await expect(fact(page, 'High')).toHaveText('85.1 °F');
    await expect(fact(page, 'Low')).toHaveText('64.4 °F');
    await expect(fact(page, 'Now')).toHaveText('76.1 °F, Partly cloudy');
    await expect(fact(page, 'Wind')).toHaveText('9 mph');
    await expect(fact(page, 'Sea-level pressure')).toHaveText('1,013 hPa');
    await expect(fact(page, 'Site pressure')).toHaveText(
      `${SURFACE_PRESSURE_HPA.toFixed(1)} hPa (water boils at this pressure)`,
    );
    const c = boilingC(SURFACE_PRESSURE_HPA);
    await expect(fact(page, 'Boiling point')).toHaveText(
      `${((c * 9) / 5 + 32).toFixed(1)} °F / ${c.toFixed(1)} °C`,
    );
    await expect(weather).toContainText(/Updated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
    // The column's high / low of the first 24 hours, whole degrees.
    await expect(row).toContainText('85° / 64 °F');
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await weather.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(screens, `units-weather-${width}-${colorScheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 412, height: 839 });

    await openNavigation(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const temperature = page.getByRole('group', { name: 'Temperature' });
    const wind = page.getByRole('group', { name: 'Wind speed' });
    await expect(temperature.getByRole('radio', { name: 'Fahrenheit (°F)' })).toBeChecked();
    await expect(wind.getByRole('radio', { name: 'mph' })).toBeChecked();
    await temperature.getByRole('radio', { name: 'Celsius (°C)' }).check();
    // From the keyboard: the arrow key moves the choice, as in any radio group.
    await wind.getByRole('radio', { name: 'mph' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(wind.getByRole('radio', { name: 'km/h' })).toBeChecked();
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.getByRole('region', { name: 'Units' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(screens, `units-settings-${width}-${colorScheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 412, height: 839 });

    await openNavigation(page);
    await page.getByRole('link', { name: 'Cook-offs' }).click();
    await openCookOff(page, 'Cowtown Smoke');
    await expect(fact(page, 'High')).toHaveText('29.5 °C');
    await expect(fact(page, 'Wind')).toHaveText('15 km/h');
    // Still US dates: the units are a choice of their own.
    await expect(row).toContainText(todayIn('en-US'));

    // The choice is the account's: it is there after a reload.
    await page.reload();
    await openCookOff(page, 'Cowtown Smoke');
    await expect(fact(page, 'High')).toHaveText('29.5 °C');
  });
});

test.describe('an en-GB browser', () => {
  test.use({ locale: 'en-GB' });

  test('defaults to Celsius (and mph) with British dates; a plain Odessa is Odessa, Texas', async ({
    page,
    request,
  }) => {
    await external.use(page);
    await signIn(page, request);
    await page.goto('/contests');
    await addCookOff(page, 'Basin Brisket', 'Odessa');
    const row = page.getByRole('row').filter({ hasText: 'Basin Brisket' });
    await expect(row).toContainText(todayIn('en-GB'));
    expect(todayIn('en-GB')).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);

    await openCookOff(page, 'Basin Brisket');
    const weather = page.getByRole('region', { name: 'Weather' });
    await expect(weather).toContainText('Forecast for Odessa, Ector, Texas, United States');
    await expect(fact(page, 'High')).toHaveText('29.5 °C');
    await expect(fact(page, 'Wind')).toHaveText('9 mph');
    await expect(weather).toContainText(/Updated \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/);
  });
});

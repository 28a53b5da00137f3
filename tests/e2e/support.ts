import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { e2eAdmin } from './playwright.config';

export const cookPassword = 'smoke-ring-2026';

export function uniqueEmail(prefix = 'cook'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@pitclock.test`;
}

/** Registers a new cook through the API and returns its credentials. */
export async function registerCook(
  request: APIRequestContext,
  name = 'Pit Boss',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: cookPassword,
      display_name: name,
      device_info: { device_id: 'device-e2e', name: 'e2e' },
    },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { email, password: cookPassword };
}

/**
 * Signs a page in with real tokens from the auth service, as the login form would store them. The
 * tokens are seeded once per tab (sessionStorage survives reloads), so a rotated refresh token is never
 * put back.
 */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  { admin = false } = {},
): Promise<{ email: string }> {
  const credentials = admin ? e2eAdmin : await registerCook(request);
  await signInAs(page, request, credentials);
  return { email: credentials.email };
}

/** Signs a page (a phone) in to an existing account, as signIn does. */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const response = await request.post('/api/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const { token, refresh_token } = (await response.json()) as { token: string; refresh_token: string };
  await page.addInitScript(
    ({ t, r }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('token', t);
      localStorage.setItem('TOKEN', t);
      sessionStorage.setItem('token', t);
      localStorage.setItem('refresh_token', r);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    { t: token, r: refresh_token },
  );
}

/** Gives this page's device a licence from an admin-made promo code, from /promo; ends on /templates. */
export async function redeemLicence(page: Page, request: APIRequestContext): Promise<void> {
  const code = await promoCodeFromAdmin(request, 30);
  await page.goto('/promo?returnTo=%2Ftemplates');
  await page.getByLabel(/Promo code/).fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/templates/);
}

/** Resolves once a service worker controls the page, so the next load can be served offline. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

export async function reactInstanceCount(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as { __PITCLOCK_REACTS__?: Set<unknown> }).__PITCLOCK_REACTS__?.size ?? 0,
  );
}

/** On a phone the navigation sits in the slide-in menu; on a wide screen it is always there. */
export async function openNavigation(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
}

/** An admin makes a promo code through the API, as the admin console would. */
export async function promoCodeFromAdmin(request: APIRequestContext, licenseDays: number): Promise<string> {
  const login = await request.post('/api/login', { data: e2eAdmin });
  const { token } = (await login.json()) as { token: string };
  const code = `SMOKE${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const created = await request.post('/api/promo-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, max_uses: 5, license_days: licenseDays },
  });
  expect(created.status()).toBe(201);
  return code;
}

/** Signs a new cook in and gives this device a licence from an admin-made promo code. */
export async function licensedCook(page: Page, request: APIRequestContext): Promise<{ email: string }> {
  const cook = await signIn(page, request);
  await redeemLicence(page, request);
  return cook;
}

export type CookOffPlan = {
  template: string;
  /** HH:MM */
  turnIn: string;
  /** [name, minutes before turn-in] */
  steps: ReadonlyArray<readonly [string, number]>;
  cookOff: string;
};

/** On /contests: an unsanctioned cook-off today, with no walk time. */
export async function addCookOff(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Cook-off' }).click();
  const add = page.getByRole('dialog', { name: 'Add Cook-off' });
  await add.getByLabel(/^Name/).fill(name);
  await add.getByLabel(/Sanctioning Body/).selectOption({ label: 'Unsanctioned' });
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(add).toBeHidden();
}

/** From /templates: a template with its steps, attached to a new cook-off today, and Start pressed. */
export async function startCookOff(page: Page, plan: CookOffPlan): Promise<void> {
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Template' });
  await dialog.getByLabel(/^Name/).fill(plan.template);
  await dialog.getByLabel(/^Turn-in time/).fill(plan.turnIn);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: plan.template, exact: true }).click();
  for (const [name, before] of plan.steps) {
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Minutes before turn-in/).fill(String(before));
    await page.getByLabel(/^Minutes before turn-in/).press('Enter');
    await expect(page.getByRole('list', { name: 'Steps' }).getByText(name, { exact: true })).toBeVisible();
  }
  await page.goto('/contests');
  await addCookOff(page, plan.cookOff);
  await page.getByRole('button', { name: `Manage templates of ${plan.cookOff}` }).click();
  const panel = page.getByRole('dialog', { name: 'Manage templates' });
  await panel
    .getByLabel('Template', { exact: true })
    .selectOption({ label: `${plan.template} (${plan.turnIn})` });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Start ${plan.cookOff}` }).click();
}

const axeSourcePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe-core (WCAG 2 A and AA rules) on the page as it is now and expects no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Evaluated through DevTools, which the app's Content-Security-Policy (script-src 'self') allows.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axeSourcePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

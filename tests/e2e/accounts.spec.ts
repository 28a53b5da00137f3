import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from './playwright.config';
import { cookPassword, openNavigation, registerCook, uniqueEmail } from './support';

// The accounts front end against the real auth service: /signup, /login, the session across a reload,
// sign-out, and the Admin navigation group (SPEC.md sections 2, 4, 5, 6 and 8).

const field = (page: Page, label: RegExp) => page.getByLabel(label);
const email = (page: Page) => field(page, /^Email/);
const password = (page: Page) => field(page, /^Password/);

async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    TOKEN: localStorage.getItem('TOKEN'),
    sessionToken: sessionStorage.getItem('token'),
    refreshToken: localStorage.getItem('refresh_token'),
  }));
}

async function signInThroughForm(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await email(page).fill(credentials.email);
  await password(page).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
}

test('a new cook signs up (seeing each validation message), signs in, stays signed in across a reload, and signs out', async ({
  page,
  request,
}) => {
  const address = uniqueEmail('signup');
  await page.goto('/');
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();

  // Each error shows once its field is left.
  await field(page, /^Name/).fill('A');
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
  await email(page).focus();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();

  await email(page).fill('pit-at-boss');
  await password(page).focus();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await password(page).fill('short');
  await field(page, /^Repeat password/).focus();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();

  await field(page, /^Repeat password/).fill('different');
  await field(page, /^Name/).focus();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();

  // The show/hide toggle.
  await expect(password(page)).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password(page)).toHaveAttribute('type', 'text');

  // Fixed one by one: the errors go and the button is enabled.
  await field(page, /^Name/).fill('Pit Boss');
  await email(page).fill(address);
  await password(page).fill(cookPassword);
  await field(page, /^Repeat password/).fill(cookPassword);
  for (const text of [
    'Name must be at least 2 characters',
    'Enter a valid email address',
    'Passwords do not match',
  ]) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();

  // To /login with the success message and the e-mail filled in.
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Account created. Please sign in.' }),
  ).toBeVisible();
  await expect(email(page)).toHaveValue(address);
  await password(page).fill(cookPassword);
  await password(page).press('Enter');
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();

  const tokens = await storedTokens(page);
  expect(tokens.token).toBeTruthy();
  expect(tokens.TOKEN).toBe(tokens.token);
  expect(tokens.sessionToken).toBe(tokens.token);
  expect(tokens.refreshToken).toBeTruthy();

  // A reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/contests/);
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();

  // Sign-out: back to the welcome page, tokens gone, and the refresh token revoked on the server.
  await openNavigation(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await storedTokens(page)).toEqual({
    token: null,
    TOKEN: null,
    sessionToken: null,
    refreshToken: null,
  });
  await expect
    .poll(async () =>
      (await request.post('/api/auth/refresh', { data: { refresh_token: tokens.refreshToken } })).status(),
    )
    .toBe(401);

  // Signed out, the protected routes send the visitor to the welcome page.
  await page.goto('/contests');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('the login form: required fields, its links, and the server text for wrong credentials', async ({
  page,
  request,
}) => {
  const cook = await registerCook(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeDisabled();
  await email(page).focus();
  await password(page).focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email(page).focus();
  await expect(page.getByText('Password is required')).toBeVisible();

  await email(page).fill(cook.email);
  await password(page).fill('not-the-password');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login/);
  expect((await storedTokens(page)).token).toBeNull();

  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.goBack();
  await page.getByRole('link', { name: 'Back to welcome' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('signing up with an e-mail that already has an account shows the status and the server text', async ({
  page,
  request,
}) => {
  const cook = await registerCook(request);
  await page.goto('/signup');
  await field(page, /^Name/).fill('Second Pit');
  await email(page).fill(cook.email);
  await password(page).fill(cookPassword);
  await field(page, /^Repeat password/).fill(cookPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('409 - An account with this email already exists.');
  await expect(page).toHaveURL(/\/signup/);
});

test('login with /api unreachable shows the network text; an answer without a token shows its text', async ({
  page,
}) => {
  await page.route('**/api/login', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await email(page).fill('pit@boss.test');
  await password(page).fill(cookPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No connection to PitClock. Check your signal and try again.',
  );

  await page.unroute('**/api/login');
  await page.route('**/api/login', (route) =>
    route.fulfill({ status: 200, json: { device_id: 'device-x' } }),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('No token returned from server');
  expect((await storedTokens(page)).token).toBeNull();
});

/** Seeds an expired (unsigned) access token, and optionally a refresh token, as a previous visit left them. */
async function seedExpiredSession(page: Page, refreshToken: string | null): Promise<void> {
  await page.addInitScript((refresh) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    const encode = (value: unknown) =>
      btoa(JSON.stringify(value))
        .replace(/(?<!=)=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
    const expired = `${encode({ alg: 'HS256' })}.${encode({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
    localStorage.setItem('token', expired);
    localStorage.setItem('TOKEN', expired);
    sessionStorage.setItem('token', expired);
    if (refresh) localStorage.setItem('refresh_token', refresh);
    sessionStorage.setItem('e2e-seeded', '1');
  }, refreshToken);
}

test('an expired token with nothing to renew it signs the user out at start', async ({ page }) => {
  await seedExpiredSession(page, null);
  await page.goto('/contests');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(await storedTokens(page)).toEqual({
    token: null,
    TOKEN: null,
    sessionToken: null,
    refreshToken: null,
  });
});

test('an expired token whose refresh the server refuses signs the user out to the sign-in page', async ({
  page,
}) => {
  await seedExpiredSession(page, 'a-refresh-token-the-server-never-issued');
  await page.goto('/contests');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storedTokens(page)).toEqual({
    token: null,
    TOKEN: null,
    sessionToken: null,
    refreshToken: null,
  });
});

test('an expired token is renewed with the refresh token and the cook stays signed in', async ({
  page,
  request,
}) => {
  const cook = await registerCook(request);
  const login = await request.post('/api/login', { data: cook });
  const { refresh_token } = (await login.json()) as { refresh_token: string };
  await seedExpiredSession(page, refresh_token);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.goto('/contests');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Cook-off' })).toBeVisible();
  const stored = await storedTokens(page);
  expect(stored.refreshToken).not.toBe(refresh_token);
  expect(stored.token).not.toBeNull();
});

test('an admin signing in sees the Admin group in the menu', async ({ page }) => {
  await signInThroughForm(page, e2eAdmin);
  await openNavigation(page);
  const admin = page.getByRole('group', { name: 'Admin' });
  await expect(admin).toBeVisible();
  await expect(admin.getByRole('link')).toHaveText([
    'Promo Codes',
    'Licenses',
    'Signup Events',
    'Users',
    'Audit Trail',
  ]);
});

test('a cook signing in does not see the Admin group', async ({ page, request }) => {
  const cook = await registerCook(request);
  const me = page.waitForResponse((response) => response.url().endsWith('/api/me'));
  await signInThroughForm(page, cook);
  expect((await me).status()).toBe(200);
  await openNavigation(page);
  await expect(page.getByRole('link', { name: 'Settings' }).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByText('Promo Codes')).toHaveCount(0);
});

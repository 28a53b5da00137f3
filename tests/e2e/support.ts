import type { Page } from '@playwright/test';

/** An unsigned JWT the shell accepts as a local session (the client checks expiry, the server checks signatures). */
export function localSessionToken(claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp, is_admin: false, ...claims })}.c2lnbmF0dXJl`;
}

export async function signInLocally(page: Page, claims: Record<string, unknown> = {}): Promise<void> {
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, localSessionToken(claims));
}

/** Resolves once a service worker controls the page, so the next load can be served offline. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

export async function reactInstanceCount(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as { __PITCLOCK_REACTS__?: Set<unknown> }).__PITCLOCK_REACTS__?.size ?? 0);
}

/** On a phone the navigation sits in the slide-in menu; on a wide screen it is always there. */
export async function openNavigation(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
}

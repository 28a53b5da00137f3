import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gatewayPort } from './playwright.config';
import { waitForServiceWorkerControl } from './support';

// A second gateway serves a copy of the shell's build, so the test can "deploy" a new service worker
// without touching the build the other specs use. API calls go to the services of the main stack.
const root = path.resolve(import.meta.dirname, '..', '..');
const port = gatewayPort + 18;
let gateway: ChildProcess;
let shellCopy: string;

test.beforeAll(async () => {
  shellCopy = mkdtempSync(path.join(tmpdir(), 'pitclock-shell-'));
  cpSync(path.join(root, 'shell', 'dist'), shellCopy, { recursive: true });
  gateway = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'services', 'gateway'),
    env: {
      ...process.env,
      PORT: String(port),
      SHELL_DIST: shellCopy,
      AUTH_URL: `http://127.0.0.1:${gatewayPort + 1}`,
      LICENSING_URL: `http://127.0.0.1:${gatewayPort + 2}`,
      NOTIFIER_URL: `http://127.0.0.1:${gatewayPort + 3}`,
      SYNC_URL: `http://127.0.0.1:${gatewayPort + 5}`,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, {
      timeout: 30_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  gateway?.kill('SIGTERM');
  rmSync(shellCopy, { recursive: true, force: true });
});

test('when a new deploy brings a new service worker, the reload button offers the update and applies it', async ({
  page,
}) => {
  const base = `http://localhost:${port}`;
  await page.goto(`${base}/`);
  await waitForServiceWorkerControl(page);
  const reload = page.locator('[data-update-ready]');
  await expect(reload).toHaveAttribute('data-update-ready', 'false');

  // The new deploy: a changed service worker and a newer build version.
  appendFileSync(path.join(shellCopy, 'sw.js'), '\n// deploy 2\n');
  writeFileSync(
    path.join(shellCopy, 'build-meta.json'),
    JSON.stringify({ version: '9.9.9-e2e', buildTime: new Date().toISOString() }),
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  await expect(reload).toHaveAttribute('data-update-ready', 'true');
  const oldController = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(oldController).toContain('/sw.js');
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect(page.getByText('Works anywhere without WiFi')).toBeVisible();
  await expect(page.locator('[data-update-ready]')).toHaveAttribute('data-update-ready', 'false');
  const waiting = await page.evaluate(async () =>
    Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
  );
  expect(waiting).toBe(false);
});

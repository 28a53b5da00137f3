import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import hosting from '../../scripts/lib/front-ends.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..', '..');
export const e2eAdmin = { email: 'admin@pitclock.test', password: 'admin-e2e-password' };
/**
 * E2E_SCALED=1 runs the specs unchanged against the scaled stack (two instances of each service and three
 * notifier workers behind the gateway's round-robin) on E2E_PORT (8281 by default), without the dev servers.
 */
export const scaled = process.env.E2E_SCALED === '1';
/** E2E_DEV_SERVERS=0 leaves the Vite dev servers out (runs of the chromium project alone need none). */
const withDevServers = !scaled && process.env.E2E_DEV_SERVERS !== '0';
export const gatewayPort = Number(process.env.E2E_PORT ?? (scaled ? 8281 : 8181));
/** The local Web Push service of push.spec.ts; the stack's notifier may call it and trusts its test CA. */
export const pushReceiverPort = gatewayPort + 9;
/** The local Open-Meteo and JSONBin of external-services.ts; the stack's CSP lets the page reach it. */
export const externalServicesPort = gatewayPort + 7;
const externalServices = `http://127.0.0.1:${externalServicesPort}`;
const pushReceiverCa = path.join(root, 'services', 'notifier', 'test-fixtures', 'push-receiver-ca.pem');

// Debian's Chromium, never a downloaded browser. The background-networking flags keep Chromium from
// calling out of this offline machine.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const devServers = Object.entries(hosting).map(([workspace, { base, devPort }]) => ({
  workspace,
  port: devPort,
  base,
}));
const shellDevUrl = `http://localhost:${hosting.shell.devPort}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // Under CI a failed test runs once more; npm test counts one that then passes as flaky and fails the
  // run unless tests/quarantine.json lists it (scripts/lib/test-report.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${gatewayPort}`,
    launchOptions: chromiumLaunch,
    // Dates and times follow the browser's locale (issue 21): en-GB reads 24-hour times ('13:55') and
    // '26 Nov 2026', which the specs assert; tests of other locales set theirs.
    locale: 'en-GB',
    // No transition is caught half-way by an axe check (base.css shortens them all under it).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    // The first-run welcome has been seen on this device (onboarding.spec.ts starts without it).
    storageState: {
      cookies: [],
      origins: [`http://localhost:${gatewayPort}`, shellDevUrl].map((origin) => ({
        origin,
        localStorage: [{ name: 'pitclock_onboarding_seen', value: '2026-01-01T00:00:00.000Z' }],
      })),
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/dev-*.spec.ts',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
    },
    {
      name: 'dev',
      testMatch: '**/dev-*.spec.ts',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch, baseURL: shellDevUrl },
    },
  ],
  webServer: [
    {
      command: `node scripts/serve-stack.mjs --port ${gatewayPort} --fresh-db${scaled ? ' --scaled' : ''}`,
      cwd: root,
      url: `http://localhost:${gatewayPort}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      // The first admin of the e2e stack, created by the auth service at start.
      env: {
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        PUSH_ALLOWED_ORIGINS: `https://127.0.0.1:${pushReceiverPort}`,
        WEATHER_HOSTS: externalServices,
        BACKUP_HOSTS: externalServices,
        NODE_EXTRA_CA_CERTS: pushReceiverCa,
      },
    },
    // Development mode: the three Vite dev servers with hot reload, the shell federating the remotes
    // from theirs and proxying /api to the stack above.
    ...(withDevServers ? devServers : []).map(({ workspace, port, base }) => ({
      command: `npm run dev -w ${workspace}`,
      cwd: root,
      url: `http://localhost:${port}${base}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { PITCLOCK_API_PROXY: `http://localhost:${gatewayPort}` },
    })),
  ],
  outputDir: path.join(root, '.data', scaled ? 'test-results-scaled' : 'test-results'),
});

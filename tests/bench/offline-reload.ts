// How fast /contests comes back offline: after one signed-in visit (the service worker installs, precaches
// the shell and the cook-app remote, and takes control of the page), the browser context goes offline and
// /contests is reloaded five times. Each reload is timed from its navigation start (performance.timeOrigin
// of the new document) to the moment the Cook-off screen's content is in the page: its heading and the
// list of cook-offs or its empty state. A MutationObserver, installed by an init script before any of the
// page's scripts run, notes the first time both are there. Prints each reload and the median; target
// <= 500 ms (not asserted).
//
// A separate bench rather than a section of lighthouse.ts: it drives one Playwright browser through a
// visit, then offline reloads, while Lighthouse wants a new Chromium per run with its caches cleared;
// and each writes its own results file and can be run alone.
//
// The checks that make the figure honest: every reload must be controlled by the service worker, no
// request of a reload may be answered by the network (Playwright's offline mode blocks the service
// worker's own fetches too), and a fetch to the API must fail while offline.
//
//   node --import tsx tests/bench/offline-reload.ts
// Knobs: BENCH_URL (a running stack) or BENCH_PORT (default 8191), CHROMIUM_PATH, OFFLINE_RELOADS (default 5).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page, type Request } from 'playwright-core';
import { chromiumLaunch, percentile, root, signedInCook, withStack } from './lib';

const RELOADS = Number(process.env.OFFLINE_RELOADS ?? 5);
const TARGET_MS = 500;
const CONTENT_TIMEOUT_MS = 15_000;

/** What the page noted about its Cook-off screen (ms since the navigation started). */
interface ScreenMarks {
  headingMs?: number;
  contentMs?: number;
  /** 'list' (the table of cook-offs) or 'empty state'. */
  content?: string;
}

/** One offline reload. */
interface Reload {
  contentMs: number;
  headingMs: number;
  content: string;
  controlled: boolean;
  /** Requests of the reload answered by the network rather than the service worker (must be 0). */
  fromNetwork: string[];
  /** Requests of the reload that failed (offline): the API calls, the sync stream. */
  failed: number;
}

/**
 * The init script: notes when the Cook-off heading (#pc-contests-title) first is in the page, and when the
 * heading and the content under it (the cook-offs table, .pc-contests-table, or the empty state,
 * .pc-contests-empty) both first are. No named inner functions: tsx would wrap them in a helper the
 * page does not have.
 */
function watchContestsScreen() {
  const marks: ScreenMarks = {};
  (window as unknown as { contestsScreen: ScreenMarks }).contestsScreen = marks;
  new MutationObserver((_, observer) => {
    const at = performance.now();
    if (marks.headingMs === undefined && document.querySelector('#pc-contests-title')) marks.headingMs = at;
    if (marks.headingMs === undefined) return;
    const content = document.querySelector('.pc-contests-table, .pc-contests-empty');
    if (!content) return;
    marks.contentMs = at;
    marks.content = content.matches('.pc-contests-table') ? 'list' : 'empty state';
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
}

/** Waits until a service worker controls the page (the shell's worker claims it on its first install). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  const controlled = () =>
    page
      .waitForFunction(
        async () => {
          await navigator.serviceWorker.ready;
          return navigator.serviceWorker.controller !== null;
        },
        null,
        { timeout: 20_000 },
      )
      .then(
        () => true,
        () => false,
      );
  if (await controlled()) return;
  // Not claimed (an older worker's rules): a reload online puts the page under the active worker.
  await page.reload({ waitUntil: 'load' });
  if (!(await controlled())) throw new Error('no service worker took control of /contests');
}

async function offlineReload(page: Page): Promise<Reload> {
  const context = page.context();
  const fromNetwork: string[] = [];
  const pending: Promise<unknown>[] = [];
  let failed = 0;
  // A request of the service worker itself (its fetch() to the server) that finished reached the network;
  // a page's request did unless the worker answered it.
  const onFinished = (request: Request) => {
    const where = `${request.serviceWorker() ? 'service worker: ' : ''}${new URL(request.url()).pathname}`;
    if (request.serviceWorker()) fromNetwork.push(where);
    else {
      pending.push(
        request.response().then((response) => {
          if (response && !response.fromServiceWorker()) fromNetwork.push(where);
        }),
      );
    }
  };
  const onFailed = () => (failed += 1);
  context.on('requestfinished', onFinished);
  context.on('requestfailed', onFailed);
  try {
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { contestsScreen?: ScreenMarks }).contestsScreen?.contentMs !== undefined,
      null,
      { timeout: CONTENT_TIMEOUT_MS },
    );
    const shown = await page.evaluate(() => ({
      marks: (window as unknown as { contestsScreen: ScreenMarks }).contestsScreen,
      controlled: navigator.serviceWorker.controller !== null,
    }));
    await page.waitForTimeout(1000); // let the lazy chunks and the sync engine's first (failing) calls settle
    await Promise.all(pending);
    return {
      contentMs: shown.marks.contentMs!,
      headingMs: shown.marks.headingMs!,
      content: shown.marks.content!,
      controlled: shown.controlled,
      fromNetwork: [...fromNetwork],
      failed,
    };
  } finally {
    context.off('requestfinished', onFinished);
    context.off('requestfailed', onFailed);
  }
}

const { reloads, apiWhileOffline } = await withStack(async (baseUrl) => {
  const tokens = await signedInCook(baseUrl);
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext();
    // The tokens the login form would have stored, once (the app may replace them with refreshed ones).
    await context.addInitScript(({ token, refresh_token }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', token);
      localStorage.setItem('refresh_token', refresh_token);
    }, tokens);
    await context.addInitScript(watchContestsScreen);
    const page = await context.newPage();
    await page.goto(new URL('/contests', baseUrl).toString(), { waitUntil: 'load' });
    await page.locator('#pc-contests-title').waitFor();
    await waitForServiceWorkerControl(page);
    await page.waitForTimeout(1000); // the first visit's lazy chunks and sync

    await context.setOffline(true);
    const measured: Reload[] = [];
    for (let i = 0; i < RELOADS; i += 1) measured.push(await offlineReload(page));
    const api = await page.evaluate(() =>
      fetch('/api/me', { cache: 'no-store' }).then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    await context.close();
    return { reloads: measured, apiWhileOffline: api };
  } finally {
    await browser.close();
  }
});

const median = percentile(
  reloads.map((reload) => reload.contentMs),
  50,
);
const ms = (value: number) => `${Math.round(value)} ms`;
console.log('offline-reload: /contests reloaded offline, from navigation start to the Cook-off content');
reloads.forEach((reload, i) => {
  console.log(
    `  reload ${i + 1}: ${ms(reload.contentMs).padStart(7)} (heading at ${ms(reload.headingMs)}; ${reload.content}; ` +
      `${reload.controlled ? 'served by the service worker' : 'NOT controlled by the service worker'}, ` +
      `${reload.fromNetwork.length} from the network, ${reload.failed} failed requests)`,
  );
});
console.log(
  `  median of ${reloads.length}: ${ms(median)} (target <= ${TARGET_MS} ms: ${median <= TARGET_MS ? 'PASS' : 'MISS'})`,
);
console.log(`  a fetch of /api/me while offline: ${apiWhileOffline} (must have failed)`);

const problems = [
  ...reloads.flatMap((reload, i) => [
    ...(reload.controlled ? [] : [`reload ${i + 1} was not controlled by the service worker`]),
    ...reload.fromNetwork.map((url) => `reload ${i + 1}: ${url} came from the network while offline`),
  ]),
  ...(apiWhileOffline === 'failed' ? [] : [`the API ${apiWhileOffline} while offline`]),
];
for (const problem of problems) console.log(`  INVALID: ${problem}`);

const out = path.join(root, 'tests', 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'offline-reload.json'),
  JSON.stringify(
    { measuredAt: new Date().toISOString(), targetMs: TARGET_MS, medianMs: median, reloads, problems },
    null,
    2,
  ),
);
if (problems.length) process.exitCode = 1;

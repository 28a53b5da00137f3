// Prints the gzip size of the JavaScript a first visit downloads, measured in Chromium on the built
// stack: a first visit to /, a first visit to /contests (signed in, cook-app remote included) and what
// /contests adds to /. Targets (issue 22): a first visit to /contests at most 200 KB gzip in at most 20
// files, / at most 130 KB, and admin-console never downloaded by a non-admin. Service-worker precache
// downloads are reported apart. Exits 1 when the first visit to /contests is over 200 KB, so that
// `npm run bench` fails (npm test does not run benchmarks).
import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoginResponse } from '@pitclock/contracts/schemas';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunch, root, signedInCook, withStack } from './lib';

/** The gzip size of each script a visit downloaded, by URL: by the page, and by its service worker. */
interface Visit {
  pageScripts: Map<string, number>;
  workerScripts: Map<string, number>;
  pageBytes: number;
  workerBytes: number;
  /** The bytes the page's scripts took on the wire, as the server encoded them (brotli, gzip or none). */
  pageWireBytes: number;
  /** What the page had loaded when its first screen (its heading) showed. */
  firstScreenBytes: number;
  firstScreenFiles: number;
  /** The first heading's text (what 'the first screen' was) and the scripts asked for after it. */
  firstHeading: string;
  afterFirstScreen: string[];
}

const TARGETS = { contestsKb: 200, contestsFiles: 20, welcomeKb: 130 } as const;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function firstVisit(
  browser: Browser,
  baseUrl: string,
  route: string,
  tokens?: LoginResponse,
): Promise<Visit> {
  const context = await browser.newContext();
  if (tokens) {
    await context.addInitScript(({ token, refresh_token }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refresh_token', refresh_token);
    }, tokens);
  }
  const page = await context.newPage();
  const pageScripts = new Map<string, number>();
  const workerScripts = new Map<string, number>();
  const pageWire = new Map<string, number>();
  const pending: Promise<unknown>[] = [];
  context.on('response', (response) => {
    const url = response.url();
    const isJs =
      response.request().resourceType() === 'script' || /\.(m?js)(\?|$)/.test(new URL(url).pathname);
    if (!isJs || response.status() !== 200) return;
    const target = response.request().serviceWorker() ? workerScripts : pageScripts;
    pending.push(
      response
        .body()
        .then((body) => target.set(url, gzipSync(body).length))
        .catch(() => {}),
    );
    if (target === pageScripts) {
      pending.push(
        response
          .request()
          .sizes()
          .then((sizes) => pageWire.set(url, sizes.responseBodySize))
          .catch(() => {}),
      );
    }
  });
  // The first screen is there when its heading is (not 'networkidle': a signed-in page keeps its sync
  // stream open). The page notes when a heading first shows; the scripts it had asked for by then are
  // what the first screen cost, and what it asks for later (the sync engine, other lazy chunks) is
  // counted apart.
  await page.addInitScript(() => {
    const marked = window as unknown as { firstHeading?: { at: number; text: string } };
    new MutationObserver((_, observer) => {
      const heading = document.querySelector('h1');
      if (!heading?.textContent?.trim()) return;
      marked.firstHeading = { at: performance.now(), text: heading.textContent.trim() };
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  const askedBeforeHeading = await page.evaluate(() => {
    const { firstHeading } = window as unknown as { firstHeading?: { at: number } };
    const at = firstHeading?.at ?? performance.now();
    const asked = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= at)
      .map((entry) => entry.name);
    return { asked, heading: firstHeading ? (document.querySelector('h1')?.textContent ?? '') : '' };
  });
  await Promise.all(pending);
  const firstScreen = new Map([...pageScripts].filter(([url]) => askedBeforeHeading.asked.includes(url)));
  await page.waitForTimeout(1500); // let lazy chunks and the service worker's install finish
  await Promise.all(pending);
  await context.close();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    pageScripts,
    workerScripts,
    pageBytes: sum(pageScripts),
    workerBytes: sum(workerScripts),
    pageWireBytes: sum(pageWire),
    firstScreenBytes: sum(firstScreen),
    firstScreenFiles: firstScreen.size,
    firstHeading: askedBeforeHeading.heading,
    afterFirstScreen: [...pageScripts.keys()].filter((url) => !firstScreen.has(url)),
  };
}

const result = await withStack(async (baseUrl) => {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const welcome = await firstVisit(browser, baseUrl, '/');
    const contests = await firstVisit(browser, baseUrl, '/contests', await signedInCook(baseUrl));
    const added = [...contests.pageScripts].filter(([url]) => !welcome.pageScripts.has(url));
    const adminFetched = [
      ...contests.pageScripts.keys(),
      ...contests.workerScripts.keys(),
      ...welcome.pageScripts.keys(),
      ...welcome.workerScripts.keys(),
    ].filter((url) => url.includes('/remotes/admin-console/'));
    return { welcome, contests, addedBytes: added.reduce((a, [, b]) => a + b, 0), added, adminFetched };
  } finally {
    await browser.close();
  }
});

const { welcome, contests, addedBytes, adminFetched } = result;
console.log('bundle: gzip size of JavaScript, measured in Chromium on the built stack');
const contestsKbOk = contests.pageBytes / 1024 <= TARGETS.contestsKb;
const contestsFilesOk = contests.pageScripts.size <= TARGETS.contestsFiles;
const welcomeOk = welcome.pageBytes / 1024 <= TARGETS.welcomeKb;
console.log(
  `  first visit to /          ${kb(welcome.pageBytes).padStart(7)} KB in ${welcome.pageScripts.size} files (target <= ${TARGETS.welcomeKb} KB: ${verdict(welcomeOk)})`,
);
console.log(
  `  first visit to /contests  ${kb(contests.pageBytes).padStart(7)} KB in ${contests.pageScripts.size} files (target <= ${TARGETS.contestsKb} KB: ${verdict(contestsKbOk)}; <= ${TARGETS.contestsFiles} files: ${verdict(contestsFilesOk)})`,
);
console.log(
  `    on the wire (as served: pre-compressed brotli) / ${kb(welcome.pageWireBytes)} KB, /contests ${kb(contests.pageWireBytes)} KB`,
);
console.log(
  `    of it, until the first screen ('${contests.firstHeading}') shows ${kb(contests.firstScreenBytes).padStart(7)} KB in ${contests.firstScreenFiles} files`,
);
console.log(
  `    asked for after it: ${contests.afterFirstScreen.map((url) => new URL(url).pathname.split('/').pop()).join(', ') || 'nothing'}`,
);
console.log(`  /contests adds to /       ${kb(addedBytes).padStart(7)} KB in ${result.added.length} files`);
console.log(
  `  service-worker precache   ${kb(contests.workerBytes).padStart(7)} KB of JS fetched in the background for offline use`,
);
console.log(
  `  admin-console downloaded by a non-admin: ${adminFetched.length ? `YES (${adminFetched.join(', ')})` : 'no'}`,
);
console.log('  files on a first visit to /:');
for (const [url, bytes] of [...welcome.pageScripts].sort((a, b) => b[1] - a[1])) {
  console.log(`    ${kb(bytes).padStart(7)} KB  ${new URL(url).pathname}`);
}
console.log('  files on a first visit to /contests:');
for (const [url, bytes] of [...contests.pageScripts].sort((a, b) => b[1] - a[1])) {
  console.log(`    ${kb(bytes).padStart(7)} KB  ${new URL(url).pathname}`);
}
const out = path.join(root, 'tests', 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'bundle.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      welcomeKb: welcome.pageBytes / 1024,
      welcomeFiles: welcome.pageScripts.size,
      contestsKb: contests.pageBytes / 1024,
      contestsFiles: contests.pageScripts.size,
      welcomeWireKb: welcome.pageWireBytes / 1024,
      contestsWireKb: contests.pageWireBytes / 1024,
      contestsFirstScreenKb: contests.firstScreenBytes / 1024,
      contestsFirstScreenFiles: contests.firstScreenFiles,
      addedKb: addedBytes / 1024,
      precacheKb: contests.workerBytes / 1024,
      adminDownloaded: adminFetched.length > 0,
    },
    null,
    2,
  ),
);
if (!contestsKbOk) {
  console.log(`bundle: the first visit to /contests is over ${TARGETS.contestsKb} KB gzip`);
  process.exitCode = 1;
}

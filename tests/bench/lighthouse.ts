// Lighthouse (12.2.3, its Node API) on the built stack: the default config's mobile preset (a Moto G Power
// screen, simulated slow 4G and a 4x slower CPU), categories performance and best-practices, three runs
// of each page, each in a Chromium of its own. Pages: `/` signed out, and `/contests` signed in with
// nothing cached. Prints each run and the median of the Performance score, LCP, FCP, TBT, CLS, Speed Index,
// the Best Practices score and the Best Practices audits that failed (with the page's CSP violations);
// for /contests also its JavaScript requests (count, and their timeline: the request waterfall) and the
// longest critical request chain. Targets, printed PASS/MISS beside the medians, never asserted:
// /contests Performance >= 90 and LCP <= 2.5 s, / Performance >= 98, Best Practices 100 everywhere.
//
// "Signed in with caches cleared", and why the figures are a cold first visit:
// - Every run launches Chromium (chrome-launcher, as Lighthouse's own CLI does) on a new, empty profile
//   directory that is deleted afterwards: no HTTP cache, no V8 code cache, no service worker, no Cache
//   Storage, no IndexedDB, no cookies from an earlier run.
// - Lighthouse's storage reset stays on (it is not disabled): before loading, it clears the origin's service
//   workers, Cache Storage and file systems, and the whole HTTP cache (memory and disk). In Lighthouse 12
//   that reset leaves localStorage, IndexedDB and cookies alone (settings.clearStorageTypes), which is what
//   lets a token in localStorage survive it; IndexedDB is empty anyway on the new profile.
// - The cook's tokens are put in localStorage by a script that runs at the start of every document of the
//   stack's origin (puppeteer's evaluateOnNewDocument on the page handed to Lighthouse, the way bundle.ts's
//   init script does it): they are there before the app's first script runs, and nothing of the app ran
//   before the measured load (no earlier visit that would install the service worker or fill IndexedDB).
//   After the run, the page must show the Cook-off heading at /contests, or the run is an error (a run
//   that measured the sign-in screen instead would be wrong, not slow).
//
// Headless Linux: Chromium runs as root here, so --no-sandbox; --headless (the new headless mode, the only
// one of recent Chromium); --disable-gpu (no GPU: software rendering). chrome-launcher adds Lighthouse's
// usual flags (no background throttling, no extensions, no first-run UI). Lighthouse simulates the
// throttling from a trace taken at the machine's speed, so a busy machine (its benchmarkIndex, printed)
// gives worse TBT and scores: the figures are indicative, the median of three is what to compare.
//
//   node --import tsx tests/bench/lighthouse.ts
// Knobs: BENCH_URL (a running stack) or BENCH_PORT (default 8191), CHROMIUM_PATH, LIGHTHOUSE_RUNS (default
// 3), LIGHTHOUSE_PAGES (routes, comma-separated: '/contests'), LIGHTHOUSE_REPORTS=<dir> (writes each run's
// full Lighthouse JSON there, to open in the Lighthouse viewer), LIGHTHOUSE_MAX_WAIT_MS (default 20000, see
// below), LIGHTHOUSE_LOG_LEVEL (Lighthouse's own log: 'info', 'verbose'; default 'error').
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page as BrowserPage } from 'puppeteer-core';
import type { LoginResponse } from '@pitclock/contracts/schemas';
import { chromiumLaunch, percentile, root, signedInCook, withStack } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'best-practices'];
// Lighthouse waits for the page to be loaded, which includes no high-priority request in flight. Signed
// in, the app keeps its sync stream open (GET /api/sync/events, a streaming fetch: not an EventSource,
// which Lighthouse would leave out), so that wait often lasts until maxWaitForLoad (45 s by default)
// and Lighthouse warns that the page "loaded too slowly". The load has long finished by then (the main
// thread has no long task after ~4 s on this machine, busy), so a trace of 20 s still holds all of it and
// the metrics are the same; it saves 25 s a run.
const MAX_WAIT_FOR_LOAD_MS = Number(process.env.LIGHTHOUSE_MAX_WAIT_MS ?? 20_000);
const SLOW_LOAD_WARNING = /loaded too slowly/;

interface Targets {
  performance: number;
  lcpMs?: number;
  bestPractices: number;
}
interface AuditedPage {
  route: string;
  label: string;
  signedIn: boolean;
  targets: Targets;
}
const ALL_PAGES: AuditedPage[] = [
  { route: '/', label: '/ (signed out)', signedIn: false, targets: { performance: 98, bestPractices: 100 } },
  {
    route: '/contests',
    label: '/contests (signed in, nothing cached)',
    signedIn: true,
    targets: { performance: 90, lcpMs: 2500, bestPractices: 100 },
  },
];
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? ALL_PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES!.split(',').includes(page.route))
  : ALL_PAGES;

/** The figures of one Lighthouse run. */
interface RunFigures {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bestPractices: number;
  /** Scored Best Practices audits that did not pass, each with a few of its items. */
  failingBestPractices: { id: string; details: string[] }[];
  /** Best Practices audits without weight (informative, e.g. csp-xss) that did not pass. */
  failingUnscored: string[];
  jsRequests: number;
  jsTransferKb: number;
  /** Each script request as observed (not throttled): ms from the document's request, KB transferred. */
  jsTimeline: { path: string; startMs: number; endMs: number; kb: number }[];
  longestChain: { requests: number; durationMs: number; transferKb: number; urls: string[] };
  /** The page's Content-Security-Policy violations (securitypolicyviolation events). */
  cspViolations: string[];
  benchmarkIndex: number;
  runWarnings: string[];
}

// ---------------------------------------------------------------------------------------------------------
// One run.

/**
 * Runs at the start of every document of the page (the stack's origin only; Lighthouse loads about:blank
 * first): puts the cook's tokens where the login form stores them, when signed in, and notes the page's
 * Content-Security-Policy violations, which Lighthouse's inspector-issues audit counts without saying
 * which directive or source.
 */
function preparePage(origin: string, tokens: { token: string; refresh_token: string } | null) {
  if (location.origin !== origin) return;
  if (tokens) {
    localStorage.setItem('token', tokens.token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
  }
  const violations: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = violations;
  window.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` in ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
    violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
  });
}

/** Lighthouse's result of one run, and the CSP violations the page noted. */
interface Run {
  lhr: Result;
  cspViolations: string[];
}

async function lighthouseRun(url: string, tokens: LoginResponse | undefined): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: ['--headless', ...(chromiumLaunch.args ?? [])],
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null, // Lighthouse emulates the phone's screen itself
    });
    try {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(
        preparePage,
        new URL(url).origin,
        tokens ? { token: tokens.token, refresh_token: tokens.refresh_token } : null,
      );
      const flags: Flags = {
        logLevel: (process.env.LIGHTHOUSE_LOG_LEVEL as Flags['logLevel']) ?? 'error',
        output: 'json',
        onlyCategories: CATEGORIES,
        maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
        disableFullPageScreenshot: true, // taken after the trace; not needed here
      };
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (tokens) await expectContestsScreen(page, result.lhr);
      const cspViolations = await page.evaluate(
        () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
      );
      return { lhr: result.lhr, cspViolations };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/** A signed-in run must have measured the Cook-off screen, not the sign-in page. */
async function expectContestsScreen(page: BrowserPage, lhr: Result): Promise<void> {
  const shown = await page.evaluate(() => ({
    path: location.pathname,
    heading: document.querySelector('#pc-contests-title')?.textContent?.trim() ?? '',
    anyHeading: document.querySelector('h1')?.textContent?.trim() ?? '',
  }));
  if (shown.path !== '/contests' || !shown.heading) {
    throw new Error(
      `the signed-in run did not show the Cook-off screen: ${shown.path}, heading '${shown.anyHeading}' ` +
        `(Lighthouse's final URL ${lhr.finalDisplayedUrl}): were the tokens in localStorage?`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Figures from a Lighthouse result.

type ChainNode = {
  request: { url: string; startTime: number; endTime: number; transferSize: number };
  children?: Record<string, ChainNode>;
};

/** The path of the chain that ends last (the audit's longest chain), its request URLs from the document. */
function longestChainUrls(chains: Record<string, ChainNode>): string[] {
  let best = { end: -Infinity, urls: [] as string[] };
  const walk = (node: ChainNode, start: number, urls: string[]) => {
    const here = [...urls, node.request.url];
    const children = Object.values(node.children ?? {});
    if (children.length === 0 && node.request.endTime - start > best.end) {
      best = { end: node.request.endTime - start, urls: here };
    }
    for (const child of children) walk(child, start, here);
  };
  for (const root of Object.values(chains)) walk(root, root.request.startTime, []);
  return best.urls;
}

/** Short texts of an audit's first items (the console error, the issue type, the URL). */
function itemTexts(audit: Result['audits'][string]): string[] {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? []).slice(0, 3).map((item) => {
    const text = [item.description, item.issueType, item.url, item.source]
      .filter((part) => typeof part === 'string' && part)
      .join(' ');
    return (text || JSON.stringify(item)).slice(0, 160);
  });
}

function figuresOf({ lhr, cspViolations }: Run): RunFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => {
    const found = lhr.audits[id];
    if (!found) throw new Error(`Lighthouse's result has no '${id}' audit`);
    return found;
  };
  const numeric = (id: string) => audit(id).numericValue ?? NaN;
  const score = (id: string) => Math.round(100 * (lhr.categories[id]?.score ?? NaN));
  const bestPracticeRefs = lhr.categories['best-practices']?.auditRefs ?? [];
  const failed = (id: string) => {
    const s = lhr.audits[id]?.score;
    return s !== null && s !== undefined && s < 1;
  };
  const requests = (audit('network-requests').details as { items: Record<string, unknown>[] }).items;
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const chains = audit('critical-request-chains').details as {
    chains?: Record<string, ChainNode>;
    longestChain?: { duration: number; length: number; transferSize: number };
  };
  return {
    performance: score('performance'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    bestPractices: score('best-practices'),
    failingBestPractices: bestPracticeRefs
      .filter((ref) => ref.weight > 0 && failed(ref.id))
      .map((ref) => ({ id: ref.id, details: itemTexts(audit(ref.id)) })),
    failingUnscored: bestPracticeRefs
      .filter((ref) => ref.weight === 0 && failed(ref.id))
      .map((ref) => ref.id),
    jsRequests: scripts.length,
    jsTransferKb: scripts.reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0) / 1024,
    jsTimeline: scripts.map((request) => ({
      path: new URL(String(request.url)).pathname,
      startMs: Math.round(Number(request.networkRequestTime)),
      endMs: Math.round(Number(request.networkEndTime)),
      kb: Math.round(Number(request.transferSize ?? 0) / 102.4) / 10,
    })),
    longestChain: {
      requests: chains.longestChain?.length ?? 0,
      durationMs: chains.longestChain?.duration ?? 0,
      transferKb: (chains.longestChain?.transferSize ?? 0) / 1024,
      urls: longestChainUrls(chains.chains ?? {}),
    },
    cspViolations,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    runWarnings: lhr.runWarnings.map(String),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Medians, targets and printing.

const NUMERIC = ['performance', 'lcpMs', 'fcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'bestPractices'] as const;
type Medians = Record<(typeof NUMERIC)[number], number>;

// The middle run of an odd number of runs (nearest rank 50; the lower middle one for an even number).
const mediansOf = (runs: RunFigures[]): Medians =>
  Object.fromEntries(
    NUMERIC.map((key) => [
      key,
      percentile(
        runs.map((run) => run[key]),
        50,
      ),
    ]),
  ) as Medians;

const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function verdicts(medians: Medians, targets: Targets): { text: string; met: boolean }[] {
  const lines = [
    {
      text: `Performance ${medians.performance} (target >= ${targets.performance})`,
      met: medians.performance >= targets.performance,
    },
    {
      text: `Best Practices ${medians.bestPractices} (target ${targets.bestPractices})`,
      met: medians.bestPractices >= targets.bestPractices,
    },
  ];
  if (targets.lcpMs !== undefined) {
    lines.splice(1, 0, {
      text: `LCP ${seconds(medians.lcpMs)} (target <= ${seconds(targets.lcpMs)})`,
      met: medians.lcpMs <= targets.lcpMs,
    });
  }
  return lines;
}

function row(label: string, f: Medians, failing: string): string {
  return [
    label.padEnd(8),
    String(f.performance).padStart(5),
    seconds(f.lcpMs).padStart(8),
    seconds(f.fcpMs).padStart(8),
    `${Math.round(f.tbtMs)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(7),
    seconds(f.speedIndexMs).padStart(8),
    String(f.bestPractices).padStart(5),
    `  ${failing}`,
  ].join(' ');
}

function printPage(page: AuditedPage, runs: RunFigures[], medians: Medians): void {
  console.log(`  ${page.label}`);
  console.log(
    `    ${'run'.padEnd(8)}  perf      LCP      FCP      TBT     CLS       SI    BP  failing BP audits`,
  );
  runs.forEach((run, i) => {
    const failing = run.failingBestPractices.map((audit) => audit.id).join(', ') || '-';
    console.log(`    ${row(String(i + 1), run, failing)}`);
  });
  console.log(`    ${row('median', medians, '')}`);
  for (const line of verdicts(medians, page.targets)) console.log(`    ${line.text}: ${verdict(line.met)}`);
  const failures = new Map<string, { runs: number; details: string[] }>();
  for (const run of runs) {
    for (const audit of run.failingBestPractices) {
      const seen = failures.get(audit.id) ?? { runs: 0, details: audit.details };
      failures.set(audit.id, { ...seen, runs: seen.runs + 1 });
    }
  }
  for (const [id, { runs: count, details }] of failures) {
    console.log(`    failing Best Practices audit ${id} (${count} of ${runs.length} runs)`);
    for (const detail of details) console.log(`      ${detail}`);
  }
  const unscored = [...new Set(runs.flatMap((run) => run.failingUnscored))];
  if (unscored.length) console.log(`    unscored Best Practices audits not passed: ${unscored.join(', ')}`);
  const violations = [...new Set(runs.flatMap((run) => run.cspViolations))];
  for (const violation of violations) console.log(`    CSP violation: ${violation}`);
  const warnings = [...new Set(runs.flatMap((run) => run.runWarnings))];
  for (const warning of warnings) {
    const known = page.signedIn && SLOW_LOAD_WARNING.test(warning);
    console.log(
      `    Lighthouse warned: ${warning}${known ? ' (expected: the open sync stream, see MAX_WAIT_FOR_LOAD_MS)' : ''}`,
    );
  }
}

function printRequests(runs: RunFigures[]): void {
  const middle = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  console.log(
    `    JS requests: ${runs.map((run) => run.jsRequests).join(' / ')} ` +
      `(${middle.jsTransferKb.toFixed(1)} KB transferred in the median-score run)`,
  );
  console.log(
    `    longest critical request chain: ${runs.map((run) => run.longestChain.requests).join(' / ')} requests, ` +
      `${runs.map((run) => Math.round(run.longestChain.durationMs)).join(' / ')} ms (simulated slow 4G)`,
  );
  console.log(`      in the median-score run: ${middle.longestChain.transferKb.toFixed(1)} KB`);
  for (const url of middle.longestChain.urls) console.log(`        ${new URL(url).pathname}`);
  // The critical request chains audit keeps only high-priority requests, and the federated remote's code
  // comes by dynamic import at low priority: the scripts' own timeline shows the rest of the waterfall.
  console.log('    scripts of the median-score run as observed (unthrottled), ms from the document request:');
  for (const script of middle.jsTimeline) {
    console.log(
      `      ${String(script.startMs).padStart(5)} - ${String(script.endMs).padEnd(5)} ${String(script.kb).padStart(6)} KB  ${script.path}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------

const result = await withStack(async (baseUrl) => {
  const pages: { page: AuditedPage; runs: RunFigures[]; medians: Medians }[] = [];
  let environment = { lighthouse: 'unknown', browser: 'unknown' };
  for (const page of PAGES) {
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // A fresh cook per signed-in run: the app's first sign-in on a device, like the bundle bench's.
      const tokens = page.signedIn ? await signedInCook(baseUrl) : undefined;
      const run = await lighthouseRun(new URL(page.route, baseUrl).toString(), tokens);
      const { lhr } = run;
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        const name = `${page.route === '/' ? 'welcome' : page.route.slice(1)}-${i + 1}.json`;
        writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
      }
      runs.push(figuresOf(run));
      environment = { lighthouse: lhr.lighthouseVersion, browser: lhr.environment.hostUserAgent };
    }
    pages.push({ page, runs, medians: mediansOf(runs) });
  }
  return { pages, environment };
});
const { pages: measured, environment } = result;

const benchmarkIndexes = measured.flatMap(({ runs }) => runs.map((run) => Math.round(run.benchmarkIndex)));
const browserVersion = /(?:Headless)?Chrome\/[\d.]+/.exec(environment.browser)?.[0] ?? environment.browser;
console.log(
  `lighthouse ${environment.lighthouse} on ${browserVersion}: mobile preset (simulated slow 4G, 4x CPU ` +
    `slowdown), ${RUNS} runs per page, each in a new Chromium profile`,
);
console.log(
  `  machine's benchmarkIndex per run: ${benchmarkIndexes.join(', ')} (lower = slower machine, worse TBT)`,
);
for (const { page, runs, medians } of measured) {
  printPage(page, runs, medians);
  if (page.signedIn) printRequests(runs);
}

const out = path.join(root, 'tests', 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'lighthouse.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      lighthouse: environment.lighthouse,
      browser: browserVersion,
      preset: 'mobile (default config), simulated throttling',
      runsPerPage: RUNS,
      pages: measured.map(({ page, runs, medians }) => ({
        route: page.route,
        signedIn: page.signedIn,
        targets: page.targets,
        median: medians,
        verdicts: verdicts(medians, page.targets).map(({ text, met }) => `${text}: ${verdict(met)}`),
        runs,
      })),
    },
    null,
    2,
  ),
);

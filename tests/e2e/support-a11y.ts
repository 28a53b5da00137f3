// The axe sweep of issue 21: axe-core with all its rules (WCAG and best practice, e.g.
// landmark-no-duplicate-banner and landmark-unique) on a page state, in light and dark, at a phone's and a
// laptop's size. Violations are collected with the state they were found in, so that one run of a group
// reports every one of them (AxeSweep.expectNoViolations at the end of the test).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;
export type Size = { readonly width: number; readonly height: number };
export type Theme = 'light' | 'dark';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Runs axe-core with every rule it has (no runOnly) on the whole document; returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools, which the app's Content-Security-Policy (script-src 'self') allows. A
  // navigation drops it, hence the check each time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    type AxeViolation = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    // Text behind an open modal's backdrop is dimmed on purpose and cannot be reached until the dialog
    // closes: its contrast is checked in the state without the dialog, not through the backdrop. Every
    // other rule (landmarks included) still sees the whole page.
    const modal = document.querySelector('.pc-overlay');
    const behindModal = (target: unknown[]) => {
      const element = typeof target[0] === 'string' ? document.querySelector(target[0]) : null;
      return modal !== null && element !== null && !modal.contains(element);
    };
    return results.violations
      .map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes
          .filter(({ target }) => id !== 'color-contrast' || !behindModal(target))
          .map(({ target, failureSummary }) => ({ target, failureSummary })),
      }))
      .filter((violation) => violation.nodes.length > 0);
  });
}

/** Resolves at the page's next drawn frame. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

const targetKey = (node: AxeNode) => node.target.map(String).join(' ');

/**
 * The violations of a page state. A contrast finding is only kept if a second run, two frames later, finds
 * it on the same elements: a real contrast failure is in the stylesheet and stays, while one read across
 * a style change (the theme switched just before) is gone by then. What vanished is printed, not hidden.
 */
async function confirmedViolations(page: Page, where: string): Promise<AxeViolation[]> {
  const first = await axeViolations(page);
  if (!first.some((violation) => violation.id === 'color-contrast')) return first;
  await nextFrame(page);
  await nextFrame(page);
  const again = await axeViolations(page);
  const stillFailing = new Set(
    again.filter((violation) => violation.id === 'color-contrast').flatMap((v) => v.nodes.map(targetKey)),
  );
  return first
    .map((violation) => {
      if (violation.id !== 'color-contrast') return violation;
      const nodes = violation.nodes.filter((node) => stillFailing.has(targetKey(node)));
      const gone = violation.nodes.filter((node) => !stillFailing.has(targetKey(node)));
      if (gone.length > 0)
        console.log(
          `axe: ${where}: contrast of ${gone.map(targetKey).join(' | ')} read mid-change, fine a frame later`,
        );
      return { ...violation, nodes };
    })
    .filter((violation) => violation.nodes.length > 0);
}

/** The colour scheme the page shows now, read from the design system's background token. */
async function shownBackground(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--pc-color-bg').trim().toLowerCase(),
  );
}

export type CheckOptions = {
  /** The sizes the state exists at (default both). The mobile menu, say, exists on a phone only. */
  sizes?: readonly Size[];
};

/**
 * One page's sweep. The theme is switched in place (showTheme), the size with setViewportSize. Reduced motion is emulated so that no colour
 * transition is caught half-way (base.css shortens every transition under it).
 */
export class AxeSweep {
  private readonly found: string[] = [];
  private readonly backgrounds = new Map<Theme, string>();
  readonly checked: string[] = [];

  constructor(private readonly page: Page) {}

  /** Before the first page load: no stored theme, so that the system's (emulated) one applies. */
  async prepare(): Promise<void> {
    await this.page.addInitScript(() => localStorage.removeItem('darkMode'));
    await this.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  }

  /**
   * Checks the page as it is now, as one test step named after `state`: at each size in light and dark.
   * Ends where it began: at a phone's size, in light.
   */
  async check(state: string, { sizes = [PHONE, LAPTOP] }: CheckOptions = {}): Promise<void> {
    const page = this.page;
    await test.step(`axe: ${state}`, async () => {
      const started = Date.now();
      // One line per violation (rule and nodes) of this state, with the sizes and themes it was found in.
      const combos = new Map<string, string[]>();
      for (const size of sizes) {
        await page.setViewportSize(size);
        // The page lays out at its new size before the theme changes, as it would for a cook: a resize and
        // a theme switch in one frame once left a few elements with the other theme's colours in CI.
        await nextFrame(page);
        for (const theme of ['light', 'dark'] as const) {
          await this.showTheme(theme);
          await this.expectTheme(theme);
          await nextFrame(page);
          const where = `${size.width} ${theme}`;
          this.checked.push(`${state} @ ${where}`);
          for (const violation of await confirmedViolations(page, `${state} @ ${where}`)) {
            const targets = violation.nodes.map((node) => node.target.map(String).join(' ')).join(' | ');
            // The first element's summary says why (for contrast: the colours and the ratio found).
            const why = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '';
            const line = `${violation.id} (${violation.impact}): ${violation.help} -> ${targets} (${why})`;
            combos.set(line, [...(combos.get(line) ?? []), where]);
          }
        }
      }
      for (const [line, where] of combos) this.found.push(`[${state} @ ${where.join(', ')}] ${line}`);
      await page.setViewportSize(PHONE);
      await this.showTheme('light');
      if (process.env.A11Y_TIMING) console.log(`axe: ${state} in ${Date.now() - started} ms`);
    });
  }

  /**
   * The theme as a cook's choice in Settings applies it (data-theme on <html>), with the system's scheme
   * emulated to match.
   */
  private async showTheme(theme: Theme): Promise<void> {
    await this.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await this.page.evaluate((chosen) => {
      document.documentElement.setAttribute('data-theme', chosen);
      // Colour transitions started by the switch end now (reduced motion makes them 0.01 ms, but a
      // transition only ends at a frame the page may not draw before axe reads its colours).
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // An endless animation (a spinner) cannot finish: it changes no colour either.
        }
      }
    }, theme);
  }

  /** The emulated scheme really shows: the page's background token differs between the two themes. */
  private async expectTheme(theme: Theme): Promise<void> {
    const shown = await shownBackground(this.page);
    const known = this.backgrounds.get(theme);
    if (known === undefined) this.backgrounds.set(theme, shown);
    else expect(shown, `background token in ${theme}`).toBe(known);
    const other = this.backgrounds.get(theme === 'light' ? 'dark' : 'light');
    if (other !== undefined) expect(shown, `${theme} differs from the other theme`).not.toBe(other);
  }

  /**
   * One expectation for the whole group: every violation of every state, or none. The list is also
   * attached to the test's results (axe-violations.txt).
   */
  async expectNoViolations(): Promise<void> {
    expect(this.checked.length).toBeGreaterThan(0);
    const report = this.found.join('\n');
    if (this.found.length > 0) await test.info().attach('axe-violations.txt', { body: report });
    expect(
      this.found.length,
      `${this.found.length} axe violations in ${this.checked.length} checks (state @ sizes and themes):\n${report}\n`,
    ).toBe(0);
  }
}

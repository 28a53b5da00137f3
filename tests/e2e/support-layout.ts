import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the house rule: a tap target is at least 44 x 44 CSS px. */
export const minTapTarget = 44;

/** What layout checks measure as a tap target. */
export const interactiveSelector = 'a[href], button, input, select, textarea, [role=switch], [role=tab]';

export type TapTarget = { name: string; width: number; height: number };

/**
 * The visible interactive elements under `root` (a CSS selector; every match is searched) smaller than
 * 44 x 44, as 'tag "name"' with their size. Left out: what is hidden or visually hidden (clipped to 1 px),
 * disabled elements, and inline links inside running text (WCAG 2.5.8's inline exception: an inline
 * element whose block holds text of its own around it).
 */
export async function smallTapTargets(page: Page, root = 'main'): Promise<TapTarget[]> {
  return page.evaluate(
    ({ root, selector, min }) => {
      const roots = [...document.querySelectorAll(root)];
      const elements = new Set(roots.flatMap((r) => [...r.querySelectorAll<HTMLElement>(selector)]));

      const isVisible = (el: HTMLElement) => {
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
        const rect = el.getBoundingClientRect();
        // A visually hidden element (clip to 1 px) is no target; its visible stand-in is measured instead.
        return rect.width > 1 && rect.height > 1;
      };
      const isDisabled = (el: HTMLElement) =>
        (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';
      const inRunningText = (el: HTMLElement) => {
        if (getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (!block) return false;
        const own = el.textContent ?? '';
        const around = (block.textContent ?? '').replace(own, '');
        return around.trim().length > 0;
      };
      const nameOf = (el: HTMLElement) =>
        (
          el.getAttribute('aria-label') ??
          (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
          el.textContent ??
          ''
        )
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 60);

      return [...elements]
        .filter((el) => isVisible(el) && !isDisabled(el) && !inRunningText(el))
        .map((el) => {
          const rect = el.getBoundingClientRect();
          const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
          return {
            name: `${el.tagName.toLowerCase()}${type} "${nameOf(el)}"`,
            width: Math.round(rect.width * 10) / 10,
            height: Math.round(rect.height * 10) / 10,
          };
        })
        .filter((target) => target.width < min || target.height < min);
    },
    { root, selector: interactiveSelector, min: minTapTarget },
  );
}

/** Expects every tap target under `root` (see smallTapTargets) to be at least 44 x 44. */
export async function expectTapTargets(page: Page, root = 'main'): Promise<void> {
  expect(await smallTapTargets(page, root)).toEqual([]);
}

/**
 * How far the page is wider than the viewport (0 when it does not scroll sideways). Measured against the
 * root's clientWidth: under mobile emulation (the chromium project is a Pixel 7) window.innerWidth grows
 * with content wider than the screen, so scrollWidth <= innerWidth would always hold.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Expects the page not to scroll sideways (the root's scrollWidth within the viewport's width). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

export type TextInView = { text: string; inside: boolean };

/**
 * The visible elements of `elements` with their text and whether each can be read whole: inside the
 * viewport's width, not cut off by an ancestor that clips or scrolls (a table scrolled sideways), and its
 * text not cut by its own box (no ellipsis).
 */
export async function textsInView(elements: Locator): Promise<TextInView[]> {
  return elements.evaluateAll((nodes) =>
    nodes
      .filter((node) => node.checkVisibility())
      .map((node) => {
        const rect = node.getBoundingClientRect();
        const viewport = document.documentElement.clientWidth;
        const whole = node.scrollWidth <= Math.ceil(rect.width) + 1;
        let clipped = false;
        for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX === 'visible') continue;
          const frame = box.getBoundingClientRect();
          if (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5) clipped = true;
        }
        return {
          text: node.textContent?.trim().replace(/\s+/g, ' ') ?? '',
          inside: rect.width > 0 && rect.left >= 0 && rect.right <= viewport && whole && !clipped,
        };
      }),
  );
}

/**
 * axe cannot check colour contrast in jsdom, so the token pairs the components use are checked here
 * against WCAG AA in both themes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest stubs CSS imports (even ?raw) to empty strings.
const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

function colours(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/--pc-color-([a-z-]+):\s*(#[0-9a-f]{6})/g))
    out[name!] = value!;
  return out;
}

const [lightBlock = '', afterLight = ''] = css.split("[data-theme='dark']");
const [darkBlock = '', mediaBlock = ''] = afterLight.split('@media (prefers-color-scheme: dark)');
const light = colours(lightBlock);
const dark = { ...light, ...colours(darkBlock) };
const systemDark = { ...light, ...colours(mediaBlock) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// [foreground, background, minimum ratio]: 4.5 for text, 3 for focus rings, borders and icons.
const pairs: Array<[string, string, number]> = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surface-raised', 4.5],
  ['text-muted', 'bg', 4.5],
  ['text-muted', 'surface', 4.5],
  ['text-muted', 'surface-sunken', 4.5],
  ['accent-text', 'accent', 4.5],
  ['accent-text', 'accent-hover', 4.5],
  ['accent-strong-text', 'bg', 4.5],
  ['accent-strong-text', 'accent-subtle', 4.5],
  ['success-text', 'success-bg', 4.5],
  ['warning-text', 'warning-bg', 4.5],
  ['danger-text', 'danger-bg', 4.5],
  ['danger-text', 'bg', 4.5],
  ['info-text', 'info-bg', 4.5],
  ['neutral-text', 'neutral-bg', 4.5],
  ['text-inverse', 'danger', 4.5],
  ['disabled-text', 'disabled-bg', 4.5],
  ['bg', 'text', 4.5], // tooltip
  ['border', 'bg', 3],
  ['border', 'surface', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
  ['accent', 'surface', 3],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('%s theme tokens', (_name, palette) => {
  it.each(pairs)('%s on %s reaches %d:1', (fg, bg, min) => {
    expect(palette[fg], fg).toMatch(/^#/);
    expect(palette[bg], bg).toMatch(/^#/);
    expect(contrast(palette[fg]!, palette[bg]!)).toBeGreaterThanOrEqual(min);
  });
});

describe('dark theme sources', () => {
  it('the system-preference block defines exactly the same colours as [data-theme="dark"]', () => {
    expect(Object.keys(colours(darkBlock)).length).toBeGreaterThan(20);
    expect(colours(mediaBlock)).toEqual(colours(darkBlock));
    expect(systemDark).toEqual(dark);
  });

  it('the media query only applies when the user has not chosen light', () => {
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root:not\(\[data-theme='light'\]\)/);
  });
});

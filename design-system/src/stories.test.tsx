/**
 * Every story is a test: each story of every *.stories.tsx file is rendered with its args and
 * decorators (composeStories), its play function runs, and axe-core checks the rendered page.
 */
import { describe, expect, it } from 'vitest';
import { composeStories } from '@storybook/react';
import type { Meta, StoryFn } from '@storybook/react';
import axe from 'axe-core';

type StoriesModule = { default: Meta } & Record<string, StoryFn>;

const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

const axeOptions: axe.RunOptions = {
  rules: {
    // jsdom does no layout and paints nothing, so axe cannot compute colours: contrast is checked by hand
    // (token pairs documented in tokens.css) and in the browser, not here.
    'color-contrast': { enabled: false },
    'color-contrast-enhanced': { enabled: false },
    // Needs layout (element sizes and positions), which jsdom does not compute.
    'target-size': { enabled: false },
  },
};

async function axeViolations(): Promise<string[]> {
  // Modal, SidePanel and Toast render into document.body through portals, so check the whole body.
  const result = await axe.run(document.body, axeOptions);
  return result.violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
}

const entries = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b));

it('finds the story files', () => {
  expect(entries.length).toBeGreaterThanOrEqual(20);
});

for (const [path, module] of entries) {
  const stories = composeStories(module);
  describe(module.default.title ?? path, () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} renders, passes its play function and has no axe violations`, async () => {
        await Story.run();
        expect(await axeViolations()).toEqual([]);
      });
    }
  });
}

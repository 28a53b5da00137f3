// Renders the PWA icons in public/icons from the PitClock mark (public/favicon.svg) with Debian's
// Chromium. Run again only when the mark changes: node shell/scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const mark = readFileSync(path.join(here, '../public/favicon.svg'), 'utf8');
const out = (name) => path.join(here, '../public/icons', name);

// A maskable icon keeps its content inside the central 80% circle; its background fills the square.
const icons = [
  { name: 'icon-192.png', size: 192, padding: 0, background: 'transparent' },
  { name: 'icon-512.png', size: 512, padding: 0, background: 'transparent' },
  { name: 'maskable-512.png', size: 512, padding: 0.2, background: '#b3420e' },
  { name: 'apple-touch-icon-180.png', size: 180, padding: 0.08, background: '#faf7f4' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const { name, size, padding, background } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * (1 - 2 * padding));
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${background}">` +
        `<div style="width:${inner}px;height:${inner}px">${mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
    );
    await page.screenshot({ path: out(name), omitBackground: background === 'transparent' });
    await page.close();
  }
} finally {
  await browser.close();
}

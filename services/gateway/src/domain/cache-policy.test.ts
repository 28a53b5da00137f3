import { describe, expect, it } from 'vitest';
import { cacheControlFor, immutable, revalidate } from './cache-policy';

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-B2x9kQ_a.js', immutable],
    ['assets/vendor.3f9a1c2e.css', immutable],
    ['assets/fonts/inter-Zx81Kq2w.woff2', immutable],
    ['index.html', revalidate],
    ['remoteEntry.js', revalidate],
    ['sw.js', revalidate],
    ['workbox-5a3b9c1d.js', revalidate],
    ['build-meta.json', revalidate],
    ['manifest.webmanifest', revalidate],
    ['assets/logo.svg', revalidate],
    ['assets/icon-192.png', revalidate],
    ['assets/design-tokens.css', revalidate],
    ['assets/component-overview.js', revalidate],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

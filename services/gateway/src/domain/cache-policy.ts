export const immutable = 'public, max-age=31536000, immutable';
export const revalidate = 'no-cache';

/** A content hash in a built file name: `index-B2x9kQ_a.js`, `vendor.3f9a1c2e.css` (8+ chars, some digit or capital). */
const hashedName = /(?:\.|(?<![\w-])\w*-)([\w-]{8,})\.[a-z\d]+$/i;

/**
 * Cache-Control for a file of a built front end, by its path relative to the dist folder: content-hashed
 * files under an assets/ folder never change; everything else (index.html, remoteEntry.js, sw.js,
 * build-meta.json, the manifest, registerSW.js, workbox-*.js, unhashed files) is revalidated each time.
 */
export const cacheControlFor = (relativePath: string): string => {
  const segments = relativePath.split(/[\\/]/);
  const name = segments.at(-1) ?? '';
  const hash = hashedName.exec(name)?.[1];
  const inAssets = segments.slice(0, -1).includes('assets');
  return inAssets && hash !== undefined && /[0-9A-Z]/.test(hash) ? immutable : revalidate;
};

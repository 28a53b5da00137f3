import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type PrecacheEntry = { url: string; revision: string };

/** Files of a remote's dist that never load in the shell and so are not precached. */
const SKIPPED = [
  /^index\.html$/, // the remote's stand-alone page; the shell is the only page
  /^mf-(manifest|stats)\.json$/, // build metadata (the shell loads remoteEntry.js, not the manifest)
  /^\.vite\//,
  /__prebuild__/, // local fallbacks of shared libraries; the shell always provides them
  /\.(br|gz)$/, // the build's pre-compressed copies (scripts/lib/precompress.ts): the server picks them by
  // Accept-Encoding for the file's own URL; under their own names they are not served (404)
];

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}

/**
 * Precache entries for a remote's built files, served under `baseUrl`, each revisioned by its
 * content hash (remoteEntry.js has no hash in its name). Throws when a file exceeds `maxBytes`,
 * because Workbox would otherwise leave it out of the precache silently and the remote would not
 * load offline.
 */
export function remotePrecacheEntries(dist: string, baseUrl: string, maxBytes: number): PrecacheEntry[] {
  if (!existsSync(path.join(dist, 'remoteEntry.js'))) {
    throw new Error(`${dist}/remoteEntry.js is missing: build the remote before the shell`);
  }
  const entries: PrecacheEntry[] = [];
  const tooLarge: string[] = [];
  for (const rel of listFiles(dist).sort()) {
    if (SKIPPED.some((pattern) => pattern.test(rel))) continue;
    const content = readFileSync(path.join(dist, rel));
    if (content.length > maxBytes) tooLarge.push(`${rel} (${content.length} bytes)`);
    entries.push({
      url: `${baseUrl}${rel}`,
      revision: createHash('sha256').update(content).digest('hex').slice(0, 16),
    });
  }
  if (tooLarge.length > 0) {
    throw new Error(
      `precache: ${tooLarge.join(', ')} exceed maximumFileSizeToCacheInBytes (${maxBytes}); they would not work offline`,
    );
  }
  return entries;
}

export type BuildMetaState =
  { status: 'loading' } | { status: 'loaded'; version: string; buildTime: string } | { status: 'failed' };

export type BadgeTone = 'amber' | 'yellow' | 'red' | 'neutral';

/**
 * The build-version badge colour (SPEC.md section 2): amber when an update is ready, yellow when the
 * deployed build meta differs from the running version, red when the build meta failed to load.
 */
export function badgeTone(updateReady: boolean, meta: BuildMetaState, runningVersion: string): BadgeTone {
  if (updateReady) return 'amber';
  if (meta.status === 'failed') return 'red';
  if (meta.status === 'loaded' && meta.version !== runningVersion) return 'yellow';
  return 'neutral';
}

import { useEffect, useState } from 'react';
import type { BuildMeta } from '@pitclock/contracts';
import type { BuildMetaState } from './badge-tone';

const REFRESH_MS = 10 * 60 * 1000;

/**
 * The shape of contracts' BuildMeta schema, checked by hand: parsing with the zod schema would put
 * zod (about 23 KB gzip) on the first visit to every page, for two strings.
 */
function isBuildMeta(value: unknown): value is BuildMeta {
  if (typeof value !== 'object' || value === null) return false;
  const { version, buildTime } = value as Record<string, unknown>;
  return typeof version === 'string' && version !== '' && typeof buildTime === 'string' && buildTime !== '';
}

/** GET /build-meta.json?ts={now}: the build currently deployed. */
export async function fetchBuildMeta(
  fetchImpl: typeof fetch = fetch,
  now: number = Date.now(),
): Promise<BuildMetaState> {
  try {
    const response = await fetchImpl(`/build-meta.json?ts=${now}`, { cache: 'no-store' });
    if (!response.ok) return { status: 'failed' };
    const body: unknown = await response.json();
    return isBuildMeta(body)
      ? { status: 'loaded', version: body.version, buildTime: body.buildTime }
      : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}

export function useBuildMeta(): BuildMetaState {
  const [meta, setMeta] = useState<BuildMetaState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    const load = () =>
      void fetchBuildMeta().then((next) => {
        if (active) setMeta(next);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);
  return meta;
}

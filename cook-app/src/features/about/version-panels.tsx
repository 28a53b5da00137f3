import { useCallback } from 'react';
import type { ApiClient } from '@pitclock/contracts';
import { Banner, Button, Spinner } from '@pitclock/design-system';
import { formatDateTime, parseInstant } from '../../domain';
import { deviceTimeZone, useLocale } from '../../lib/display-prefs';
import { ABOUT_TEXT as T } from './messages';
import { useLoad, type LoadState } from './use-load';
import { fetchBackendVersion, fetchBuildMeta } from './version-api';

function Failed({ error, retry }: { error: string; retry: () => void }) {
  return (
    <Banner
      tone="red"
      action={
        <Button variant="secondary" onClick={retry}>
          {T.retry}
        </Button>
      }
    >
      {error}
    </Banner>
  );
}

function Loading<T>({ state, label }: { state: LoadState<T>; label: string }) {
  return state.status === 'loading' ? <Spinner size="sm" label={label} /> : null;
}

export type BackendVersionPanelProps = {
  /** Default the app's `api`. */
  client?: ApiClient;
  /** Clock of the cache-busting ts query (default Date.now). */
  now?: () => number;
};

/** The backend version: GET /api/version, straight to the server and never cached, with retry. */
export function BackendVersionPanel({ client, now = Date.now }: BackendVersionPanelProps) {
  const load = useCallback(() => fetchBackendVersion(client, now()), [client, now]);
  const { state, retry } = useLoad(load, T.backendFailed);
  return (
    <div className="pc-about__panel" aria-busy={state.status === 'loading' || undefined}>
      <Loading state={state} label={T.backendLoading} />
      {state.status === 'failed' ? <Failed error={state.error} retry={retry} /> : null}
      {state.status === 'loaded' ? (
        <p className="pc-about__value" data-testid="backend-version">
          <strong>{state.value.version}</strong>
          {[
            state.value.service ? T.backendService(state.value.service) : null,
            state.value.commit ? T.backendCommit(state.value.commit) : null,
          ]
            .filter(Boolean)
            .map((detail) => (
              <span key={detail} className="pc-about__detail">
                {detail}
              </span>
            ))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The date and time in `timeZone`, in the locale's way ('YYYY-MM-DD HH:MM' without a locale), or the
 * text as is when it is not an instant.
 */
export function formatBuildTime(value: string, timeZone: string, locale?: string): string {
  const ms = parseInstant(value);
  return ms === null ? value : formatDateTime(ms, timeZone, locale);
}

export type BuildVersionPanelProps = {
  /** Where /build-meta.json is served ('' = this page's origin, the default). */
  origin?: string;
  fetchImpl?: typeof fetch;
  /** Clock of the ts query (default Date.now). */
  now?: () => number;
  /** Zone the build time is shown in (default the device's). */
  timeZone?: string;
};

/** The deployed build: GET /build-meta.json?ts={now}: version and build time, with retry. */
export function BuildVersionPanel({
  origin,
  fetchImpl,
  now = Date.now,
  timeZone = deviceTimeZone(),
}: BuildVersionPanelProps) {
  const locale = useLocale();
  const load = useCallback(() => fetchBuildMeta({ origin, fetchImpl, now: now() }), [origin, fetchImpl, now]);
  const { state, retry } = useLoad(load, T.buildFailed);
  return (
    <div className="pc-about__panel" aria-busy={state.status === 'loading' || undefined}>
      <Loading state={state} label={T.buildLoading} />
      {state.status === 'failed' ? <Failed error={state.error} retry={retry} /> : null}
      {state.status === 'loaded' ? (
        <dl className="pc-about__facts" data-testid="build-version">
          <div className="pc-about__fact">
            <dt>{T.version}</dt>
            <dd>{state.value.version}</dd>
          </div>
          <div className="pc-about__fact">
            <dt>{T.builtAt}</dt>
            <dd>
              <time dateTime={state.value.buildTime}>
                {formatBuildTime(state.value.buildTime, timeZone, locale)}
              </time>
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

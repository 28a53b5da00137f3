import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { normaliseLocation, weatherFetchReason, WEATHER_CACHE_MS } from '../../domain';
import {
  saveContestEnvironment,
  selectContestEnvironment,
  useCookDispatch,
  useCookSelector,
  type CookDispatch,
  type Contest,
  type LocationMatch,
} from '../../store';
import { weatherClient as defaultClient, type WeatherClient } from './weather-client';
import { loadContestWeather } from './weather-load';
import { weatherView, type WeatherView } from './weather-view';

/**
 * The weather loads of one store (keyed by its dispatch): one load at a time per cook-off, shared by
 * every component that shows it (the row's cell and the card); which automatic loads were tried, so
 * that a failed one (offline) is not retried on every render, only on refresh, when the device comes
 * back online, or when the location or the cached forecast changes.
 */
class WeatherLoads {
  private inflight = new Map<string, Promise<void>>();
  private attempted = new Set<string>();
  private listeners = new Set<() => void>();
  generation = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  isLoading = (contestId: string) => this.inflight.has(contestId);

  /** Whether an automatic load with this key is still to be tried (and marks it tried). */
  claim(key: string): boolean {
    if (this.attempted.has(key)) return false;
    this.attempted.add(key);
    return true;
  }

  /** Forget the automatic attempts (back online): each cook-off that still needs a load gets one. */
  retryAll() {
    this.attempted.clear();
    this.generation += 1;
    this.notify();
  }

  /** Runs `job` for a cook-off: `join` shares a running one, else it runs after it. */
  run(contestId: string, job: () => Promise<void>, join: boolean): Promise<void> {
    const running = this.inflight.get(contestId);
    if (running && join) return running;
    const next = (running ?? Promise.resolve()).then(job).finally(() => {
      if (this.inflight.get(contestId) === next) {
        this.inflight.delete(contestId);
        this.notify();
      }
    });
    this.inflight.set(contestId, next);
    this.notify();
    return next;
  }
}

const loadsByStore = new WeakMap<CookDispatch, WeatherLoads>();
function loadsOf(dispatch: CookDispatch): WeatherLoads {
  let loads = loadsByStore.get(dispatch);
  if (!loads) {
    loads = new WeatherLoads();
    loadsByStore.set(dispatch, loads);
  }
  return loads;
}

export type UseContestWeatherOptions = {
  /** The clock (the screen's). */
  now: () => number;
  /** Default: the app's client (configured base URLs). */
  client?: WeatherClient | undefined;
};

export type ContestWeather = {
  view: WeatherView;
  /** Fetches the forecast now, whatever the cache says. */
  refresh: () => Promise<void>;
  /** Uses a match of the location-choice dialog (remembered on the record) and fetches its forecast. */
  choose: (match: LocationMatch) => Promise<void>;
};

/**
 * A cook-off's weather: its view, and the loads. It loads by itself when the cache rule says so (nothing
 * stored, location changed, older than 3 hours), once per reason; the result (or the failure, in the
 * last_error fields) is saved on the contest environment record.
 */
export function useContestWeather(
  contest: Pick<Contest, 'id' | 'location' | 'contest_date'>,
  { now, client = defaultClient }: UseContestWeatherOptions,
): ContestWeather {
  const dispatch = useCookDispatch();
  const loads = loadsOf(dispatch);
  const record = useCookSelector((s) => selectContestEnvironment(s, contest.id));
  const loading = useSyncExternalStore(loads.subscribe, () => loads.isLoading(contest.id));
  const generation = useSyncExternalStore(loads.subscribe, () => loads.generation);
  const [staleTick, setStaleTick] = useState(0);
  const { id, location } = contest;

  const load = useCallback(
    (options: { choice?: LocationMatch; join: boolean }) =>
      loads.run(
        id,
        async () => {
          const current = dispatch((_d, getState) => selectContestEnvironment(getState(), id));
          const { fields } = await loadContestWeather({
            client,
            contest: { id, location },
            record: current,
            now,
            ...(options.choice ? { choice: options.choice } : {}),
          });
          // The cook-off may have been deleted meanwhile: then there is nothing to keep.
          await dispatch(saveContestEnvironment(fields)).catch(() => undefined);
        },
        options.join,
      ),
    [loads, dispatch, client, id, location, now],
  );

  const normalized = (() => {
    const result = normaliseLocation(location);
    return result.ok ? result.value.normalized : null;
  })();
  const reason = normalized === null ? null : weatherFetchReason(record, normalized, now());
  const attemptKey = `${id}|${normalized}|${record?.computed_at ?? ''}|${reason}|${staleTick}`;

  useEffect(() => {
    if (reason === null || !loads.claim(`${generation}|${attemptKey}`)) return;
    void load({ join: true });
  }, [reason, attemptKey, generation, loads, load]);

  // A forecast turns stale after 3 hours on an open screen too.
  const computedAt = record?.computed_at;
  useEffect(() => {
    if (!computedAt || reason !== null) return;
    const due = Date.parse(computedAt) + WEATHER_CACHE_MS + 1 - now();
    const timer = setTimeout(() => setStaleTick((t) => t + 1), Math.max(0, Math.min(due, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [computedAt, reason, now]);

  // Back online: the loads that failed offline are tried again.
  useEffect(() => {
    const onOnline = () => loads.retryAll();
    globalThis.addEventListener?.('online', onOnline);
    return () => globalThis.removeEventListener?.('online', onOnline);
  }, [loads]);

  return {
    view: weatherView(contest, record, loading),
    refresh: () => load({ join: false }),
    choose: (choice) => load({ choice, join: false }),
  };
}

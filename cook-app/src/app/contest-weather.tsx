import { lazy, Suspense } from 'react';
import type { ContestWeatherProps } from '../features/contests';

// The weather feature (its client, panel and chart) loads after the Cook-offs screen, not with it: the
// landing screen's first paint does not wait for it.
const LazyCell = lazy(() => import('../features/weather').then((m) => ({ default: m.WeatherCell })));
const LazyPanel = lazy(() => import('../features/weather').then((m) => ({ default: m.WeatherPanel })));

function Cell(props: ContestWeatherProps) {
  return (
    <Suspense fallback={null}>
      <LazyCell {...props} />
    </Suspense>
  );
}

function Panel(props: ContestWeatherProps) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}

/** The Cook-offs screen's weather slots (its `weather` prop). */
export const contestWeather = { Cell, Panel } as const;

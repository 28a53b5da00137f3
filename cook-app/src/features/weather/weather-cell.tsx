import { useDisplayUnits } from '../../lib/display-prefs';
import type { Contest } from '../../store';
import { WEATHER_TEXT } from './messages';
import { useContestWeather } from './use-contest-weather';
import type { WeatherClient } from './weather-client';
import './weather.css';

export type WeatherCellProps = {
  contest: Contest;
  now: () => number;
  /** Default: the app's client. */
  client?: WeatherClient;
};

/**
 * The cook-offs table's weather column: high / low of the first 24 hours in the reader's unit (°F or
 * °C), or the state of the load.
 */
export function WeatherCell({ contest, now, client }: WeatherCellProps) {
  const { view } = useContestWeather(contest, { now, client });
  const { temperature } = useDisplayUnits();
  switch (view.status) {
    case 'no-location':
      return (
        <span className="pc-weather-cell pc-weather-cell--muted" title={WEATHER_TEXT.noLocation}>
          {WEATHER_TEXT.noLocationShort}
        </span>
      );
    case 'loading':
      return <span className="pc-weather-cell pc-weather-cell--muted">{WEATHER_TEXT.loading}</span>;
    case 'failed':
      return (
        <span className="pc-weather-cell pc-weather-cell--error" title={WEATHER_TEXT.failed(view.error)}>
          {view.error}
        </span>
      );
    case 'loaded': {
      const { highLow, conditions } = view.summary;
      return (
        <span className="pc-weather-cell">
          {highLow ? (
            <>
              <span aria-hidden="true">
                {WEATHER_TEXT.highLowShort(highLow.high, highLow.low, temperature)}
              </span>
              <span className="pc-visually-hidden">
                {WEATHER_TEXT.highLowLabel(highLow.high, highLow.low, temperature)}
              </span>
            </>
          ) : null}
          {conditions ? <span className="pc-weather-cell__conditions">{conditions}</span> : null}
          {view.error ? (
            <span className="pc-weather-cell__stale" title={WEATHER_TEXT.failed(view.error)}>
              {view.error}
            </span>
          ) : null}
        </span>
      );
    }
  }
}

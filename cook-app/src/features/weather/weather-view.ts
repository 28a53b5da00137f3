// What the weather column and the selected-cook-off card show for a cook-off, from its stored record
// (SPEC.md sections 2, 4 and 9): not loaded / loading / loaded, the summary, and the last error.
import {
  forecastDay,
  forecastHighLow,
  normaliseLocation,
  readForecast,
  sitePressure,
  weatherCodeText,
  type CurrentWeather,
  type HourlyPoint,
  type SitePressure,
} from '../../domain';
import type { Contest, ContestEnvironment, LocationMatch } from '../../store';
import { placeInUse } from './weather-load';

export type WeatherSummary = {
  /** Where the forecast is for: the geocoding match in use ('Odessa, Ector, Texas, United States'), else the normalised location. */
  place: string;
  normalizedLocation: string;
  /** High and low of the first 24 hours, Celsius. */
  highLow: { high: number; low: number } | null;
  current: CurrentWeather | null;
  conditions: string | null;
  /** Sea-level pressure (pressure_msl), hPa. */
  pressureHpa: number | null;
  /** The pressure at the site that the boiling point is computed from. */
  sitePressure: SitePressure | null;
  /** The site's elevation (m), if known. */
  elevationM: number | null;
  boiling: { celsius: number; fahrenheit: number; approximate: boolean } | null;
  computedAt: string | null;
  /** The hours of the contest day (local time at the site) for the chart. */
  day: HourlyPoint[];
  /** The plausible geocoding matches (the dialog offers them when there are several). */
  matches: LocationMatch[];
  inUse: LocationMatch | null;
  chosenByUser: boolean;
};

export type WeatherView =
  | { status: 'no-location' }
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'loaded'; summary: WeatherSummary; error: string | null; refreshing: boolean };

/** 'Name, county, state, country' of a match (each part only when given). */
export function placeLabel(match: LocationMatch): string {
  return [match.name, match.admin2, match.admin1, match.country].filter(Boolean).join(', ');
}

/**
 * The view of a cook-off's weather: no location; loaded (a forecast for the contest's current location is
 * stored: shown even while refreshing or after a failed refresh, with that failure); loading; failed (the
 * last load failed and nothing is stored for this location).
 */
export function weatherView(
  contest: Pick<Contest, 'location' | 'contest_date'>,
  record: ContestEnvironment | undefined,
  loading: boolean,
): WeatherView {
  const location = normaliseLocation(contest.location);
  if (!location.ok) return { status: 'no-location' };
  const forecast =
    record?.normalized_location === location.value.normalized ? readForecast(record.forecast_json) : null;
  if (record && forecast) {
    const inUse = placeInUse(record);
    const boiling =
      record.boiling_point_c !== null && record.boiling_point_f !== null
        ? {
            celsius: record.boiling_point_c,
            fahrenheit: record.boiling_point_f,
            approximate: record.approximate_only,
          }
        : null;
    return {
      status: 'loaded',
      refreshing: loading,
      error: record.last_error,
      summary: {
        place: inUse ? placeLabel(inUse) : location.value.normalized,
        normalizedLocation: location.value.normalized,
        highLow: forecastHighLow(forecast.hourly.temperature),
        current: forecast.current,
        conditions: weatherCodeText(forecast.current?.weathercode ?? null),
        pressureHpa: record.pressure_msl_hpa,
        sitePressure: sitePressure(forecast, record.elevation_m ?? forecast.elevation),
        elevationM: record.elevation_m ?? forecast.elevation,
        boiling,
        computedAt: record.computed_at,
        day: forecastDay(forecast, contest.contest_date),
        matches: record.location_matches ?? [],
        inUse,
        chosenByUser: record.provider === 'manual',
      },
    };
  }
  if (loading) return { status: 'loading' };
  if (record?.last_error) return { status: 'failed', error: record.last_error };
  return { status: 'loading' };
}

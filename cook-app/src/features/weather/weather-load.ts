// One weather load of a cook-off (issue 10): normalise its location, geocode it (unless the record already
// has the coordinates of that location: the geocoding's choice or the user's), fetch the forecast, and
// compute what the contest environment record should say. Saving is the caller's (saveContestEnvironment).
import {
  boilingPointAtSite,
  chooseGeocodeResult,
  forecastPressure,
  geocodeQueries,
  hasHintedMatch,
  normaliseLocation,
  plausibleGeocodeResults,
  readForecast,
  type GeocodeHint,
  type NormalisedLocation,
} from '../../domain';
import type { Contest, ContestEnvironment, EnvironmentInput, LocationMatch } from '../../store';
import { WeatherError, isWeatherError, type WeatherClient } from './weather-client';
import { WEATHER_ERRORS } from './messages';

export type WeatherLoadInput = {
  client: WeatherClient;
  contest: Pick<Contest, 'id' | 'location'>;
  /** The contest's weather record now, if any. */
  record: ContestEnvironment | undefined;
  /** Epoch milliseconds now (read when the forecast arrives: computed_at). */
  now: () => number;
  /** The user's pick in the location-choice dialog: its coordinates are used, provider 'manual'. */
  choice?: LocationMatch;
};

export type WeatherLoadResult = {
  /** What to merge into the record: on failure only what was learnt plus the last_error fields. */
  fields: EnvironmentInput;
  error: WeatherError | null;
};

/** The forecast fields of a record that has none (a new location's record must not show the old one's). */
const NO_FORECAST = {
  forecast_json: null,
  pressure_msl_hpa: null,
  boiling_point_c: null,
  boiling_point_f: null,
  computed_at: null,
  approximate_only: false,
} satisfies Partial<EnvironmentInput>;

const NO_ERROR = {
  last_error: null,
  last_error_stage: null,
  last_error_network: null,
  last_error_status: null,
} satisfies Partial<EnvironmentInput>;

function errorFields(error: WeatherError): Partial<EnvironmentInput> {
  return {
    last_error: error.message,
    last_error_stage: error.stage,
    last_error_network: error.network,
    last_error_status: error.status,
  };
}

/** An unexpected failure (a bug, not the network) is reported as the stage's 'failed' text. */
function asWeatherError(error: unknown, stage: 'geocode' | 'forecast'): WeatherError {
  if (isWeatherError(error)) return error;
  return new WeatherError({
    message: stage === 'geocode' ? WEATHER_ERRORS.geocodeFailed : WEATHER_ERRORS.forecastFailed,
    stage,
    network: false,
    status: null,
    cause: error,
  });
}

const same = (a: number | null | undefined, b: number | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(a - b) < 1e-9;

/** The match of the record's coordinates among its location matches (the place in use), if any. */
export function placeInUse(record: ContestEnvironment | undefined): LocationMatch | null {
  if (!record) return null;
  return (
    record.location_matches?.find((m) => same(m.latitude, record.lat) && same(m.longitude, record.lon)) ??
    null
  );
}

/**
 * Asks the geocoding for the location's names in turn (geocodeQueries: 'Fort Worth', then 'Ft. Worth'...)
 * until an answer has a match in the state or region asked for; else the first answer that had any
 * result. Rejects as the last name did when no name found anything.
 */
async function geocodeLocation(
  client: WeatherClient,
  location: NormalisedLocation,
  hint: GeocodeHint,
  onUrl: (url: string) => void,
): Promise<LocationMatch[]> {
  let first: LocationMatch[] | null = null;
  let failure: unknown = null;
  for (const name of geocodeQueries(location)) {
    try {
      onUrl(client.geocodeUrl(name));
    } catch {
      // An unusable base URL: geocode() reports it.
    }
    try {
      const { results } = await client.geocode(name);
      if (hasHintedMatch(results, hint)) return results;
      first ??= results;
    } catch (error) {
      // Only 'No geocoding result' is worth another name; a network or service failure is final.
      if (!isWeatherError(error) || error.message !== WEATHER_ERRORS.noGeocodeResult) throw error;
      failure = error;
    }
  }
  if (first) return first;
  throw failure;
}

/**
 * Loads the weather of a cook-off. Never rejects: a failure comes back as `error` with the fields to
 * store (the last_error fields, with the stage, whether it was the network and the HTTP status), and the
 * cached forecast is left as it was, unless the location changed (then it is cleared with the new
 * coordinates, so that the old place's forecast is never shown for the new one).
 */
export async function loadContestWeather(input: WeatherLoadInput): Promise<WeatherLoadResult> {
  const { client, contest, record, now, choice } = input;
  const fields: EnvironmentInput = { contest_id: contest.id };
  const fail = (error: WeatherError): WeatherLoadResult => ({
    fields: { ...fields, ...errorFields(error) },
    error,
  });

  const location = normaliseLocation(contest.location);
  if (!location.ok)
    return fail(
      new WeatherError({ message: location.error, stage: 'location', network: false, status: null }),
    );
  const { normalized, reason, state, region } = location.value;
  const hint: GeocodeHint = { state, region };
  const known =
    record?.normalized_location === normalized && record.lat !== null && record.lon !== null ? record : null;

  let lat: number;
  let lon: number;
  let elevation: number | null;
  if (choice) {
    ({ latitude: lat, longitude: lon, elevation } = choice);
    const moved = !known || !same(known.lat, lat) || !same(known.lon, lon);
    Object.assign(fields, {
      lat,
      lon,
      elevation_m: elevation,
      provider: 'manual',
      normalized_location: normalized,
      normalized_reason: reason,
      ...(moved ? NO_FORECAST : {}),
      ...(known ? {} : { location_matches: [choice] }),
    } satisfies Partial<EnvironmentInput>);
  } else if (known) {
    lat = known.lat!;
    lon = known.lon!;
    elevation = known.elevation_m;
  } else {
    let results: LocationMatch[];
    try {
      results = await geocodeLocation(client, location.value, hint, (url) => {
        fields.last_geocode_url = url;
      });
    } catch (error) {
      return fail(asWeatherError(error, 'geocode'));
    }
    const chosen = chooseGeocodeResult(results, hint)!;
    ({ latitude: lat, longitude: lon, elevation } = chosen);
    Object.assign(fields, {
      lat,
      lon,
      elevation_m: elevation,
      provider: 'open-meteo',
      normalized_location: normalized,
      normalized_reason: reason,
      location_matches: plausibleGeocodeResults(results, hint),
      ...NO_FORECAST,
    } satisfies Partial<EnvironmentInput>);
  }

  try {
    fields.last_forecast_url = client.forecastUrl(lat, lon);
  } catch {
    // An unusable base URL: forecast() reports it.
  }
  let forecast: Record<string, unknown>;
  try {
    ({ forecast } = await client.forecast(lat, lon));
  } catch (error) {
    return fail(asWeatherError(error, 'forecast'));
  }
  const reading = readForecast(forecast)!;
  const siteElevation = elevation ?? reading.elevation;
  const pressure = forecastPressure(reading);
  // Water boils at the pressure of the site (its surface pressure), which the weather card shows too.
  const bp = boilingPointAtSite(reading, siteElevation);
  Object.assign(fields, {
    ...(elevation === null && siteElevation !== null ? { elevation_m: siteElevation } : {}),
    forecast_json: forecast,
    pressure_msl_hpa: pressure,
    boiling_point_c: bp ? bp.celsius : null,
    boiling_point_f: bp ? bp.fahrenheit : null,
    approximate_only: bp ? bp.approximate : false,
    computed_at: new Date(now()).toISOString(),
    ...NO_ERROR,
  } satisfies Partial<EnvironmentInput>);
  return { fields, error: null };
}

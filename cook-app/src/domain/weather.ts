// Weather rules of SPEC.md sections 4, 5 and 9 that need no network: location normalisation, choice among
// geocoding matches, the forecast cache rule, reading a stored forecast, boiling point. Pure: "now" is a
// parameter; nothing here fetches or stores.
import { readNumber, readText, isRecord } from './readers';

/** A cached forecast older than this is refreshed (SPEC.md section 9: 3 hours). */
export const WEATHER_CACHE_MS = 10_800_000;
/** Geocoding asks for, and chooses among, at most this many results (SPEC.md section 9). */
export const GEOCODE_MAX_RESULTS = 10;
/** High and low come from this many first hourly temperatures (SPEC.md section 9). */
export const FORECAST_SUMMARY_HOURS = 24;
/** SPEC.md section 5: weather requires a non-empty location. */
export const WEATHER_MESSAGES = { noLocation: 'Contest has no location' } as const;

/** US states plus DC, by two-letter code (for validation and for matching geocoding admin1 names). */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  saint: 'St.',
  st: 'St.',
  'st.': 'St.',
  fort: 'Ft.',
  ft: 'Ft.',
  'ft.': 'Ft.',
  mount: 'Mt.',
  mt: 'Mt.',
  'mt.': 'Mt.',
};

export type NormalisedLocation = {
  /** City, title-cased, with Saint/Fort/Mount (and St/Ft/Mt) written St., Ft., Mt. */
  city: string;
  /** Two-letter US state code, or null when none was given or it is not a US state or DC. */
  state: string | null;
  /** 'City, ST' or 'City': what is shown, searched for and stored as normalized_location. */
  normalized: string;
  /**
   * Why (stored as normalized_reason): 'city-state' (state recognised), 'city-only' (no state given),
   * 'unknown-state' (text after a separator that is not a US state or DC; dropped).
   */
  reason: 'city-state' | 'city-only' | 'unknown-state';
};

function titleCaseCity(text: string): string {
  return text
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((word) => {
      const abbreviation = ABBREVIATIONS[word.toLowerCase()];
      if (abbreviation) return abbreviation;
      return word
        .split('-')
        .map((part) => (part === '' ? part : part[0]!.toUpperCase() + part.slice(1).toLowerCase()))
        .join('-');
    })
    .join(' ');
}

/** The code of a US state or DC written as its code ('tx', 'D.C.') or its name ('Texas'), else null. */
export function usStateCode(token: string): string | null {
  const text = token.replace(/\./g, '').replace(/\s+/g, ' ').trim().toUpperCase();
  if (US_STATES[text]) return text;
  return Object.keys(US_STATES).find((code) => US_STATES[code]!.toUpperCase() === text) ?? null;
}

/** 'Odessa TX' -> city 'Odessa', state 'TX'; null when the last word is not a state code ('Mount Ab'). */
function trailingState(text: string): { city: string; state: string } | null {
  // Two letters, or a dotted 'D.C.'; never 'Mt.' or 'St.' (those abbreviate a word of the name).
  const m = /^(.*\S)\s+([A-Za-z]{2}|[A-Za-z]\.[A-Za-z]\.?)$/.exec(text);
  const state = m ? usStateCode(m[2]!) : null;
  return m && state ? { city: m[1]!, state } : null;
}

/**
 * Location normalisation (SPEC.md section 5): split city and a two-letter US state separated by a comma,
 * semicolon or bar, or given as a trailing token ('Odessa TX'); the state must be a US state or DC (its
 * full name is read too); the city is title-cased with St., Ft., Mt. abbreviations. Fails with
 * 'Contest has no location' when there is no city. Idempotent on its own `normalized` output.
 */
export function normaliseLocation(
  location: unknown,
): { ok: true; value: NormalisedLocation } | { ok: false; error: string } {
  const text = readText(location);
  if (text === null) return { ok: false, error: WEATHER_MESSAGES.noLocation };
  const parts = text.split(/[,;|]/).map((p) => p.trim());
  const first = parts[0]!;
  const rest = parts.slice(1).filter((p) => p !== '');
  let cityText = first;
  let state: string | null = null;
  let reason: NormalisedLocation['reason'] = 'city-only';
  if (rest.length > 0) {
    state = usStateCode(rest[0]!);
    if (state === null) {
      // 'Paris, France' drops 'France'; 'Odessa TX, USA' still finds TX at the end of the city part.
      const trailing = trailingState(first);
      if (trailing) ({ city: cityText, state } = trailing);
    }
    reason = state === null ? 'unknown-state' : 'city-state';
  } else {
    const trailing = trailingState(first);
    if (trailing) {
      ({ city: cityText, state } = trailing);
      reason = 'city-state';
    }
  }
  const city = titleCaseCity(cityText);
  if (city === '') return { ok: false, error: WEATHER_MESSAGES.noLocation };
  return {
    ok: true,
    value: { city, state, normalized: state === null ? city : `${city}, ${state}`, reason },
  };
}

export type GeocodeResult = {
  name?: string;
  latitude: number;
  longitude: number;
  elevation?: number | null;
  admin1?: string | null;
  admin2?: string | null;
  country?: string | null;
  population?: number | null;
};

/**
 * The plausible matches among the first 10 results: those whose admin1 is the state (its name or code)
 * when some are, else all of them (no state given, or none in that state).
 */
export function plausibleGeocodeResults<T extends GeocodeResult>(
  results: readonly T[],
  state: string | null,
): T[] {
  const top = results.slice(0, GEOCODE_MAX_RESULTS);
  const code = state?.toUpperCase();
  const name = code ? US_STATES[code]?.toLowerCase() : undefined;
  if (!name) return top;
  const matches = top.filter((r) => {
    const admin1 = r.admin1?.trim().toLowerCase();
    return admin1 === name || admin1 === code!.toLowerCase();
  });
  return matches.length > 0 ? matches : top;
}

/**
 * The geocoding match to use (SPEC.md section 9): among the plausible matches, the largest population
 * (missing counts as 0; a tie keeps the service's order). Null when there is none.
 */
export function chooseGeocodeResult<T extends GeocodeResult>(
  results: readonly T[],
  state: string | null,
): T | null {
  let best: T | null = null;
  for (const r of plausibleGeocodeResults(results, state))
    if (best === null || (r.population ?? 0) > (best.population ?? 0)) best = r;
  return best;
}

/** Milliseconds of an instant given as epoch ms or an ISO string; null when unreadable. */
function instantMs(value: unknown): number | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** A cached forecast is refreshed when older than 3 hours, or when it has no readable computed_at. */
export function isForecastStale(computedAt: unknown, nowMs: number): boolean {
  const at = instantMs(computedAt);
  return at === null || nowMs - at > WEATHER_CACHE_MS;
}

/** What the cache rule looks at in a stored weather record. */
export type CachedWeather = {
  normalized_location: string | null;
  forecast_json: unknown;
  computed_at: string | null;
};

export type WeatherFetchReason = 'refresh' | 'no-forecast' | 'location-changed' | 'stale' | null;

/**
 * Why the forecast of a location must be fetched now, or null when the cached one serves (SPEC.md
 * sections 4 and 9): the user asked to refresh; nothing cached; the contest's location (normalised) is not
 * the cached one's; the cached one is older than 3 hours.
 */
export function weatherFetchReason(
  cached: CachedWeather | null | undefined,
  normalizedLocation: string,
  nowMs: number,
  refresh = false,
): WeatherFetchReason {
  if (refresh) return 'refresh';
  if (!cached || !isRecord(cached.forecast_json)) return 'no-forecast';
  if (cached.normalized_location !== normalizedLocation) return 'location-changed';
  return isForecastStale(cached.computed_at, nowMs) ? 'stale' : null;
}

/** High and low (Celsius) from the first 24 hourly temperatures; null when none is a number. */
export function forecastHighLow(
  hourlyTemperatures: readonly unknown[] | null | undefined,
): { high: number; low: number } | null {
  const temps = (hourlyTemperatures ?? [])
    .slice(0, FORECAST_SUMMARY_HOURS)
    .map(readNumber)
    .filter((t): t is number => t !== null);
  if (temps.length === 0) return null;
  return { high: Math.max(...temps), low: Math.min(...temps) };
}

/** current_weather of an Open-Meteo forecast (SPEC.md section 7), each value null when unreadable. */
export type CurrentWeather = {
  temperature: number | null;
  windspeed: number | null;
  winddirection: number | null;
  weathercode: number | null;
  /** Local time at the site, 'YYYY-MM-DDTHH:MM' (timezone auto). */
  time: string | null;
};

/** A stored forecast (the service's JSON, read tolerantly): current weather and equal-length hourly series. */
export type ForecastReading = {
  current: CurrentWeather | null;
  hourly: {
    time: string[];
    temperature: (number | null)[];
    humidity: (number | null)[];
    pressure: (number | null)[];
  };
  /** Elevation (m) the service used for the grid cell, if given. */
  elevation: number | null;
  timezone: string | null;
};

const series = (hourly: Record<string, unknown>, key: string, length: number): (number | null)[] => {
  const values = Array.isArray(hourly[key]) ? (hourly[key] as unknown[]) : [];
  return Array.from({ length }, (_, i) => readNumber(values[i]));
};

/** Reads a stored forecast_json; null when it is not a forecast object. */
export function readForecast(json: unknown): ForecastReading | null {
  if (!isRecord(json)) return null;
  const hourly = isRecord(json.hourly) ? json.hourly : {};
  const times = Array.isArray(hourly.time) ? hourly.time.map((t) => (typeof t === 'string' ? t : '')) : [];
  const cw = isRecord(json.current_weather) ? json.current_weather : null;
  if (cw === null && times.length === 0) return null;
  return {
    current: cw && {
      temperature: readNumber(cw.temperature),
      windspeed: readNumber(cw.windspeed),
      winddirection: readNumber(cw.winddirection),
      weathercode: readNumber(cw.weathercode),
      time: readText(cw.time),
    },
    hourly: {
      time: times,
      temperature: series(hourly, 'temperature_2m', times.length),
      humidity: series(hourly, 'relativehumidity_2m', times.length),
      pressure: series(hourly, 'pressure_msl', times.length),
    },
    elevation: readNumber(json.elevation),
    timezone: readText(json.timezone),
  };
}

/**
 * The sea-level pressure (hPa) now: the hourly pressure_msl of the hour of current_weather.time, else
 * the first hourly value that is a number; null when there is none.
 */
export function forecastPressure(forecast: ForecastReading): number | null {
  const { time, pressure } = forecast.hourly;
  const now = forecast.current?.time?.slice(0, 13);
  const index = now ? time.findIndex((t) => t.slice(0, 13) === now) : -1;
  const atNow = index >= 0 ? pressure[index] : null;
  return atNow ?? pressure.find((p): p is number => p !== null) ?? null;
}

export type HourlyPoint = {
  /** 'HH:MM', local time at the site. */
  hour: string;
  temperature: number | null;
  humidity: number | null;
};

/** The hourly temperature and humidity of one day ('YYYY-MM-DD', local time at the site), in order. */
export function forecastDay(forecast: ForecastReading, ymd: string): HourlyPoint[] {
  const points: HourlyPoint[] = [];
  forecast.hourly.time.forEach((time, i) => {
    if (time.slice(0, 10) === ymd)
      points.push({
        hour: time.slice(11, 16),
        temperature: forecast.hourly.temperature[i] ?? null,
        humidity: forecast.hourly.humidity[i] ?? null,
      });
  });
  return points;
}

/** WMO weather interpretation code of current_weather, in words (null when unknown). */
export function weatherCodeText(code: number | null): string | null {
  if (code === null) return null;
  const table: [number[], string][] = [
    [[0], 'Clear sky'],
    [[1], 'Mainly clear'],
    [[2], 'Partly cloudy'],
    [[3], 'Overcast'],
    [[45, 48], 'Fog'],
    [[51, 53, 55, 56, 57], 'Drizzle'],
    [[61, 63, 65, 66, 67], 'Rain'],
    [[71, 73, 75, 77], 'Snow'],
    [[80, 81, 82], 'Rain showers'],
    [[85, 86], 'Snow showers'],
    [[95, 96, 99], 'Thunderstorm'],
  ];
  return table.find(([codes]) => codes.includes(code))?.[1] ?? null;
}

const ANTOINE_A = 8.07131;
const ANTOINE_B = 1730.63;
const ANTOINE_C = 233.426;
const HPA_PER_MMHG = 1.33322;
const SEA_LEVEL_HPA = 1013.25;

export type BoilingPoint = { celsius: number; fahrenheit: number; approximate: boolean };

export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;

/** Boiling point of water at a pressure (hPa), Antoine equation (A 8.07131, B 1730.63, C 233.426; mmHg = hPa / 1.33322). */
export function boilingPointFromPressure(pressureHpa: number): BoilingPoint | null {
  if (!Number.isFinite(pressureHpa) || pressureHpa <= 0) return null;
  const celsius = ANTOINE_B / (ANTOINE_A - Math.log10(pressureHpa / HPA_PER_MMHG)) - ANTOINE_C;
  return { celsius, fahrenheit: celsiusToFahrenheit(celsius), approximate: false };
}

/**
 * A sea-level pressure carried up to an elevation (m) with the standard atmosphere,
 * p * (1 - 2.25577e-5 h)^5.25588; null above the formula's range.
 */
export function pressureAtElevation(seaLevelHpa: number, elevationM: number): number | null {
  if (!Number.isFinite(seaLevelHpa) || !Number.isFinite(elevationM)) return null;
  const base = 1 - 2.25577e-5 * elevationM;
  return base > 0 ? seaLevelHpa * base ** 5.25588 : null;
}

/**
 * Boiling point estimated from elevation (metres) when pressure is missing, marked approximate: the
 * standard-atmosphere pressure at that height from 1013.25 hPa, then Antoine.
 */
export function boilingPointFromElevation(elevationM: number): BoilingPoint | null {
  const pressure = pressureAtElevation(SEA_LEVEL_HPA, elevationM);
  const bp = pressure === null ? null : boilingPointFromPressure(pressure);
  return bp && { ...bp, approximate: true };
}

/**
 * The boiling point at the contest site. With a sea-level pressure (the forecast's pressure_msl) it is the
 * Antoine boiling point of that pressure carried up to the site's elevation (water boils at the pressure
 * where it is, not at the sea-level figure; with no elevation the site is taken at sea level). Without
 * a pressure it is estimated from the elevation alone and marked approximate. Null when neither is usable.
 */
export function boilingPoint(pressureMslHpa: unknown, elevationM: unknown): BoilingPoint | null {
  const p = readNumber(pressureMslHpa);
  const e = readNumber(elevationM);
  if (p !== null && p > 0) {
    const atSite = e === null ? p : pressureAtElevation(p, e);
    if (atSite !== null) return boilingPointFromPressure(atSite);
  }
  return e === null ? null : boilingPointFromElevation(e);
}

// Weather rules of SPEC.md sections 4, 5 and 9 that need no network: location normalisation, choice among
// geocoding matches, the forecast cache rule, reading a stored forecast, boiling point. Pure: "now" is a
// parameter; nothing here fetches or stores.
import { readNumber, readText, isRecord } from './readers';
import { celsiusToFahrenheit } from './units';

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
  /** The city as written (title-cased, no abbreviation made): what the geocoding is asked first. */
  searchCity: string;
  /** Two-letter US state code, or null when none was given or it is not a US state or DC. */
  state: string | null;
  /**
   * What came after a separator when it is not a US state ('France' of 'Paris, France'): a country or
   * region the geocoding's matches are narrowed to. Null when none was given.
   */
  region: string | null;
  /** 'City, ST', 'City, Region' or 'City': what is shown, and stored as normalized_location. */
  normalized: string;
  /**
   * Why (stored as normalized_reason): 'city-state' (state recognised), 'city-only' (no state given),
   * 'unknown-state' (text after a separator that is not a US state or DC: kept as the region).
   */
  reason: 'city-state' | 'city-only' | 'unknown-state';
};

const titleCaseWord = (word: string) =>
  word
    .split('-')
    .map((part) => (part === '' ? part : part[0]!.toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

function titleCaseCity(text: string): string {
  return words(text)
    .map((word) => ABBREVIATIONS[word.toLowerCase()] ?? titleCaseWord(word))
    .join(' ');
}

/** The city as written, title-cased, with no abbreviation made ('fort worth' -> 'Fort Worth'). */
const titleCaseAsWritten = (text: string) => words(text).map(titleCaseWord).join(' ');

/** The code of a US state or DC written as its code ('tx', 'D.C.') or its name ('Texas'), else null. */
export function usStateCode(token: string): string | null {
  const text = token.replace(/\./g, '').replace(/\s+/g, ' ').trim().toUpperCase();
  if (US_STATES[text]) return text;
  return Object.keys(US_STATES).find((code) => US_STATES[code]!.toUpperCase() === text) ?? null;
}

/** State names as lower-case words, longest first (so that 'West Virginia' is read before 'Virginia'). */
const STATE_NAME_WORDS = Object.entries(US_STATES)
  .map(([code, name]) => ({ code, words: name.toLowerCase().split(' ') }))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * First words that make a place name with a state's name ('Mount Washington', 'Port Washington',
 * 'New Mexico'...): a city of only one of these is not split from a trailing state name.
 */
const NAME_PREFIXES = new Set([
  'saint',
  'st',
  'st.',
  'fort',
  'ft',
  'ft.',
  'mount',
  'mt',
  'mt.',
  'port',
  'lake',
  'new',
  'north',
  'south',
  'east',
  'west',
  'point',
  'cape',
  'glen',
]);

/**
 * 'Odessa TX' -> city 'Odessa', state 'TX'; 'fort worth texas' -> city 'fort worth', state 'TX' (a
 * trailing state name, the longest that fits). Null when the end is not a state, or when splitting
 * would leave no city, or only a word that starts a place name ('West Virginia', 'Mount Washington').
 */
function trailingState(text: string): { city: string; state: string } | null {
  // Two letters, or a dotted 'D.C.'; never 'Mt.' or 'St.' (those abbreviate a word of the name).
  const m = /^(.*\S)\s+([A-Za-z]{2}|[A-Za-z]\.[A-Za-z]\.?)$/.exec(text);
  const code = m ? usStateCode(m[2]!) : null;
  if (m && code) return { city: m[1]!, state: code };
  const all = words(text);
  const lower = all.map((w) => w.toLowerCase());
  for (const { code: state, words: name } of STATE_NAME_WORDS) {
    if (name.length >= lower.length) continue;
    if (lower.slice(lower.length - name.length).join(' ') !== name.join(' ')) continue;
    const city = all.slice(0, all.length - name.length);
    if (city.length === 1 && NAME_PREFIXES.has(city[0]!.toLowerCase())) return null;
    return { city: city.join(' '), state };
  }
  return null;
}

/**
 * Location normalisation (SPEC.md section 5): split city and a US state separated by a comma,
 * semicolon or bar, or given at the end ('Odessa TX', 'fort worth texas'); the state must be a US state
 * or DC (its code or its full name); the city is title-cased with St., Ft., Mt. abbreviations. Text
 * after a separator that is not a state is kept as the region ('Paris, France'), for the search.
 * Fails with 'Contest has no location' when there is no city. Idempotent on its own `normalized`.
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
  let region: string | null = null;
  let reason: NormalisedLocation['reason'] = 'city-only';
  if (rest.length > 0) {
    state = usStateCode(rest[0]!);
    if (state === null) {
      // 'Odessa TX, USA' still finds TX at the end of the city part.
      const trailing = trailingState(first);
      if (trailing) ({ city: cityText, state } = trailing);
      else region = words(rest[0]!).join(' ');
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
  const suffix = state ?? region;
  return {
    ok: true,
    value: {
      city,
      searchCity: titleCaseAsWritten(cityText),
      state,
      region,
      normalized: suffix === null ? city : `${city}, ${suffix}`,
      reason,
    },
  };
}

/** St., Ft., Mt. (with or without the dot) written out: the names the geocoding knows most places by. */
const WRITTEN_OUT: Readonly<Record<string, string>> = {
  st: 'Saint',
  'st.': 'Saint',
  ft: 'Fort',
  'ft.': 'Fort',
  mt: 'Mount',
  'mt.': 'Mount',
};

/**
 * The names to ask the geocoding for, in order (each once): the city as written ('Fort Worth'), with
 * its abbreviations written out ('Ft Worth' -> 'Fort Worth'), and as normalised ('Ft. Worth').
 */
export function geocodeQueries(location: Pick<NormalisedLocation, 'city' | 'searchCity'>): string[] {
  const writtenOut = words(location.searchCity)
    .map((w) => WRITTEN_OUT[w.toLowerCase()] ?? w)
    .join(' ');
  return [...new Set([location.searchCity, writtenOut, location.city].filter((q) => q !== ''))];
}

export type GeocodeResult = {
  name?: string;
  latitude: number;
  longitude: number;
  elevation?: number | null;
  admin1?: string | null;
  admin2?: string | null;
  country?: string | null;
  country_code?: string | null;
  population?: number | null;
};

/** What a search narrows its matches by: a US state (code), else a region (a country's name, or a province). */
export type GeocodeHint = { state: string | null; region?: string | null };

const UNITED_STATES = 'united states';
const UNITED_KINGDOM = 'united kingdom';
/** Other ways of writing a country name than the geocoding's English one. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  us: UNITED_STATES,
  usa: UNITED_STATES,
  'u.s.': UNITED_STATES,
  'u.s.a.': UNITED_STATES,
  'united states of america': UNITED_STATES,
  america: UNITED_STATES,
  uk: UNITED_KINGDOM,
  'u.k.': UNITED_KINGDOM,
  britain: UNITED_KINGDOM,
  'great britain': UNITED_KINGDOM,
  england: UNITED_KINGDOM,
  scotland: UNITED_KINGDOM,
  wales: UNITED_KINGDOM,
};

const lowerText = (value: string | null | undefined) => value?.trim().toLowerCase() ?? '';

/** Whether a result is in the United States (by its country name or code). */
export const isInUnitedStates = (r: GeocodeResult) =>
  lowerText(r.country) === UNITED_STATES || lowerText(r.country_code) === 'us';

/** Whether a result is in the hinted state or region; undefined when the hint names neither. */
function inHint(r: GeocodeResult, hint: GeocodeHint): boolean | undefined {
  const code = hint.state?.toUpperCase();
  if (code && US_STATES[code]) {
    const admin1 = lowerText(r.admin1);
    return admin1 === US_STATES[code]!.toLowerCase() || admin1 === code.toLowerCase();
  }
  const region = lowerText(hint.region);
  if (region === '') return undefined;
  const country = COUNTRY_ALIASES[region] ?? region;
  return (
    lowerText(r.country) === country ||
    lowerText(r.country_code) === region ||
    lowerText(r.admin1) === region ||
    (country === UNITED_STATES && isInUnitedStates(r))
  );
}

const hintOf = (hint: GeocodeHint | string | null): GeocodeHint =>
  typeof hint === 'string' || hint === null ? { state: hint } : hint;

/**
 * The plausible matches among the first 10 results: with a state or region, those in it when some
 * are (else all); with neither, all of them, those in the United States first (PitClock's teams are
 * mostly there; the service's order is kept within each group).
 */
export function plausibleGeocodeResults<T extends GeocodeResult>(
  results: readonly T[],
  hint: GeocodeHint | string | null,
): T[] {
  const top = results.slice(0, GEOCODE_MAX_RESULTS);
  const h = hintOf(hint);
  const inside = top.filter((r) => inHint(r, h) === true);
  if (inside.length > 0) return inside;
  return [...top.filter(isInUnitedStates), ...top.filter((r) => !isInUnitedStates(r))];
}

/** Whether any of the first 10 results is in the hinted state or region (true when there is no hint). */
export function hasHintedMatch(
  results: readonly GeocodeResult[],
  hint: GeocodeHint | string | null,
): boolean {
  const h = hintOf(hint);
  return results.slice(0, GEOCODE_MAX_RESULTS).some((r) => inHint(r, h) !== false);
}

/**
 * The geocoding match to use (SPEC.md section 9, issue 21): among the plausible matches, those in the
 * state or region when given, else those in the United States when there are some; of them the largest
 * population (missing counts as 0; a tie keeps the service's order). Null when there is none. So a
 * plain 'Odessa' is Odessa, Texas, and 'Odessa, Ukraine' is Odesa.
 */
export function chooseGeocodeResult<T extends GeocodeResult>(
  results: readonly T[],
  hint: GeocodeHint | string | null,
): T | null {
  const plausible = plausibleGeocodeResults(results, hint);
  const h = hintOf(hint);
  const hinted = plausible.some((r) => inHint(r, h) === true);
  const us = plausible.filter(isInUnitedStates);
  const pool = hinted || us.length === 0 ? plausible : us;
  let best: T | null = null;
  for (const r of pool) if (best === null || (r.population ?? 0) > (best.population ?? 0)) best = r;
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
    /** Sea-level pressure (pressure_msl), hPa. */
    pressure: (number | null)[];
    /** Pressure at the surface of the site (surface_pressure), hPa: what water boils at. */
    surfacePressure: (number | null)[];
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
      surfacePressure: series(hourly, 'surface_pressure', times.length),
    },
    elevation: readNumber(json.elevation),
    timezone: readText(json.timezone),
  };
}

/** The hourly value of current_weather.time's hour, else the first that is a number; null when none is. */
function valueNow(forecast: ForecastReading, values: readonly (number | null)[]): number | null {
  const { time } = forecast.hourly;
  const now = forecast.current?.time?.slice(0, 13);
  const index = now ? time.findIndex((t) => t.slice(0, 13) === now) : -1;
  const atNow = index >= 0 ? values[index] : null;
  return atNow ?? values.find((p): p is number => p !== null) ?? null;
}

/**
 * The sea-level pressure (hPa) now: the hourly pressure_msl of the hour of current_weather.time, else
 * the first hourly value that is a number; null when there is none.
 */
export function forecastPressure(forecast: ForecastReading): number | null {
  return valueNow(forecast, forecast.hourly.pressure);
}

/** The site's surface pressure (hPa) now, as forecastPressure reads pressure_msl; null when not given. */
export function forecastSurfacePressure(forecast: ForecastReading): number | null {
  return valueNow(forecast, forecast.hourly.surfacePressure);
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

/**
 * The air pressure at the contest site, where the water boils: 'surface' when the forecast gives the
 * site's surface pressure; else 'sea-level', its sea-level pressure carried up to the site's elevation
 * (pressureAtElevation; with no elevation the site is taken at sea level). Null with neither pressure.
 */
export type SitePressure = { hpa: number; source: 'surface' | 'sea-level' };

export function sitePressure(forecast: ForecastReading, elevationM: unknown): SitePressure | null {
  const surface = forecastSurfacePressure(forecast);
  if (surface !== null && surface > 0) return { hpa: surface, source: 'surface' };
  const msl = forecastPressure(forecast);
  if (msl === null || msl <= 0) return null;
  const e = readNumber(elevationM);
  const atSite = e === null ? msl : pressureAtElevation(msl, e);
  return atSite === null ? null : { hpa: atSite, source: 'sea-level' };
}

/**
 * The boiling point at the contest site from a forecast: Antoine at the site pressure (sitePressure),
 * so that a cook who puts the site pressure shown into the formula gets the same figure; estimated from
 * the elevation alone (approximate) when the forecast has no pressure. Null when neither is usable.
 */
export function boilingPointAtSite(forecast: ForecastReading, elevationM: unknown): BoilingPoint | null {
  const site = sitePressure(forecast, elevationM);
  if (site) return boilingPointFromPressure(site.hpa);
  const e = readNumber(elevationM);
  return e === null ? null : boilingPointFromElevation(e);
}

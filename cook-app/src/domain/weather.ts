// Weather rules of SPEC.md sections 5 and 9 that need no network: location normalisation, choice among
// geocoding matches, forecast freshness and summary, boiling point. Pure: "now" is a parameter.
import { readNumber, readText } from './readers';

export const WEATHER_CACHE_MS = 10_800_000; // 3 hours
export const GEOCODE_MAX_RESULTS = 10;
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
  /** 'City, ST' or 'City': what is shown and searched for. */
  normalized: string;
  /** Why: 'city-state' (state recognised), 'city-only' (no state), 'unknown-state' (text after a separator that is not a US state or DC; dropped). */
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

/**
 * Location normalisation (SPEC.md section 5): split city and a two-letter US state separated by a comma,
 * semicolon or bar, or given as a trailing token ('Odessa TX'); the state must be a US state or DC;
 * the city is title-cased with St., Ft., Mt. abbreviations. Error 'Contest has no location' when empty.
 */
export function normaliseLocation(
  location: unknown,
): { ok: true; value: NormalisedLocation } | { ok: false; error: string } {
  const text = readText(location);
  if (text === null) return { ok: false, error: WEATHER_MESSAGES.noLocation };
  const parts = text
    .split(/[,;|]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  let cityText: string;
  let stateToken: string | null;
  if (parts.length >= 2) {
    cityText = parts[0]!;
    stateToken = parts[1]!;
  } else {
    const m = /^(.*\S)\s+([A-Za-z]{2})\.?$/.exec(parts[0] ?? text);
    cityText = m ? m[1]! : (parts[0] ?? text);
    stateToken = m ? m[2]! : null;
  }
  const code = stateToken === null ? null : stateToken.replace(/\./g, '').trim().toUpperCase();
  const byName =
    code === null ? undefined : Object.keys(US_STATES).find((k) => US_STATES[k]!.toUpperCase() === code);
  const state = code !== null && US_STATES[code] ? code : (byName ?? null);
  if (stateToken !== null && state === null) {
    // 'Paris, France': the part after the separator is not a US state. 'Mount Ab': part of the name.
    const separated = parts.length >= 2;
    const city = titleCaseCity(separated ? cityText : text);
    return {
      ok: true,
      value: { city, state: null, normalized: city, reason: separated ? 'unknown-state' : 'city-only' },
    };
  }
  const city = titleCaseCity(cityText);
  if (state === null)
    return { ok: true, value: { city, state: null, normalized: city, reason: 'city-only' } };
  return { ok: true, value: { city, state, normalized: `${city}, ${state}`, reason: 'city-state' } };
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
 * The geocoding match to use: among the first 10, those whose admin1 is the state (its name or code),
 * else all of them; then the largest population (missing counts as 0; ties keep the first). Null when none.
 */
export function chooseGeocodeResult<T extends GeocodeResult>(
  results: readonly T[],
  state: string | null,
): T | null {
  const top = results.slice(0, GEOCODE_MAX_RESULTS);
  const name = state ? US_STATES[state.toUpperCase()]?.toLowerCase() : undefined;
  const matches = name
    ? top.filter((r) => {
        const admin1 = r.admin1?.trim().toLowerCase();
        return admin1 === name || admin1 === state?.toLowerCase();
      })
    : [];
  const pool = matches.length > 0 ? matches : top;
  let best: T | null = null;
  for (const r of pool) if (best === null || (r.population ?? 0) > (best.population ?? 0)) best = r;
  return best;
}

/** A cached forecast is refreshed when older than 3 hours, or when it has no readable computed_at. */
export function isForecastStale(computedAt: unknown, nowMs: number): boolean {
  const at =
    typeof computedAt === 'number'
      ? computedAt
      : typeof computedAt === 'string'
        ? Date.parse(computedAt)
        : NaN;
  return !Number.isFinite(at) || nowMs - at > WEATHER_CACHE_MS;
}

/** High and low (Celsius) from the first 24 hourly temperatures; null when none is a number. */
export function forecastHighLow(
  hourlyTemperatures: readonly unknown[] | null | undefined,
): { high: number; low: number } | null {
  const temps = (hourlyTemperatures ?? [])
    .slice(0, 24)
    .map(readNumber)
    .filter((t): t is number => t !== null);
  if (temps.length === 0) return null;
  return { high: Math.max(...temps), low: Math.min(...temps) };
}

const ANTOINE_A = 8.07131;
const ANTOINE_B = 1730.63;
const ANTOINE_C = 233.426;
const HPA_PER_MMHG = 1.33322;

export type BoilingPoint = { celsius: number; fahrenheit: number; approximate: boolean };

export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;

/** Boiling point of water at a pressure (hPa), Antoine equation (A 8.07131, B 1730.63, C 233.426; mmHg = hPa / 1.33322). */
export function boilingPointFromPressure(pressureHpa: number): BoilingPoint | null {
  if (!Number.isFinite(pressureHpa) || pressureHpa <= 0) return null;
  const celsius = ANTOINE_B / (ANTOINE_A - Math.log10(pressureHpa / HPA_PER_MMHG)) - ANTOINE_C;
  return { celsius, fahrenheit: celsiusToFahrenheit(celsius), approximate: false };
}

/**
 * Boiling point estimated from elevation (metres) when pressure is missing, marked approximate: the
 * standard-atmosphere pressure at that height, 1013.25 * (1 - 2.25577e-5 h)^5.25588 hPa, then Antoine.
 */
export function boilingPointFromElevation(elevationM: number): BoilingPoint | null {
  if (!Number.isFinite(elevationM)) return null;
  const base = 1 - 2.25577e-5 * elevationM;
  if (base <= 0) return null;
  const bp = boilingPointFromPressure(1013.25 * base ** 5.25588);
  return bp && { ...bp, approximate: true };
}

/** Pressure when there is one, else elevation (approximate); null when neither is usable. */
export function boilingPoint(pressureHpa: unknown, elevationM: unknown): BoilingPoint | null {
  const p = readNumber(pressureHpa);
  if (p !== null && p > 0) return boilingPointFromPressure(p);
  const e = readNumber(elevationM);
  return e === null ? null : boilingPointFromElevation(e);
}

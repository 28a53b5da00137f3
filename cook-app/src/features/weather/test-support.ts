// Test helpers of the weather feature: a local server that speaks Open-Meteo's geocoding and forecast
// JSON (the shapes of https://open-meteo.com/en/docs and /en/docs/geocoding-api), and sample answers.
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import { FORECAST_URL_GLOBAL, GEOCODING_URL_GLOBAL } from './weather-config';

export const GEOCODE_PATH = '/v1/search';
export const FORECAST_PATH = '/v1/forecast';

/** Open-Meteo geocoding results for 'Odessa' (trimmed to the fields SPEC.md section 7 reads, plus ids). */
export const ODESSA_RESULTS = [
  {
    id: 698740,
    name: 'Odesa',
    latitude: 46.47747,
    longitude: 30.73262,
    elevation: 50,
    feature_code: 'PPLA',
    country_code: 'UA',
    admin1: 'Odesa',
    country: 'Ukraine',
    population: 1015826,
  },
  {
    id: 5527554,
    name: 'Odessa',
    latitude: 31.84568,
    longitude: -102.36764,
    elevation: 890,
    feature_code: 'PPLA2',
    country_code: 'US',
    admin1: 'Texas',
    admin2: 'Ector',
    country: 'United States',
    population: 118918,
  },
  {
    id: 4167147,
    name: 'Odessa',
    latitude: 28.19391,
    longitude: -82.59176,
    elevation: 17,
    feature_code: 'PPL',
    country_code: 'US',
    admin1: 'Florida',
    admin2: 'Pasco',
    country: 'United States',
    population: 7267,
  },
  {
    id: 4401242,
    name: 'Odessa',
    latitude: 38.99917,
    longitude: -93.95356,
    elevation: 272,
    feature_code: 'PPL',
    country_code: 'US',
    admin1: 'Missouri',
    admin2: 'Lafayette',
    country: 'United States',
    population: 5300,
  },
];

/** Two Springfields in the same state: several plausible matches remain for 'Springfield, TX'. */
export const TEXAS_TWINS = [
  {
    name: 'Springfield',
    latitude: 30.1,
    longitude: -97.1,
    elevation: 150,
    admin1: 'Texas',
    admin2: 'Bastrop',
    country: 'United States',
    population: 1200,
  },
  {
    name: 'Springfield',
    latitude: 32.2,
    longitude: -95.2,
    elevation: 420,
    admin1: 'Texas',
    admin2: 'Smith',
    country: 'United States',
    population: 800,
  },
  {
    name: 'Springfield',
    latitude: 39.8,
    longitude: -89.6,
    elevation: 180,
    admin1: 'Illinois',
    country: 'United States',
    population: 114394,
  },
];

/** The surface pressure of forecastJson (hPa): about the standard atmosphere's at Odessa's 890 m. */
export const SURFACE_HPA = 910.5;

/**
 * A forecast in Open-Meteo's shape: 48 hours from `day` 00:00 local time, temperatures 20 + (h mod 24) / 2
 * (so the first 24 hours run from 20 to 31.5), humidity 80 - (h mod 24), sea-level pressure 1013.25 hPa,
 * surface pressure SURFACE_HPA.
 */
export function forecastJson(day = '2026-06-01', overrides: Record<string, unknown> = {}) {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const hours = Array.from(
    { length: 48 },
    (_, h) => `${h < 24 ? day : next}T${String(h % 24).padStart(2, '0')}:00`,
  );
  return {
    latitude: 31.84,
    longitude: -102.36,
    generationtime_ms: 0.2,
    utc_offset_seconds: -18000,
    timezone: 'America/Chicago',
    timezone_abbreviation: 'CDT',
    elevation: 889,
    current_weather: {
      temperature: 24.5,
      windspeed: 14.8,
      winddirection: 170,
      weathercode: 2,
      time: `${day}T10:00`,
    },
    hourly_units: {
      time: 'iso8601',
      temperature_2m: '°C',
      relativehumidity_2m: '%',
      pressure_msl: 'hPa',
      surface_pressure: 'hPa',
    },
    hourly: {
      time: hours,
      temperature_2m: hours.map((_, h) => 20 + (h % 24) / 2),
      relativehumidity_2m: hours.map((_, h) => 80 - (h % 24)),
      pressure_msl: hours.map(() => 1013.25),
      surface_pressure: hours.map(() => SURFACE_HPA),
    },
    ...overrides,
  };
}

export type WeatherServerRoutes = {
  geocode?: (req: ReceivedRequest) => Reply | Promise<Reply>;
  forecast?: (req: ReceivedRequest) => Reply | Promise<Reply>;
};

/** A local Open-Meteo: GET /v1/search and GET /v1/forecast answered by the given routes (default: Odessa). */
export async function startWeatherServer(routes: WeatherServerRoutes = {}): Promise<TestServer> {
  return startTestServer((req) => {
    if (req.path === GEOCODE_PATH)
      return routes.geocode?.(req) ?? { json: { results: ODESSA_RESULTS, generationtime_ms: 1 } };
    if (req.path === FORECAST_PATH) return routes.forecast?.(req) ?? { json: forecastJson() };
    return { status: 404, json: { error: true, reason: 'Not Found' } };
  });
}

/** Points the app's weather calls at a server through the documented globals; returns the undo. */
export function pointWeatherAt(server: TestServer): () => void {
  const g = globalThis as Record<string, unknown>;
  g[GEOCODING_URL_GLOBAL] = `${server.url}${GEOCODE_PATH}`;
  g[FORECAST_URL_GLOBAL] = `${server.url}${FORECAST_PATH}`;
  return () => {
    delete g[GEOCODING_URL_GLOBAL];
    delete g[FORECAST_URL_GLOBAL];
  };
}

/** The query of a received request as an object. */
export const queryOf = (req: ReceivedRequest) =>
  Object.fromEntries(new URL(req.url, 'http://localhost').searchParams.entries());

// Where the weather calls go (issue 10). The external services are Open-Meteo's, which need no key.
// Either base URL can be replaced at run time, before or after the app loads, by a global set in the
// page (index.html, the gateway's config script, or a Playwright init script), in the same way as the
// API base (contracts' API_BASE_GLOBAL):
//   globalThis.__PITCLOCK_GEOCODING_URL__ = 'https://geocoding.example.com/v1/search';
//   globalThis.__PITCLOCK_FORECAST_URL__ = 'https://forecast.example.com/v1/forecast';
// A relative URL ('/weather/geocode') is read against the page's address. The globals are read at each
// call, so a change applies to the next call.

export const DEFAULT_GEOCODING_URL = 'https://geocoding-api.open-meteo.com/v1/search';
export const DEFAULT_FORECAST_URL = 'https://api.open-meteo.com/v1/forecast';

export const GEOCODING_URL_GLOBAL = '__PITCLOCK_GEOCODING_URL__';
export const FORECAST_URL_GLOBAL = '__PITCLOCK_FORECAST_URL__';

/** A weather call that has not been answered after this long fails as a network error (ours: 15 s). */
export const WEATHER_TIMEOUT_MS = 15_000;

function configured(name: string, fallback: string): string {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** The geocoding search URL: the global __PITCLOCK_GEOCODING_URL__ when set, else Open-Meteo's. */
export const getGeocodingUrl = () => configured(GEOCODING_URL_GLOBAL, DEFAULT_GEOCODING_URL);

/** The forecast URL: the global __PITCLOCK_FORECAST_URL__ when set, else Open-Meteo's. */
export const getForecastUrl = () => configured(FORECAST_URL_GLOBAL, DEFAULT_FORECAST_URL);

// The external weather services' client (SPEC.md section 7; issue 10): Open-Meteo's geocoding search and
// forecast, called from the browser with fetch. Not contracts' `api` client: that one is for our own
// /api (bearer, refresh, /api path rules), none of which applies to a third-party service. Base URLs come
// from weather-config.ts; every failure is a WeatherError with SPEC.md section 8's text.
import { readNumber, readText, isRecord, readForecast, GEOCODE_MAX_RESULTS } from '../../domain';
import type { LocationMatch } from '../../store';
import { getForecastUrl, getGeocodingUrl, WEATHER_TIMEOUT_MS } from './weather-config';
import { WEATHER_ERRORS } from './messages';

/** Where a weather load failed: the contest's location, the geocoding call or the forecast call. */
export type WeatherStage = 'location' | 'geocode' | 'forecast';

export type WeatherErrorInit = {
  message: string;
  stage: WeatherStage;
  /** The service could not be reached (offline, refused, timed out). */
  network: boolean;
  /** HTTP status of the answer, when there was one. */
  status: number | null;
  url?: string | null;
  /** The service's own reason (Open-Meteo's { error: true, reason }) or the timeout, for logs. */
  detail?: string;
  cause?: unknown;
};

/** Every failure of a weather load; `message` is the SPEC.md section 8 text that is stored and shown. */
export class WeatherError extends Error {
  override readonly name = 'WeatherError';
  readonly stage: WeatherStage;
  readonly network: boolean;
  readonly status: number | null;
  readonly url: string | null;
  readonly detail: string | undefined;

  constructor(init: WeatherErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.stage = init.stage;
    this.network = init.network;
    this.status = init.status;
    this.url = init.url ?? null;
    this.detail = init.detail;
  }
}

export const isWeatherError = (error: unknown): error is WeatherError =>
  error instanceof Error && error.name === 'WeatherError' && 'stage' in error;

export type WeatherClientOptions = {
  /** Default: the page's fetch, looked up at each call. */
  fetch?: typeof fetch;
  /** Default: getGeocodingUrl (the global __PITCLOCK_GEOCODING_URL__, else Open-Meteo's), read at each call. */
  geocodingUrl?: () => string;
  /** Default: getForecastUrl (the global __PITCLOCK_FORECAST_URL__, else Open-Meteo's), read at each call. */
  forecastUrl?: () => string;
  /** A call unanswered after this long fails as a network error. Default WEATHER_TIMEOUT_MS. */
  timeoutMs?: number;
};

export type GeocodeAnswer = { url: string; results: LocationMatch[] };
export type ForecastAnswer = { url: string; forecast: Record<string, unknown> };

export type WeatherClient = {
  /** The geocoding URL of a place name: name, count 10, language en, format json. */
  geocodeUrl(name: string): string;
  /**
   * The forecast URL of a point: current_weather, hourly temperature, humidity, sea-level and surface
   * pressure, timezone auto.
   */
  forecastUrl(latitude: number, longitude: number): string;
  /** The matches of a place name, in the service's order; 'No geocoding result' when there is none. */
  geocode(name: string): Promise<GeocodeAnswer>;
  /** The forecast of a point (the service's JSON, checked to be a forecast). */
  forecast(latitude: number, longitude: number): Promise<ForecastAnswer>;
};

/** Forecast days asked for (Open-Meteo's maximum), so that a cook-off up to 16 days ahead has its hours. */
export const FORECAST_DAYS = 16;

const STAGE_TEXTS = {
  geocode: { network: WEATHER_ERRORS.geocodeNetwork, failed: WEATHER_ERRORS.geocodeFailed },
  forecast: { network: WEATHER_ERRORS.forecastNetwork, failed: WEATHER_ERRORS.forecastFailed },
} as const;

/** base + query; a relative base is read against the page's address. */
function urlWith(base: string, params: Record<string, string>): string {
  const url = new URL(base, globalThis.location?.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  // Commas stay readable in the stored URL (hourly=a,b,c); servers read %2C and ',' alike.
  return url.toString().replace(/%2C/gi, ',');
}

/** A geocoding result as a match, or null without coordinates. */
function toMatch(raw: unknown, fallbackName: string): LocationMatch | null {
  if (!isRecord(raw)) return null;
  const latitude = readNumber(raw.latitude);
  const longitude = readNumber(raw.longitude);
  if (latitude === null || longitude === null) return null;
  return {
    name: readText(raw.name) ?? fallbackName,
    latitude,
    longitude,
    elevation: readNumber(raw.elevation),
    admin1: readText(raw.admin1),
    admin2: readText(raw.admin2),
    country: readText(raw.country),
    population: readNumber(raw.population),
  };
}

export function createWeatherClient(options: WeatherClientOptions = {}): WeatherClient {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const geocodingBase = options.geocodingUrl ?? getGeocodingUrl;
  const forecastBase = options.forecastUrl ?? getForecastUrl;
  const timeoutMs = options.timeoutMs ?? WEATHER_TIMEOUT_MS;

  /** Builds a URL; a configured base that is not a URL fails as the stage's 'failed' error. */
  function build(stage: 'geocode' | 'forecast', make: () => string): string {
    try {
      return make();
    } catch (cause) {
      throw new WeatherError({
        message: STAGE_TEXTS[stage].failed,
        stage,
        network: false,
        status: null,
        detail: 'Invalid weather service URL',
        cause,
      });
    }
  }

  /** GET url as JSON: network failures and timeouts, HTTP errors and unreadable JSON become WeatherErrors. */
  async function getJson(stage: 'geocode' | 'forecast', url: string): Promise<unknown> {
    const texts = STAGE_TEXTS[stage];
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { signal: controller.signal });
      text = await response.text();
    } catch (cause) {
      throw new WeatherError({
        message: texts.network,
        stage,
        network: true,
        status: null,
        url,
        detail: timedOut ? `No answer after ${timeoutMs} ms` : undefined,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }
    let body: unknown;
    let readable = true;
    try {
      body = JSON.parse(text);
    } catch {
      readable = false;
    }
    if (!response.ok || !readable) {
      const reason = isRecord(body) ? readText(body.reason) : null;
      throw new WeatherError({
        message: texts.failed,
        stage,
        network: false,
        status: response.status,
        url,
        detail: reason ?? (readable ? `HTTP ${response.status}` : 'The answer is not JSON'),
      });
    }
    return body;
  }

  const client: WeatherClient = {
    geocodeUrl: (name) =>
      urlWith(geocodingBase(), {
        name,
        count: String(GEOCODE_MAX_RESULTS),
        language: 'en',
        format: 'json',
      }),

    forecastUrl: (latitude, longitude) =>
      urlWith(forecastBase(), {
        latitude: String(latitude),
        longitude: String(longitude),
        current_weather: 'true',
        hourly: 'temperature_2m,relativehumidity_2m,pressure_msl,surface_pressure',
        timezone: 'auto',
        forecast_days: String(FORECAST_DAYS),
      }),

    async geocode(name) {
      const query = name.trim();
      if (query === '')
        throw new WeatherError({
          message: WEATHER_ERRORS.locationRequired,
          stage: 'location',
          network: false,
          status: null,
        });
      const url = build('geocode', () => client.geocodeUrl(query));
      const body = await getJson('geocode', url);
      if (!isRecord(body))
        throw new WeatherError({
          message: WEATHER_ERRORS.geocodeFailed,
          stage: 'geocode',
          network: false,
          status: 200,
          url,
          detail: 'The answer is not an object',
        });
      const list = Array.isArray(body.results) ? body.results : [];
      const results = list
        .map((raw) => toMatch(raw, query))
        .filter((m): m is LocationMatch => m !== null)
        .slice(0, GEOCODE_MAX_RESULTS);
      if (results.length === 0)
        throw new WeatherError({
          message: WEATHER_ERRORS.noGeocodeResult,
          stage: 'geocode',
          network: false,
          status: 200,
          url,
        });
      return { url, results };
    },

    async forecast(latitude, longitude) {
      const url = build('forecast', () => client.forecastUrl(latitude, longitude));
      const body = await getJson('forecast', url);
      if (!isRecord(body) || readForecast(body) === null)
        throw new WeatherError({
          message: WEATHER_ERRORS.forecastFailed,
          stage: 'forecast',
          network: false,
          status: 200,
          url,
          detail: 'The answer is not a forecast',
        });
      return { url, forecast: body };
    },
  };
  return client;
}

/** The client of the app: the page's fetch and the configured base URLs, read at each call. */
export const weatherClient: WeatherClient = createWeatherClient();

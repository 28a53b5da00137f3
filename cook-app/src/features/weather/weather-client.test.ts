import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, held, type Reply, type TestServer } from '@pitclock/contracts/testing';
import { createWeatherClient, isWeatherError, type WeatherError } from './weather-client';
import {
  DEFAULT_FORECAST_URL,
  DEFAULT_GEOCODING_URL,
  FORECAST_URL_GLOBAL,
  GEOCODING_URL_GLOBAL,
} from './weather-config';
import {
  FORECAST_PATH,
  forecastJson,
  GEOCODE_PATH,
  ODESSA_RESULTS,
  pointWeatherAt,
  queryOf,
  startWeatherServer,
  type WeatherServerRoutes,
} from './test-support';

const servers: TestServer[] = [];
const undo: (() => void)[] = [];
afterEach(async () => {
  undo.splice(0).forEach((fn) => fn());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(routes: WeatherServerRoutes = {}, timeoutMs = 2_000) {
  const server = await startWeatherServer(routes);
  servers.push(server);
  const client = createWeatherClient({
    geocodingUrl: () => `${server.url}${GEOCODE_PATH}`,
    forecastUrl: () => `${server.url}${FORECAST_PATH}`,
    timeoutMs,
  });
  return { server, client };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(isWeatherError(error)).toBe(true);
      return error as WeatherError;
    },
  );

const reply = (r: Reply) => () => r;

describe('geocoding', () => {
  it('searches by name with count 10, language en, format json and reads the matches in order', async () => {
    const { server, client } = await serve();
    const answer = await client.geocode(' Odessa ');
    const [request] = server.on(GEOCODE_PATH);
    expect(request?.method).toBe('GET');
    expect(queryOf(request!)).toEqual({ name: 'Odessa', count: '10', language: 'en', format: 'json' });
    expect(answer.url).toBe(`${server.url}${GEOCODE_PATH}?name=Odessa&count=10&language=en&format=json`);
    expect(answer.results).toHaveLength(4);
    expect(answer.results[1]).toEqual({
      name: 'Odessa',
      latitude: 31.84568,
      longitude: -102.36764,
      elevation: 890,
      admin1: 'Texas',
      admin2: 'Ector',
      country: 'United States',
      population: 118918,
    });
    expect(answer.results[0]).toMatchObject({ admin2: null, population: 1015826 });
  });

  it("answers 'No geocoding result' when the service finds nothing (no results key) or nothing with coordinates", async () => {
    const { client } = await serve({ geocode: reply({ json: { generationtime_ms: 0.5 } }) });
    const failure = await failureOf(client.geocode('Nowhereville'));
    expect(failure).toMatchObject({
      message: 'No geocoding result',
      stage: 'geocode',
      network: false,
      status: 200,
    });
    const { client: other } = await serve({ geocode: reply({ json: { results: [{ name: 'X' }, 7] } }) });
    expect((await failureOf(other.geocode('X'))).message).toBe('No geocoding result');
  });

  it("answers 'Geocoding failed' with the status on an HTTP error, keeping the service's reason", async () => {
    const { client } = await serve({
      geocode: reply({
        status: 400,
        json: { error: true, reason: 'Parameter count must be between 1 and 100.' },
      }),
    });
    const failure = await failureOf(client.geocode('Odessa'));
    expect(failure).toMatchObject({
      message: 'Geocoding failed',
      stage: 'geocode',
      network: false,
      status: 400,
      detail: 'Parameter count must be between 1 and 100.',
    });
    const { client: down } = await serve({ geocode: reply({ status: 503, text: 'Service Unavailable' }) });
    expect(await failureOf(down.geocode('Odessa'))).toMatchObject({
      message: 'Geocoding failed',
      status: 503,
    });
  });

  it("answers 'Geocoding failed' on malformed JSON", async () => {
    const { client } = await serve({
      geocode: reply({ text: '{"results": [', headers: { 'content-type': 'application/json' } }),
    });
    expect(await failureOf(client.geocode('Odessa'))).toMatchObject({
      message: 'Geocoding failed',
      network: false,
      status: 200,
    });
    const { client: array } = await serve({ geocode: reply({ json: [1, 2] }) });
    expect((await failureOf(array.geocode('Odessa'))).message).toBe('Geocoding failed');
  });

  it("answers 'Geocoding network error' when nothing listens, and when the service does not answer in time", async () => {
    const url = await closedPortUrl();
    const closed = createWeatherClient({ geocodingUrl: () => `${url}${GEOCODE_PATH}` });
    expect(await failureOf(closed.geocode('Odessa'))).toMatchObject({
      message: 'Geocoding network error',
      stage: 'geocode',
      network: true,
      status: null,
    });
    const { client } = await serve({ geocode: () => held({ json: { results: ODESSA_RESULTS } }).reply }, 50);
    expect(await failureOf(client.geocode('Odessa'))).toMatchObject({
      message: 'Geocoding network error',
      network: true,
      detail: 'No answer after 50 ms',
    });
  });

  it("refuses an empty name with 'Location required' without calling the service", async () => {
    const { server, client } = await serve();
    expect(await failureOf(client.geocode('   '))).toMatchObject({
      message: 'Location required',
      stage: 'location',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('forecast', () => {
  it('asks for current_weather, hourly temperature_2m, relativehumidity_2m, pressure_msl and surface_pressure, timezone auto', async () => {
    const { server, client } = await serve();
    const answer = await client.forecast(31.84568, -102.36764);
    const [request] = server.on(FORECAST_PATH);
    expect(queryOf(request!)).toEqual({
      latitude: '31.84568',
      longitude: '-102.36764',
      current_weather: 'true',
      hourly: 'temperature_2m,relativehumidity_2m,pressure_msl,surface_pressure',
      timezone: 'auto',
      forecast_days: '16',
    });
    expect(answer.url).toContain('hourly=temperature_2m,relativehumidity_2m,pressure_msl,surface_pressure');
    expect(answer.forecast).toEqual(forecastJson());
  });

  it("answers 'Forecast fetch failed' on an HTTP error, malformed JSON or an answer that is not a forecast", async () => {
    for (const answer of [
      { status: 400, json: { error: true, reason: 'Latitude must be in range of -90 to 90°.' } },
      { status: 500, text: 'oops' },
      { text: 'not json at all' },
      { json: { hello: 'world' } },
      { json: null },
    ] satisfies Reply[]) {
      const { client } = await serve({ forecast: reply(answer) });
      const failure = await failureOf(client.forecast(1, 2));
      expect(failure).toMatchObject({
        message: 'Forecast fetch failed',
        stage: 'forecast',
        network: false,
        status: answer.status ?? 200,
      });
    }
  });

  it("answers 'Forecast network error' when offline or timed out", async () => {
    const url = await closedPortUrl();
    const closed = createWeatherClient({ forecastUrl: () => `${url}${FORECAST_PATH}` });
    expect(await failureOf(closed.forecast(1, 2))).toMatchObject({
      message: 'Forecast network error',
      stage: 'forecast',
      network: true,
      status: null,
    });
    const { client } = await serve({ forecast: () => held({ json: forecastJson() }).reply }, 50);
    expect(await failureOf(client.forecast(1, 2))).toMatchObject({
      message: 'Forecast network error',
      network: true,
    });
  });
});

describe('configuration', () => {
  it("defaults to Open-Meteo's geocoding and forecast URLs", () => {
    const client = createWeatherClient();
    expect(client.geocodeUrl('Odessa')).toBe(
      `${DEFAULT_GEOCODING_URL}?name=Odessa&count=10&language=en&format=json`,
    );
    expect(DEFAULT_GEOCODING_URL).toBe('https://geocoding-api.open-meteo.com/v1/search');
    expect(client.forecastUrl(1.5, -2)).toMatch(
      /^https:\/\/api\.open-meteo\.com\/v1\/forecast\?latitude=1\.5&longitude=-2&/,
    );
    expect(DEFAULT_FORECAST_URL).toBe('https://api.open-meteo.com/v1/forecast');
  });

  it('reads the base URLs from the globals at each call', async () => {
    const server = await startWeatherServer();
    servers.push(server);
    const client = createWeatherClient();
    undo.push(pointWeatherAt(server));
    expect((await client.geocode('Odessa')).results).toHaveLength(4);
    await client.forecast(1, 2);
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);
    expect(server.on(FORECAST_PATH)).toHaveLength(1);
    const g = globalThis as Record<string, unknown>;
    g[GEOCODING_URL_GLOBAL] = '  ';
    expect(client.geocodeUrl('x')).toContain(DEFAULT_GEOCODING_URL);
    g[FORECAST_URL_GLOBAL] = `${server.url}/proxy/forecast?apikey=k`;
    expect(client.forecastUrl(1, 2)).toMatch(
      new RegExp(`^${server.url}/proxy/forecast\\?apikey=k&latitude=1&`),
    );
  });

  it("reads a relative base against the page's address, and fails a base that is not a URL as the stage's failure", async () => {
    const client = createWeatherClient({ geocodingUrl: () => '/weather/search' });
    expect(client.geocodeUrl('Odessa')).toBe(
      `${location.origin}/weather/search?name=Odessa&count=10&language=en&format=json`,
    );
    const broken = createWeatherClient({ forecastUrl: () => 'http://[::1' });
    expect(await failureOf(broken.forecast(1, 2))).toMatchObject({
      message: 'Forecast fetch failed',
      network: false,
    });
  });
});

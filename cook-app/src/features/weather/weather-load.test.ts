import { afterEach, describe, expect, it } from 'vitest';
import type { ReceivedRequest, TestServer } from '@pitclock/contracts/testing';
import type { ContestEnvironment } from '../../store';
import { createWeatherClient } from './weather-client';
import { loadContestWeather } from './weather-load';
import { boilingPointFromPressure } from '../../domain';
import {
  FORECAST_PATH,
  GEOCODE_PATH,
  ODESSA_RESULTS,
  queryOf,
  startWeatherServer,
  SURFACE_HPA,
  TEXAS_TWINS,
} from './test-support';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function client(routes: Parameters<typeof startWeatherServer>[0] = {}) {
  const server = await startWeatherServer(routes);
  servers.push(server);
  return {
    server,
    client: createWeatherClient({
      geocodingUrl: () => `${server.url}${GEOCODE_PATH}`,
      forecastUrl: () => `${server.url}${FORECAST_PATH}`,
    }),
  };
}

const NOW = Date.parse('2026-06-01T15:00:00Z');
const now = () => NOW;

const stored = (fields: Partial<ContestEnvironment>): ContestEnvironment => ({
  contest_id: 'c1',
  lat: null,
  lon: null,
  elevation_m: null,
  provider: null,
  normalized_location: null,
  normalized_reason: null,
  forecast_json: null,
  pressure_msl_hpa: null,
  boiling_point_c: null,
  boiling_point_f: null,
  computed_at: null,
  approximate_only: false,
  last_geocode_url: null,
  last_forecast_url: null,
  last_error: null,
  last_error_stage: null,
  last_error_network: null,
  last_error_status: null,
  created_at: '2026-06-01T00:00:00.000Z',
  updated_at: '2026-06-01T00:00:00.000Z',
  is_local: true,
  ...fields,
});

/** Fort Worth as Open-Meteo answers 'Fort Worth' (and nothing for 'Ft. Worth'). */
const FORT_WORTH = [
  {
    name: 'Fort Worth',
    latitude: 32.72541,
    longitude: -97.32085,
    elevation: 199,
    admin1: 'Texas',
    admin2: 'Tarrant',
    country: 'United States',
    country_code: 'US',
    population: 918915,
  },
];

describe('the location search', () => {
  /** A geocoding that knows 'Fort Worth' and 'Odessa' by name (as Open-Meteo matches names). */
  const routes = {
    geocode: (req: ReceivedRequest) => {
      const name = queryOf(req).name?.toLowerCase();
      if (name === 'fort worth') return { json: { results: FORT_WORTH } };
      if (name === 'odessa') return { json: { results: ODESSA_RESULTS } };
      return { json: { generationtime_ms: 0.1 } };
    },
  };
  const load = async (location: string) => {
    const { server, client: c } = await client(routes);
    const result = await loadContestWeather({
      client: c,
      contest: { id: 'c1', location },
      record: undefined,
      now,
    });
    return { ...result, asked: server.on(GEOCODE_PATH).map((r) => queryOf(r).name) };
  };

  it("understands 'fort worth texas' (a full state name, no comma): searches 'Fort Worth' and takes the one in Texas", async () => {
    const { fields, error, asked } = await load('fort worth texas');
    expect(error).toBeNull();
    expect(asked).toEqual(['Fort Worth']);
    expect(fields).toMatchObject({
      normalized_location: 'Ft. Worth, TX',
      normalized_reason: 'city-state',
      lat: 32.72541,
      lon: -97.32085,
    });
  });

  it("asks again with the name written out when the abbreviation finds nothing ('Ft. Worth, TX')", async () => {
    const { fields, error, asked } = await load('Ft. Worth, TX');
    expect(error).toBeNull();
    expect(asked).toEqual(['Ft. Worth', 'Fort Worth']);
    expect(fields).toMatchObject({ lat: 32.72541 });
    expect(fields.last_geocode_url).toContain('name=Fort+Worth');
  });

  it("prefers the United States when no country is given: a plain 'Odessa' is Odessa, Texas", async () => {
    const { fields, error } = await load('Odessa');
    expect(error).toBeNull();
    expect(fields).toMatchObject({ lat: 31.84568, lon: -102.36764, normalized_location: 'Odessa' });
    expect(fields.location_matches?.map((m) => m.country)).toEqual([
      'United States',
      'United States',
      'United States',
      'Ukraine',
    ]);
  });

  it("takes the country given: 'Odessa, Ukraine' is Odesa", async () => {
    const { fields, error } = await load('Odessa, Ukraine');
    expect(error).toBeNull();
    expect(fields).toMatchObject({ lat: 46.47747, normalized_location: 'Odessa, Ukraine' });
  });

  it("says 'No geocoding result' when no name finds anything, having asked each once", async () => {
    const { error, asked } = await load('ft nowhere tx');
    expect(error).toMatchObject({ message: 'No geocoding result', stage: 'geocode' });
    expect(asked).toEqual(['Ft Nowhere', 'Fort Nowhere', 'Ft. Nowhere']);
  });
});

describe('a weather load', () => {
  it("fails at the location stage with 'Contest has no location' and calls nothing", async () => {
    const { server, client: c } = await client();
    const result = await loadContestWeather({
      client: c,
      contest: { id: 'c1', location: ' , TX' },
      record: undefined,
      now,
    });
    expect(result.error).toMatchObject({ message: 'Contest has no location', stage: 'location' });
    expect(result.fields).toEqual({
      contest_id: 'c1',
      last_error: 'Contest has no location',
      last_error_stage: 'location',
      last_error_network: false,
      last_error_status: null,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('keeps the plausible matches (those in the state) and the most populous as the choice', async () => {
    const { client: c } = await client({ geocode: () => ({ json: { results: TEXAS_TWINS } }) });
    const { fields, error } = await loadContestWeather({
      client: c,
      contest: { id: 'c1', location: 'Springfield, TX' },
      record: undefined,
      now,
    });
    expect(error).toBeNull();
    expect(fields).toMatchObject({ lat: 30.1, provider: 'open-meteo', normalized_reason: 'city-state' });
    expect(fields.location_matches?.map((m) => m.admin2)).toEqual(['Bastrop', 'Smith']);
  });

  it('uses the coordinates already stored for the same location, without geocoding', async () => {
    const { server, client: c } = await client();
    const record = stored({
      lat: 1,
      lon: 2,
      elevation_m: 0,
      provider: 'manual',
      normalized_location: 'Odessa, TX',
    });
    const { fields } = await loadContestWeather({
      client: c,
      contest: { id: 'c1', location: 'odessa tx' },
      record,
      now,
    });
    expect(server.on(GEOCODE_PATH)).toHaveLength(0);
    expect(fields).not.toHaveProperty('provider');
    expect(fields).toMatchObject({ computed_at: new Date(NOW).toISOString(), last_error: null });
    // The site's surface pressure, as the forecast gives it.
    expect(fields.boiling_point_c).toBeCloseTo(boilingPointFromPressure(SURFACE_HPA)!.celsius, 9);
  });

  it("a user's choice of other coordinates clears the old forecast until the new one arrives", async () => {
    const { client: c } = await client({ forecast: () => ({ status: 500, text: 'down' }) });
    const record = stored({
      lat: 30.1,
      lon: -97.1,
      provider: 'open-meteo',
      normalized_location: 'Springfield, TX',
      forecast_json: { hourly: { time: [] } },
      computed_at: '2026-06-01T14:00:00.000Z',
    });
    const choice = { ...TEXAS_TWINS[1]!, admin1: 'Texas', admin2: 'Smith' } as Parameters<
      typeof loadContestWeather
    >[0]['choice'];
    const { fields, error } = await loadContestWeather({
      client: c,
      contest: { id: 'c1', location: 'Springfield, TX' },
      record,
      now,
      choice,
    });
    expect(error?.message).toBe('Forecast fetch failed');
    expect(fields).toMatchObject({
      lat: 32.2,
      provider: 'manual',
      forecast_json: null,
      computed_at: null,
      last_error_status: 500,
    });
    expect(fields).not.toHaveProperty('location_matches');
  });
});

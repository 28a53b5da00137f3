import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { closedPortUrl, type Reply, type TestServer } from '@pitclock/contracts/testing';
import type { ReactElement } from 'react';
import {
  addContest,
  selectContestEnvironment,
  setDisplayUnits,
  updateContest,
  type Contest,
} from '../../store';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { cookStore, NOW, renderWithStore, type TestBundle } from '../../lib/test-support';
import { boilingPoint, boilingPointFromPressure, pressureAtElevation, WEATHER_CACHE_MS } from '../../domain';
import { createWeatherClient, type WeatherClient } from './weather-client';
import { WeatherPanel } from './weather-panel';
import { WeatherCell } from './weather-cell';
import {
  FORECAST_PATH,
  forecastJson,
  GEOCODE_PATH,
  ODESSA_RESULTS,
  pointWeatherAt,
  queryOf,
  startWeatherServer,
  SURFACE_HPA,
  TEXAS_TWINS,
  type WeatherServerRoutes,
} from './test-support';

const servers: TestServer[] = [];
const undo: (() => void)[] = [];
afterEach(async () => {
  undo.splice(0).forEach((fn) => fn());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A reply the server holds until the test releases it (at the latest when the test ends). */
function heldReply(reply: Reply) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  undo.push(release);
  const route = async () => {
    await released;
    return reply;
  };
  return { route, release };
}

async function weatherServer(routes: WeatherServerRoutes = {}) {
  const server = await startWeatherServer(routes);
  servers.push(server);
  const client = createWeatherClient({
    geocodingUrl: () => `${server.url}${GEOCODE_PATH}`,
    forecastUrl: () => `${server.url}${FORECAST_PATH}`,
    timeoutMs: 2_000,
  });
  return { server, client };
}

async function contestAt(bundle: TestBundle, location: string | null, contest_date = '2026-06-01') {
  return bundle.store
    .dispatch(addContest({ name: 'Smoke on the Water', sanctioning_body_id: '1', contest_date, location }))
    .unwrap();
}

/**
 * Renders in a locale: en-IE by default (Celsius, km/h and 24-hour times, as the service answers), so
 * that these tests read the service's own figures; the units tests below choose theirs.
 */
const renderIn = (bundle: TestBundle, ui: ReactElement, locale = 'en-IE') =>
  renderWithStore(bundle, <DisplayLocaleProvider locale={locale}>{ui}</DisplayLocaleProvider>);

/** The panel of the store's current copy of the contest (as the screen renders it), with the store's clock. */
function renderPanel(bundle: TestBundle, contest: Contest, client?: WeatherClient, locale?: string) {
  const now = () => bundle.clock.now;
  function Live() {
    return <WeatherPanel contest={contest} now={now} {...(client ? { client } : {})} />;
  }
  return renderIn(bundle, <Live />, locale);
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const record = (bundle: TestBundle, contest: Contest) =>
  selectContestEnvironment(bundle.store.getState(), contest.id);

describe('the weather panel of the selected cook-off', () => {
  it("says 'Weather Unavailable — Please set a contest location...' without a location, and calls nothing", async () => {
    const bundle = await cookStore();
    const { server, client } = await weatherServer();
    const contest = await contestAt(bundle, null);
    renderPanel(bundle, contest, client);
    expect(screen.getByText('Weather Unavailable — Please set a contest location...')).toBeTruthy();
    // A cook-off with a location, shown after it, loads through the same client: once its forecast is
    // in, a call of the first would have been made before its own.
    renderPanel(bundle, await contestAt(bundle, 'Odessa, TX'), client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    expect(server.requests.map((r) => r.path)).toEqual([GEOCODE_PATH, FORECAST_PATH]);
    expect(queryOf(server.requests[0]!).name).toBe('Odessa');
    expect(record(bundle, contest)).toBeUndefined();
  });

  it("shows 'Loading Weather...', then high and low of the first 24 hours, wind, pressure and the boiling point, and stores every field", async () => {
    const bundle = await cookStore();
    const forecastReply = heldReply({ json: forecastJson() });
    const { server, client } = await weatherServer({ forecast: forecastReply.route });
    const contest = await contestAt(bundle, 'odessa tx');
    renderPanel(bundle, contest, client);
    expect(await screen.findByText('Loading Weather...')).toBeTruthy();
    forecastReply.release();

    expect(await screen.findByText('Forecast for Odessa, Ector, Texas, United States')).toBeTruthy();
    expect(fact('High')).toBe('31.5 °C');
    expect(fact('Low')).toBe('20.0 °C');
    expect(fact('Now')).toBe('24.5 °C, Partly cloudy');
    expect(fact('Wind')).toBe('15 km/h');
    expect(fact('Sea-level pressure')).toBe('1,013 hPa');
    expect(fact('Site pressure')).toBe('910.5 hPa (water boils at this pressure)');
    const bp = boilingPointFromPressure(SURFACE_HPA)!;
    expect(fact('Boiling point')).toBe(`${bp.fahrenheit.toFixed(1)} °F / ${bp.celsius.toFixed(1)} °C`);
    expect(
      screen.getByText(
        `Check your thermometer: in boiling water here it should read ${bp.fahrenheit.toFixed(1)} °F (${bp.celsius.toFixed(1)} °C).`,
      ),
    ).toBeTruthy();

    const [geocode] = server.on(GEOCODE_PATH);
    expect(queryOf(geocode!)).toEqual({ name: 'Odessa', count: '10', language: 'en', format: 'json' });
    const [forecast] = server.on(FORECAST_PATH);
    expect(queryOf(forecast!)).toMatchObject({
      latitude: '31.84568',
      longitude: '-102.36764',
      timezone: 'auto',
    });
    expect(record(bundle, contest)).toEqual({
      contest_id: contest.id,
      lat: 31.84568,
      lon: -102.36764,
      elevation_m: 890,
      provider: 'open-meteo',
      normalized_location: 'Odessa, TX',
      normalized_reason: 'city-state',
      forecast_json: forecastJson(),
      pressure_msl_hpa: 1013.25,
      boiling_point_c: bp.celsius,
      boiling_point_f: bp.fahrenheit,
      computed_at: new Date(NOW).toISOString(),
      approximate_only: false,
      last_geocode_url: `${server.url}${geocode!.url}`,
      last_forecast_url: `${server.url}${forecast!.url}`,
      last_error: null,
      last_error_stage: null,
      last_error_network: null,
      last_error_status: null,
      location_matches: [
        {
          name: 'Odessa',
          latitude: 31.84568,
          longitude: -102.36764,
          elevation: 890,
          admin1: 'Texas',
          admin2: 'Ector',
          country: 'United States',
          population: 118918,
        },
      ],
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
      is_local: true,
    });
    expect(screen.queryByRole('button', { name: 'Choose location' })).toBeNull();
  });

  it('keeps the forecast for 3 hours, then fetches it again without geocoding; Refresh fetches at once', async () => {
    const bundle = await cookStore();
    const { server, client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    const first = renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    first.unmount();

    bundle.clock.now = NOW + WEATHER_CACHE_MS;
    const second = renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    // A load would have started as the panel mounted: Refresh would show it as busy.
    expect(screen.getByRole('button', { name: 'Refresh weather' }).getAttribute('aria-busy')).toBeNull();
    expect(server.on(FORECAST_PATH)).toHaveLength(1);
    second.unmount();

    bundle.clock.now = NOW + WEATHER_CACHE_MS + 1;
    const { user } = renderPanel(bundle, contest, client);
    await waitFor(() => expect(server.on(FORECAST_PATH)).toHaveLength(2));
    await waitFor(() =>
      expect(record(bundle, contest)?.computed_at).toBe(new Date(NOW + WEATHER_CACHE_MS + 1).toISOString()),
    );
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh weather' }));
    await waitFor(() => expect(server.on(FORECAST_PATH)).toHaveLength(3));
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);
  });

  it('geocodes again when the location changes, and never shows the old place meanwhile', async () => {
    const bundle = await cookStore();
    const { server, client } = await weatherServer({
      geocode: (req) =>
        queryOf(req).name === 'Odessa'
          ? { json: { results: ODESSA_RESULTS } }
          : {
              json: {
                results: [
                  {
                    name: 'Lubbock',
                    latitude: 33.57,
                    longitude: -101.85,
                    elevation: 988,
                    admin1: 'Texas',
                    country: 'United States',
                    population: 250000,
                  },
                ],
              },
            },
    });
    const contest = await contestAt(bundle, 'Odessa, TX');
    const view = renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    view.unmount();
    const moved = await bundle.store
      .dispatch(updateContest({ id: contest.id, location: 'lubbock|tx' }))
      .unwrap();
    renderPanel(bundle, moved, client);
    expect(screen.queryByText(/Odessa/)).toBeNull();
    expect(await screen.findByText('Forecast for Lubbock, Texas, United States')).toBeTruthy();
    expect(server.on(GEOCODE_PATH).map((r) => queryOf(r).name)).toEqual(['Odessa', 'Lubbock']);
    expect(record(bundle, contest)).toMatchObject({ normalized_location: 'Lubbock, TX', lat: 33.57 });
  });

  it.each([
    [
      'an HTTP error of the geocoding',
      { geocode: () => ({ status: 500, text: 'boom' }) },
      'Geocoding failed',
      'geocode',
      false,
      500,
    ],
    [
      'no geocoding result',
      { geocode: () => ({ json: { generationtime_ms: 1 } }) },
      'No geocoding result',
      'geocode',
      false,
      200,
    ],
    [
      'malformed geocoding JSON',
      { geocode: () => ({ text: '{oops' }) },
      'Geocoding failed',
      'geocode',
      false,
      200,
    ],
    [
      'an HTTP error of the forecast',
      { forecast: () => ({ status: 502, json: { error: true, reason: 'x' } }) },
      'Forecast fetch failed',
      'forecast',
      false,
      502,
    ],
  ] satisfies [string, WeatherServerRoutes, string, string, boolean, number][])(
    'on %s alerts the SPEC text and stores it in the last_error fields',
    async (_case, routes, message, stage, network, status) => {
      const bundle = await cookStore();
      const { client } = await weatherServer(routes);
      const contest = await contestAt(bundle, 'Odessa, TX');
      renderPanel(bundle, contest, client);
      expect((await screen.findByRole('alert')).textContent).toContain(
        `Weather data failed to load: ${message}`,
      );
      expect(record(bundle, contest)).toMatchObject({
        last_error: message,
        last_error_stage: stage,
        last_error_network: network,
        last_error_status: status,
        forecast_json: null,
      });
    },
  );

  it("on the network: 'Geocoding network error' and 'Forecast network error' with last_error_network set", async () => {
    const bundle = await cookStore();
    const nowhere = await closedPortUrl();
    const offline = createWeatherClient({ geocodingUrl: () => `${nowhere}${GEOCODE_PATH}` });
    const contest = await contestAt(bundle, 'Odessa, TX');
    const view = renderPanel(bundle, contest, offline);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Weather data failed to load: Geocoding network error',
    );
    expect(record(bundle, contest)).toMatchObject({
      last_error_stage: 'geocode',
      last_error_network: true,
      last_error_status: null,
    });
    view.unmount();

    const { server } = await weatherServer();
    const halfway = createWeatherClient({
      geocodingUrl: () => `${server.url}${GEOCODE_PATH}`,
      forecastUrl: () => `${nowhere}${FORECAST_PATH}`,
    });
    const { user } = renderPanel(bundle, contest, halfway);
    await user.click(await screen.findByRole('button', { name: 'Refresh weather' }));
    await waitFor(() => expect(record(bundle, contest)?.last_error).toBe('Forecast network error'));
    expect(screen.getByRole('alert').textContent).toContain(
      'Weather data failed to load: Forecast network error',
    );
    // What the geocoding found is kept: the next load only needs the forecast.
    expect(record(bundle, contest)).toMatchObject({
      lat: 31.84568,
      last_error_stage: 'forecast',
      last_error_network: true,
    });
  });

  it('offline, the cached forecast still shows; a refresh fails with the SPEC text and keeps it', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    const online = renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    online.unmount();
    const cached = record(bundle, contest)!;

    const nowhere = await closedPortUrl();
    const offline = createWeatherClient({ forecastUrl: () => `${nowhere}${FORECAST_PATH}` });
    const { user } = renderPanel(bundle, contest, offline);
    expect(screen.getByText('Forecast for Odessa, Ector, Texas, United States')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh weather' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Weather data failed to load: Forecast network error Showing the last forecast saved on this device.',
    );
    expect(screen.getByText('31.5 °C')).toBeTruthy();
    expect(record(bundle, contest)).toMatchObject({
      forecast_json: cached.forecast_json,
      computed_at: cached.computed_at,
      boiling_point_c: cached.boiling_point_c,
      last_error: 'Forecast network error',
      last_error_network: true,
    });
  });

  it('tries a failed load again by itself when the device comes back online', async () => {
    const bundle = await cookStore();
    const { server } = await weatherServer();
    let base = await closedPortUrl();
    const flaky = createWeatherClient({
      geocodingUrl: () => `${base}${GEOCODE_PATH}`,
      forecastUrl: () => `${base}${FORECAST_PATH}`,
    });
    const contest = await contestAt(bundle, 'Odessa, TX');
    renderPanel(bundle, contest, flaky);
    expect((await screen.findByRole('alert')).textContent).toContain('Geocoding network error');
    base = server.url;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Forecast for Odessa, Ector, Texas, United States')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(record(bundle, contest)?.last_error).toBeNull();
  });

  it('estimates the boiling point from elevation when the forecast has no pressure, marked approximate', async () => {
    const bundle = await cookStore();
    const noPressure = forecastJson();
    noPressure.hourly = {
      ...noPressure.hourly,
      pressure_msl: noPressure.hourly.pressure_msl.map(() => null as unknown as number),
      surface_pressure: noPressure.hourly.surface_pressure.map(() => null as unknown as number),
    };
    const { client } = await weatherServer({ forecast: () => ({ json: noPressure }) });
    const contest = await contestAt(bundle, 'Odessa, TX');
    renderPanel(bundle, contest, client);
    const bp = boilingPoint(null, 890)!;
    expect(
      await screen.findByText(
        `≈ ${bp.fahrenheit.toFixed(1)} °F / ${bp.celsius.toFixed(1)} °C (approximate, from elevation)`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/should read about/)).toBeTruthy();
    expect(screen.queryByText('Sea-level pressure')).toBeNull();
    expect(screen.queryByText('Site pressure')).toBeNull();
    expect(record(bundle, contest)).toMatchObject({ approximate_only: true, pressure_msl_hpa: null });
  });

  it('offers the location-choice dialog when several plausible matches remain, and remembers the choice', async () => {
    const bundle = await cookStore();
    const { server, client } = await weatherServer({ geocode: () => ({ json: { results: TEXAS_TWINS } }) });
    const contest = await contestAt(bundle, 'springfield, tx');
    const { user } = renderPanel(bundle, contest, client);
    expect(await screen.findByText('Forecast for Springfield, Bastrop, Texas, United States')).toBeTruthy();
    expect(screen.getByText(/2 places match “Springfield, TX”/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose location' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the contest location' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Springfield In use', 'Bastrop, Texas', 'United States', '1,200', '150 m', 'Use'],
      ['Springfield', 'Smith, Texas', 'United States', '800', '420 m', 'Use'],
    ]);
    await user.click(
      within(dialog).getByRole('button', { name: 'Use Springfield, Smith, Texas, United States' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Forecast for Springfield, Smith, Texas, United States')).toBeTruthy();
    expect(queryOf(server.on(FORECAST_PATH).at(-1)!)).toMatchObject({ latitude: '32.2', longitude: '-95.2' });
    expect(record(bundle, contest)).toMatchObject({
      provider: 'manual',
      lat: 32.2,
      lon: -95.2,
      elevation_m: 420,
    });

    // The choice stays: a refresh does not geocode again, nor go back to the most populous match.
    await user.click(screen.getByRole('button', { name: 'Refresh weather' }));
    await waitFor(() => expect(server.on(FORECAST_PATH)).toHaveLength(3));
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);
    expect(record(bundle, contest)).toMatchObject({ provider: 'manual', lat: 32.2 });
  });

  it('reads the base URLs from the documented globals when given no client', async () => {
    const bundle = await cookStore();
    const { server } = await weatherServer();
    undo.push(pointWeatherAt(server));
    const contest = await contestAt(bundle, 'Odessa TX');
    renderPanel(bundle, contest);
    expect(await screen.findByText('Forecast for Odessa, Ector, Texas, United States')).toBeTruthy();
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);
  });
});

describe('the hourly chart of the contest day', () => {
  it('is an SVG image with a title and a description, and a table of the 24 hours', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    const { user } = renderPanel(bundle, contest, client);
    const chart = await screen.findByRole('img', { name: /Hourly temperature and humidity on 1 Jun 2026/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('desc')?.textContent).toBe(
      'Temperature from 20.0 °C at 00:00 to 31.5 °C at 23:00; humidity from 57 % at 23:00 to 80 % at 00:00.',
    );
    expect(chart.querySelectorAll('path')[1]?.getAttribute('d')).toMatch(/^M30,\d/);
    await user.click(screen.getByText('Hourly values as a table'));
    const table = screen.getByRole('table', { name: 'Hourly temperature and humidity on 1 Jun 2026' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(25);
    expect([...rows[13]!.children].map((c) => c.textContent)).toEqual(['12:00', '26.0', '68']);
  });

  it('says when the contest day is beyond the forecast', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX', '2026-06-30');
    renderPanel(bundle, contest, client);
    expect(
      await screen.findByText(
        'No hourly forecast for 30 Jun 2026 yet (forecasts reach about 16 days ahead).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the weather column', () => {
  it('shows high / low in Celsius, sharing one load with the card of the same cook-off', async () => {
    const bundle = await cookStore();
    const { server, client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    const now = () => bundle.clock.now;
    renderIn(
      bundle,
      <>
        <WeatherCell contest={contest} now={now} client={client} />
        <WeatherPanel contest={contest} now={now} client={client} />
      </>,
    );
    expect(await screen.findByText('32° / 20 °C')).toBeTruthy();
    expect(screen.getByText('High 31.5 °C, low 20.0 °C')).toBeTruthy();
    expect(screen.getAllByText('Partly cloudy')).toHaveLength(1);
    expect(server.on(GEOCODE_PATH)).toHaveLength(1);
    expect(server.on(FORECAST_PATH)).toHaveLength(1);
  });

  it("says 'No location', 'Loading Weather...' or the error", async () => {
    const bundle = await cookStore();
    const geocodeReply = heldReply({ status: 500, json: {} });
    const { client } = await weatherServer({ geocode: geocodeReply.route });
    const nowhere = await contestAt(bundle, '  ');
    const odessa = await contestAt(bundle, 'Odessa, TX');
    const now = () => bundle.clock.now;
    renderIn(
      bundle,
      <>
        <WeatherCell contest={nowhere} now={now} client={client} />
        <WeatherCell contest={odessa} now={now} client={client} />
      </>,
    );
    expect(screen.getByText('No location').getAttribute('title')).toBe(
      'Weather Unavailable — Please set a contest location...',
    );
    expect(await screen.findByText('Loading Weather...')).toBeTruthy();
    geocodeReply.release();
    const failed = await screen.findByText('Geocoding failed');
    expect(failed.getAttribute('title')).toBe('Weather data failed to load: Geocoding failed');
  });
});

describe('units and the pressure the boiling point uses', () => {
  it('an en-US reader sees Fahrenheit and mph on the card, in the column and on the chart, and US dates and times', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    const now = () => bundle.clock.now;
    const { user } = renderIn(
      bundle,
      <>
        <WeatherCell contest={contest} now={now} client={client} />
        <WeatherPanel contest={contest} now={now} client={client} />
      </>,
      'en-US',
    );
    expect(await screen.findByText('89° / 68 °F')).toBeTruthy();
    expect(screen.getByText('High 88.7 °F, low 68.0 °F')).toBeTruthy();
    expect(fact('High')).toBe('88.7 °F');
    expect(fact('Low')).toBe('68.0 °F');
    expect(fact('Now')).toBe('76.1 °F, Partly cloudy');
    expect(fact('Wind')).toBe('9 mph');
    // The boiling point reads in both units whatever the choice (SPEC.md section 9).
    const bp = boilingPointFromPressure(SURFACE_HPA)!;
    expect(fact('Boiling point')).toBe(`${bp.fahrenheit.toFixed(1)} °F / ${bp.celsius.toFixed(1)} °C`);
    expect(screen.getByText(/^Updated Jun 1, 2026, \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    const chart = screen.getByRole('img', { name: /Hourly temperature and humidity on Jun 1, 2026/ });
    expect(chart.querySelector('desc')?.textContent).toBe(
      'Temperature from 68.0 °F at 12:00 AM to 88.7 °F at 11:00 PM; humidity from 57 % at 11:00 PM to 80 % at 12:00 AM.',
    );
    await user.click(screen.getByText('Hourly values as a table'));
    const table = screen.getByRole('table', { name: 'Hourly temperature and humidity on Jun 1, 2026' });
    expect(within(table).getByRole('columnheader', { name: 'Temperature (°F)' })).toBeTruthy();
    expect([...within(table).getAllByRole('row')[13]!.children].map((c) => c.textContent)).toEqual([
      '12:00 PM',
      '78.8',
      '68',
    ]);
  });

  it('the units chosen in Settings change the card at once (Celsius and km/h on an en-US device)', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    renderPanel(bundle, contest, client, 'en-US');
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    expect(fact('High')).toBe('88.7 °F');
    await act(() => bundle.store.dispatch(setDisplayUnits({ temperature_unit: 'celsius' })).unwrap());
    await waitFor(() => expect(fact('High')).toBe('31.5 °C'));
    expect(fact('Wind')).toBe('9 mph');
    await act(() => bundle.store.dispatch(setDisplayUnits({ wind_unit: 'kmh' })).unwrap());
    await waitFor(() => expect(fact('Wind')).toBe('15 km/h'));
  });

  it('labels the pressure as sea-level and shows the site pressure; Antoine by hand on it gives the boiling point shown', async () => {
    const bundle = await cookStore();
    const { client } = await weatherServer();
    const contest = await contestAt(bundle, 'Odessa, TX');
    renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    const site = Number(/^([\d.]+) hPa/.exec(fact('Site pressure') ?? '')![1]);
    const byHand = 1730.63 / (8.07131 - Math.log10(site / 1.33322)) - 233.426;
    expect(fact('Boiling point')).toContain(`/ ${byHand.toFixed(1)} °C`);
    expect(fact('Boiling point')).toContain(`${((byHand * 9) / 5 + 32).toFixed(1)} °F /`);
  });

  it('without a surface pressure, shows the sea-level pressure carried up to the elevation, and says so', async () => {
    const bundle = await cookStore();
    const json = forecastJson();
    const { surface_pressure: _dropped, ...hourly } = json.hourly;
    const { client } = await weatherServer({ forecast: () => ({ json: { ...json, hourly } }) });
    const contest = await contestAt(bundle, 'Odessa, TX');
    renderPanel(bundle, contest, client);
    await screen.findByText('Forecast for Odessa, Ector, Texas, United States');
    const carried = pressureAtElevation(1013.25, 890)!;
    expect(fact('Site pressure')).toBe(
      `${carried.toFixed(1)} hPa, from the sea-level pressure at 890 m (water boils at this pressure)`,
    );
    const bp = boilingPoint(1013.25, 890)!;
    expect(fact('Boiling point')).toBe(`${bp.fahrenheit.toFixed(1)} °F / ${bp.celsius.toFixed(1)} °C`);
  });
});

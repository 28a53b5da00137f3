import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boilingPoint,
  boilingPointAtSite,
  boilingPointFromElevation,
  boilingPointFromPressure,
  chooseGeocodeResult,
  forecastSurfacePressure,
  geocodeQueries,
  hasHintedMatch,
  sitePressure,
  forecastDay,
  forecastHighLow,
  forecastPressure,
  isForecastStale,
  normaliseLocation,
  plausibleGeocodeResults,
  pressureAtElevation,
  readForecast,
  usStateCode,
  US_STATES,
  WEATHER_CACHE_MS,
  weatherCodeText,
  weatherFetchReason,
} from './weather';

const normalized = (input: unknown) => {
  const result = normaliseLocation(input);
  return result.ok ? result.value : null;
};

describe('normaliseLocation', () => {
  it.each([
    ['odessa, tx', 'Odessa, TX', 'city-state'],
    ['ODESSA;TX', 'Odessa, TX', 'city-state'],
    ['Odessa | tx', 'Odessa, TX', 'city-state'],
    ['Odessa TX', 'Odessa, TX', 'city-state'],
    ['  odessa   tx  ', 'Odessa, TX', 'city-state'],
    ['Odessa,, TX', 'Odessa, TX', 'city-state'],
    ['Odessa, TX, USA', 'Odessa, TX', 'city-state'],
    ['Odessa TX, USA', 'Odessa, TX', 'city-state'],
    ['washington dc', 'Washington, DC', 'city-state'],
    ['Washington, D.C.', 'Washington, DC', 'city-state'],
    ['Washington D.C.', 'Washington, DC', 'city-state'],
    ['Lubbock, Texas', 'Lubbock, TX', 'city-state'],
    ['raleigh; north   carolina', 'Raleigh, NC', 'city-state'],
    ['winston-salem, nc', 'Winston-Salem, NC', 'city-state'],
    ['new york ny', 'New York, NY', 'city-state'],
    ['lubbock', 'Lubbock', 'city-only'],
    ['Odessa,', 'Odessa', 'city-only'],
    ['Lubbock Texas', 'Lubbock, TX', 'city-state'],
    ['fort worth texas', 'Ft. Worth, TX', 'city-state'],
    ['charleston west virginia', 'Charleston, WV', 'city-state'],
    ['kansas city kansas', 'Kansas City, KS', 'city-state'],
    ['Mount Washington Kentucky', 'Mt. Washington, KY', 'city-state'],
    ['West Virginia', 'West Virginia', 'city-only'],
    ['New York', 'New York', 'city-only'],
    ['Mount Washington', 'Mt. Washington', 'city-only'],
    ['Port Washington', 'Port Washington', 'city-only'],
    ['Texas', 'Texas', 'city-only'],
    ['Paris, France', 'Paris, France', 'unknown-state'],
    ['odessa,  Ukraine ', 'Odessa, Ukraine', 'unknown-state'],
    ['Springfield, XX', 'Springfield, XX', 'unknown-state'],
    ['Springfield | ZZ', 'Springfield, ZZ', 'unknown-state'],
    ['Toronto; ON', 'Toronto, ON', 'unknown-state'],
  ])('%j -> %j (%s)', (input, expected, reason) => {
    expect(normaliseLocation(input)).toMatchObject({ ok: true, value: { normalized: expected, reason } });
  });

  it('keeps a trailing word that is not a US state as part of the city', () => {
    expect(normalized('Odessa XX')).toEqual({
      city: 'Odessa Xx',
      searchCity: 'Odessa Xx',
      state: null,
      region: null,
      normalized: 'Odessa Xx',
      reason: 'city-only',
    });
    expect(normalized('Toronto ON')?.normalized).toBe('Toronto On');
  });

  it.each([
    ['saint louis, mo', 'St. Louis, MO'],
    ['st louis MO', 'St. Louis, MO'],
    ['St. Louis, MO', 'St. Louis, MO'],
    ['fort worth tx', 'Ft. Worth, TX'],
    ['Ft Worth, TX', 'Ft. Worth, TX'],
    ['ft. worth|tx', 'Ft. Worth, TX'],
    ['mount pleasant, sc', 'Mt. Pleasant, SC'],
    ['Mt Pleasant; SC', 'Mt. Pleasant, SC'],
    ['mt. vernon wa', 'Mt. Vernon, WA'],
    ['Port Saint Lucie, FL', 'Port St. Lucie, FL'],
  ])('abbreviates Saint, Fort and Mount: %j -> %j', (input, expected) => {
    expect(normalized(input)?.normalized).toBe(expected);
  });

  it('splits a full state name written at the end with no comma, and keeps the city as written for the search', () => {
    expect(normalized('fort worth texas')).toEqual({
      city: 'Ft. Worth',
      searchCity: 'Fort Worth',
      state: 'TX',
      region: null,
      normalized: 'Ft. Worth, TX',
      reason: 'city-state',
    });
    expect(normalized('raleigh north carolina')?.normalized).toBe('Raleigh, NC');
  });

  it('keeps a region that is not a US state (a country), for the search', () => {
    expect(normalized('Paris, France')).toMatchObject({ city: 'Paris', state: null, region: 'France' });
    expect(normalized('Odessa TX, USA')).toMatchObject({ state: 'TX', region: null });
  });

  it('never reads an abbreviation with a dot (Mt., St.) as a state code', () => {
    expect(normalized('Fort Mount')?.normalized).toBe('Ft. Mt.');
    expect(normalized('Ft. Mt.')?.normalized).toBe('Ft. Mt.');
  });

  it("refuses an empty location, or one with no city, with 'Contest has no location'", () => {
    for (const input of ['  ', '', null, undefined, 42, ', TX', ' ; ', '|||'])
      expect(normaliseLocation(input)).toEqual({ ok: false, error: 'Contest has no location' });
  });

  it('reads every US state and DC by code and by name, and nothing else', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    for (const [code, name] of Object.entries(US_STATES)) {
      expect(usStateCode(code.toLowerCase())).toBe(code);
      expect(usStateCode(name.toUpperCase())).toBe(code);
    }
    for (const other of ['PR', 'GU', 'ON', 'XX', 'Puerto Rico', ''] as const)
      expect(usStateCode(other)).toBeNull();
  });

  const token = fc.constantFrom(
    'odessa',
    'fort',
    'saint',
    'st',
    'st.',
    'mount',
    'mt.',
    'mt',
    'tx',
    'Texas',
    'dc',
    'd.c.',
    'on',
    'ZZ',
    'winston-salem',
    ',',
    ';',
    '|',
    '  ',
  );
  const locations = fc.oneof(
    fc.array(token, { maxLength: 7 }).map((tokens) => tokens.join(' ')),
    fc.string({ maxLength: 30 }),
  );

  it('is idempotent: normalising a normalised location changes nothing (property)', () => {
    fc.assert(
      fc.property(locations, (input) => {
        const once = normalized(input);
        if (once === null) return;
        const twice = normalized(once.normalized);
        expect(twice?.normalized).toBe(once.normalized);
        expect(twice?.state).toBe(once.state);
      }),
    );
  });

  it('yields a valid state or none, and a city free of separators (property)', () => {
    fc.assert(
      fc.property(locations, (input) => {
        const value = normalized(input);
        if (value === null) return;
        expect(value.state === null || US_STATES[value.state] !== undefined).toBe(true);
        expect(value.city).not.toMatch(/[,;|]/);
        expect(value.city).toBe(value.city.trim());
        expect(value.city).not.toBe('');
      }),
    );
  });
});

describe('the names the geocoding is asked for', () => {
  const queries = (input: string) => geocodeQueries(normalized(input)!);

  it('asks for the city as written first, then with abbreviations written out, then as normalised', () => {
    expect(queries('fort worth texas')).toEqual(['Fort Worth', 'Ft. Worth']);
    expect(queries('Ft. Worth, TX')).toEqual(['Ft. Worth', 'Fort Worth']);
    expect(queries('ft worth tx')).toEqual(['Ft Worth', 'Fort Worth', 'Ft. Worth']);
    expect(queries('St. Louis, MO')).toEqual(['St. Louis', 'Saint Louis']);
    expect(queries('odessa')).toEqual(['Odessa']);
  });
});

describe('choosing the geocoding match', () => {
  const results = [
    { name: 'Odessa', latitude: 1, longitude: 1, admin1: 'Florida', population: 7000 },
    { name: 'Odessa', latitude: 2, longitude: 2, admin1: 'Texas', population: 100000 },
    { name: 'Odessa', latitude: 3, longitude: 3, admin1: 'Odessa Oblast', population: 1000000 },
    { name: 'Odessa', latitude: 4, longitude: 4, admin1: 'Texas', population: 20 },
    { name: 'Odessa', latitude: 5, longitude: 5, admin1: 'Missouri' },
  ];

  it('prefers a state match, then the largest population', () => {
    expect(chooseGeocodeResult(results, 'TX')?.latitude).toBe(2);
    expect(chooseGeocodeResult(results, 'FL')?.latitude).toBe(1);
    expect(chooseGeocodeResult(results, 'tx')?.latitude).toBe(2);
  });

  it('matches admin1 given as the state code too', () => {
    expect(
      chooseGeocodeResult([...results, { latitude: 9, longitude: 9, admin1: 'MO' }], 'MO')?.latitude,
    ).toBe(5);
  });

  it('falls back to the largest population without a state match; missing population counts as 0', () => {
    expect(chooseGeocodeResult(results, null)?.latitude).toBe(3);
    expect(chooseGeocodeResult(results, 'WA')?.latitude).toBe(3);
    expect(chooseGeocodeResult(results, 'MO')?.latitude).toBe(5);
    expect(chooseGeocodeResult([], 'TX')).toBeNull();
  });

  it('keeps the service order on a tie and looks at the first 10 results only', () => {
    const same = [1, 2, 3].map((latitude) => ({ latitude, longitude: 0, population: 50 }));
    expect(chooseGeocodeResult(same, null)?.latitude).toBe(1);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ latitude: i, longitude: 0, population: i }));
    expect(chooseGeocodeResult(eleven, null)?.latitude).toBe(9);
  });

  const odessas = [
    {
      name: 'Odesa',
      latitude: 46.5,
      longitude: 30.7,
      admin1: 'Odesa',
      country: 'Ukraine',
      population: 1015826,
    },
    {
      name: 'Odessa',
      latitude: 31.8,
      longitude: -102.4,
      admin1: 'Texas',
      country: 'United States',
      population: 118918,
    },
    {
      name: 'Odessa',
      latitude: 28.2,
      longitude: -82.6,
      admin1: 'Florida',
      country: 'United States',
      population: 7267,
    },
    {
      name: 'Odessa',
      latitude: 38.9,
      longitude: -93.9,
      admin1: 'Missouri',
      country_code: 'US',
      population: 5300,
    },
  ];

  it('prefers a place in the United States when no state or country is given: a plain Odessa is Odessa, Texas', () => {
    expect(chooseGeocodeResult(odessas, null)?.admin1).toBe('Texas');
    expect(chooseGeocodeResult(odessas, { state: null, region: null })?.admin1).toBe('Texas');
    expect(plausibleGeocodeResults(odessas, null).map((r) => r.admin1)).toEqual([
      'Texas',
      'Florida',
      'Missouri',
      'Odesa',
    ]);
    // Nothing in the United States: the largest population anywhere.
    expect(chooseGeocodeResult(odessas.slice(0, 1), null)?.name).toBe('Odesa');
  });

  it('takes the given country (or region) over the preference for the United States', () => {
    expect(chooseGeocodeResult(odessas, { state: null, region: 'Ukraine' })?.name).toBe('Odesa');
    expect(chooseGeocodeResult(odessas, { state: null, region: 'ua' })?.name).toBe('Odessa');
    expect(chooseGeocodeResult(odessas, { state: null, region: 'USA' })?.admin1).toBe('Texas');
    expect(plausibleGeocodeResults(odessas, { state: null, region: 'Ukraine' })).toHaveLength(1);
    expect(chooseGeocodeResult(odessas, { state: 'FL' })?.admin1).toBe('Florida');
    // A region nothing is in: as with none.
    expect(chooseGeocodeResult(odessas, { state: null, region: 'Atlantis' })?.admin1).toBe('Texas');
  });

  it('says whether the answer has a match in the state or region asked for', () => {
    expect(hasHintedMatch(odessas, 'TX')).toBe(true);
    expect(hasHintedMatch(odessas, 'WA')).toBe(false);
    expect(hasHintedMatch(odessas, { state: null, region: 'Ukraine' })).toBe(true);
    expect(hasHintedMatch(odessas, null)).toBe(true);
    expect(hasHintedMatch([], null)).toBe(false);
  });

  it('lists the plausible matches: those in the state, else all', () => {
    expect(plausibleGeocodeResults(results, 'TX').map((r) => r.latitude)).toEqual([2, 4]);
    expect(plausibleGeocodeResults(results, 'WA')).toHaveLength(5);
    expect(plausibleGeocodeResults(results, null)).toHaveLength(5);
  });

  it('chooses one of the plausible matches, with no plausible match more populous (property)', () => {
    const result = fc.record({
      latitude: fc.integer(),
      longitude: fc.constant(0),
      admin1: fc.constantFrom('Texas', 'Florida', 'Ontario', null),
      population: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 14 }), fc.constantFrom('TX', 'FL', null), (list, state) => {
        const chosen = chooseGeocodeResult(list, state);
        const pool = plausibleGeocodeResults(list, state);
        if (list.length === 0) {
          expect(chosen).toBeNull();
          return;
        }
        expect(pool).toContain(chosen);
        expect(pool.every((r) => (r.population ?? 0) <= (chosen!.population ?? 0))).toBe(true);
      }),
    );
  });

  it('with no state, chooses in the United States whenever one of the matches is there (property)', () => {
    const result = fc.record({
      latitude: fc.integer(),
      longitude: fc.constant(0),
      country: fc.constantFrom('United States', 'Ukraine', 'Canada', null),
      population: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 10 }), (list) => {
        const chosen = chooseGeocodeResult(list, null);
        const us = list.filter((r) => r.country === 'United States');
        if (us.length > 0) {
          expect(chosen?.country).toBe('United States');
          expect(us.every((r) => (r.population ?? 0) <= (chosen!.population ?? 0))).toBe(true);
        }
      }),
    );
  });
});

describe('the 3-hour cache rule', () => {
  const now = Date.parse('2026-05-16T18:00:00Z');
  const cached = {
    normalized_location: 'Odessa, TX',
    forecast_json: { hourly: { time: [] } },
    computed_at: '2026-05-16T15:00:00.000Z',
  };

  it('is stale when older than 3 hours (10,800,000 ms) or undated', () => {
    expect(WEATHER_CACHE_MS).toBe(10_800_000);
    expect(isForecastStale('2026-05-16T15:00:00Z', now)).toBe(false);
    expect(isForecastStale(now - WEATHER_CACHE_MS, now)).toBe(false);
    expect(isForecastStale(now - WEATHER_CACHE_MS - 1, now)).toBe(true);
    expect(isForecastStale('2026-05-16T14:59:59Z', now)).toBe(true);
    expect(isForecastStale(null, now)).toBe(true);
    expect(isForecastStale('yesterday', now)).toBe(true);
  });

  it('fetches when nothing is cached, the location changed, the forecast is stale, or on refresh', () => {
    expect(weatherFetchReason(undefined, 'Odessa, TX', now)).toBe('no-forecast');
    expect(weatherFetchReason({ ...cached, forecast_json: null }, 'Odessa, TX', now)).toBe('no-forecast');
    expect(weatherFetchReason(cached, 'Odessa, TX', now)).toBeNull();
    expect(weatherFetchReason(cached, 'Lubbock, TX', now)).toBe('location-changed');
    expect(weatherFetchReason(cached, 'Odessa, TX', now + 1)).toBe('stale');
    expect(weatherFetchReason(cached, 'Odessa, TX', now, true)).toBe('refresh');
  });

  it('never fetches within 3 hours of the last forecast for the same location (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * WEATHER_CACHE_MS }), (age) => {
        const computed = new Date(now - age).toISOString();
        const reason = weatherFetchReason({ ...cached, computed_at: computed }, 'Odessa, TX', now);
        expect(reason === null).toBe(age <= WEATHER_CACHE_MS);
      }),
    );
  });
});

describe('reading a forecast', () => {
  const json = {
    latitude: 31.84,
    longitude: -102.36,
    elevation: 880,
    timezone: 'America/Chicago',
    current_weather: {
      temperature: 24.5,
      windspeed: 14.8,
      winddirection: 170,
      weathercode: 2,
      time: '2026-06-01T10:15',
    },
    hourly: {
      time: ['2026-06-01T09:00', '2026-06-01T10:00', '2026-06-02T00:00', '2026-06-02T01:00'],
      temperature_2m: [20, 22.5, null, 18],
      relativehumidity_2m: [60, 55, 70, '65'],
      pressure_msl: [1012, 1009.5, 1011],
    },
  };

  it('reads current weather and equal-length hourly series, tolerating gaps', () => {
    const forecast = readForecast(json)!;
    expect(forecast.current).toEqual({
      temperature: 24.5,
      windspeed: 14.8,
      winddirection: 170,
      weathercode: 2,
      time: '2026-06-01T10:15',
    });
    expect(forecast.hourly.pressure).toEqual([1012, 1009.5, 1011, null]);
    expect(forecast.hourly.humidity).toEqual([60, 55, 70, 65]);
    expect(forecast.elevation).toBe(880);
    expect(readForecast(null)).toBeNull();
    expect(readForecast({ hello: 1 })).toBeNull();
    expect(readForecast([1, 2])).toBeNull();
  });

  it("takes the pressure of current_weather's hour, else the first one given", () => {
    const forecast = readForecast(json)!;
    expect(forecastPressure(forecast)).toBe(1009.5);
    expect(forecastPressure(readForecast({ ...json, current_weather: undefined })!)).toBe(1012);
    expect(
      forecastPressure(readForecast({ ...json, hourly: { ...json.hourly, pressure_msl: [] } })!),
    ).toBeNull();
  });

  it("reads the site's surface pressure of current_weather's hour, when the forecast gives it", () => {
    const forecast = readForecast({
      ...json,
      hourly: { ...json.hourly, surface_pressure: [915, 912.5, 914] },
    })!;
    expect(forecastSurfacePressure(forecast)).toBe(912.5);
    expect(forecastSurfacePressure(readForecast(json)!)).toBeNull();
  });

  it('lists the hours of one local day for the chart', () => {
    expect(forecastDay(readForecast(json)!, '2026-06-02')).toEqual([
      { hour: '00:00', temperature: null, humidity: 70 },
      { hour: '01:00', temperature: 18, humidity: 65 },
    ]);
    expect(forecastDay(readForecast(json)!, '2026-06-09')).toEqual([]);
  });

  it('high and low come from the first 24 hourly temperatures', () => {
    const temps = [...Array.from({ length: 24 }, (_, i) => 10 + i), 99, -40];
    expect(forecastHighLow(temps)).toEqual({ high: 33, low: 10 });
    expect(forecastHighLow([])).toBeNull();
    expect(forecastHighLow(null)).toBeNull();
    expect(forecastHighLow([null, 'x', 12])).toEqual({ high: 12, low: 12 });
  });

  it('names the WMO weather codes', () => {
    expect(weatherCodeText(0)).toBe('Clear sky');
    expect(weatherCodeText(63)).toBe('Rain');
    expect(weatherCodeText(95)).toBe('Thunderstorm');
    expect(weatherCodeText(42)).toBeNull();
    expect(weatherCodeText(null)).toBeNull();
  });
});

describe('boiling point', () => {
  it('is about 100 C / 212 F at sea-level pressure (Antoine: 8.07131, 1730.63, 233.426; hPa / 1.33322)', () => {
    const bp = boilingPointFromPressure(1013.25)!;
    expect(bp.celsius).toBeCloseTo(99.99, 1);
    expect(bp.fahrenheit).toBeCloseTo(211.98, 1);
    expect(bp.approximate).toBe(false);
  });

  it('is about 95 C / 203 F at 850 hPa', () => {
    const bp = boilingPointFromPressure(850)!;
    expect(bp.celsius).toBeCloseTo(95.17, 1);
    expect(bp.fahrenheit).toBeCloseTo(203.3, 1);
  });

  it('refuses a pressure that is not a positive number', () => {
    for (const p of [0, -5, NaN, Infinity]) expect(boilingPointFromPressure(p)).toBeNull();
  });

  it('rises with pressure (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 11000 }),
        fc.integer({ min: 1, max: 2000 }),
        (tenths, rise) => {
          const lower = boilingPointFromPressure(tenths / 10)!.celsius;
          expect(lower).toBeLessThan(boilingPointFromPressure((tenths + rise) / 10)!.celsius);
        },
      ),
    );
  });

  it('falls with elevation and is marked approximate when estimated from it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 8800 }), fc.integer({ min: 1, max: 500 }), (low, rise) => {
        const a = boilingPointFromElevation(low)!;
        const b = boilingPointFromElevation(low + rise)!;
        expect(a.approximate && b.approximate).toBe(true);
        expect(b.celsius).toBeLessThan(a.celsius);
      }),
    );
  });

  it('estimates from elevation when pressure is missing: Denver (1609 m) about 94.8 C', () => {
    const denver = boilingPointFromElevation(1609)!;
    expect(denver.approximate).toBe(true);
    expect(denver.celsius).toBeGreaterThan(94);
    expect(denver.celsius).toBeLessThan(95.5);
    expect(boilingPoint(null, 1609)).toEqual(denver);
    expect(boilingPoint('', '1609')).toEqual(denver);
    expect(boilingPoint(null, null)).toBeNull();
    expect(boilingPoint(0, null)).toBeNull();
  });

  it('carries the sea-level pressure up to the site elevation, not approximate', () => {
    expect(pressureAtElevation(1013.25, 0)).toBeCloseTo(1013.25, 6);
    expect(pressureAtElevation(1013.25, 1500)).toBeCloseTo(845.6, 0);
    expect(pressureAtElevation(1013.25, 50_000)).toBeNull();
    expect(boilingPoint(1013.25, 0)).toEqual(boilingPointFromPressure(1013.25));
    expect(boilingPoint(1013.25, null)).toEqual(boilingPointFromPressure(1013.25));
    const denver = boilingPoint(1013.25, 1609)!;
    expect(denver.approximate).toBe(false);
    expect(denver.celsius).toBeCloseTo(boilingPointFromElevation(1609)!.celsius, 6);
    expect(boilingPoint(1030, 1609)!.celsius).toBeGreaterThan(denver.celsius);
  });
});

describe('the pressure at the site and its boiling point', () => {
  const forecast = (hourly: Record<string, unknown>) =>
    readForecast({
      current_weather: { temperature: 20, time: '2026-06-01T10:00' },
      hourly: { time: ['2026-06-01T09:00', '2026-06-01T10:00'], ...hourly },
    })!;

  it("is the forecast's surface pressure when given: the boiling point is Antoine's at that pressure", () => {
    const f = forecast({ pressure_msl: [1013, 1012], surface_pressure: [921, 920.4] });
    expect(sitePressure(f, 890)).toEqual({ hpa: 920.4, source: 'surface' });
    expect(boilingPointAtSite(f, 890)).toEqual(boilingPointFromPressure(920.4));
  });

  it('is the sea-level pressure carried up to the elevation without it (as before), at sea level with no elevation', () => {
    const f = forecast({ pressure_msl: [1013, 1012] });
    expect(sitePressure(f, 890)).toEqual({ hpa: pressureAtElevation(1012, 890), source: 'sea-level' });
    expect(sitePressure(f, null)).toEqual({ hpa: 1012, source: 'sea-level' });
    expect(boilingPointAtSite(f, 890)).toEqual(boilingPoint(1012, 890));
  });

  it('is unknown without either pressure: the boiling point is estimated from the elevation, approximate', () => {
    const f = forecast({});
    expect(sitePressure(f, 890)).toBeNull();
    expect(boilingPointAtSite(f, 890)).toEqual(boilingPointFromElevation(890));
    expect(boilingPointAtSite(f, null)).toBeNull();
  });

  it('a cook who puts the site pressure shown into the formula gets the boiling point shown (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5000, max: 10800 }),
        fc.option(fc.integer({ min: 5000, max: 10500 }), { nil: null }),
        fc.integer({ min: -100, max: 3500 }),
        (msl, surface, elevation) => {
          const f = forecast({
            pressure_msl: [msl / 10, msl / 10],
            surface_pressure: [
              surface === null ? null : surface / 10,
              surface === null ? null : surface / 10,
            ],
          });
          const site = sitePressure(f, elevation)!;
          const byHand = ANTOINE.B / (ANTOINE.A - Math.log10(site.hpa / ANTOINE.hPaPerMmHg)) - ANTOINE.C;
          expect(boilingPointAtSite(f, elevation)!.celsius).toBeCloseTo(byHand, 9);
        },
      ),
    );
  });
});

/** SPEC.md section 9's Antoine constants, as a cook would use them by hand. */
const ANTOINE = { A: 8.07131, B: 1730.63, C: 233.426, hPaPerMmHg: 1.33322 };

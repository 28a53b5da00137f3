import { describe, expect, it } from 'vitest';
import {
  boilingPoint,
  boilingPointFromElevation,
  boilingPointFromPressure,
  chooseGeocodeResult,
  forecastHighLow,
  isForecastStale,
  normaliseLocation,
} from './weather';

describe('normaliseLocation', () => {
  it.each([
    ['odessa, tx', 'Odessa, TX', 'city-state'],
    ['ODESSA;TX', 'Odessa, TX', 'city-state'],
    ['Odessa | tx', 'Odessa, TX', 'city-state'],
    ['Odessa TX', 'Odessa, TX', 'city-state'],
    ['washington dc', 'Washington, DC', 'city-state'],
    ['saint louis, mo', 'St. Louis, MO', 'city-state'],
    ['fort worth tx', 'Ft. Worth, TX', 'city-state'],
    ['mount pleasant, sc', 'Mt. Pleasant, SC', 'city-state'],
    ['st louis MO', 'St. Louis, MO', 'city-state'],
    ['Lubbock, Texas', 'Lubbock, TX', 'city-state'],
    ['winston-salem, nc', 'Winston-Salem, NC', 'city-state'],
    ['lubbock', 'Lubbock', 'city-only'],
    ['Paris, France', 'Paris', 'unknown-state'],
    ['Springfield, XX', 'Springfield', 'unknown-state'],
  ])('%j -> %j (%s)', (input, normalized, reason) => {
    expect(normaliseLocation(input)).toMatchObject({ ok: true, value: { normalized, reason } });
  });

  it("refuses an empty location with 'Contest has no location'", () => {
    expect(normaliseLocation('  ')).toEqual({ ok: false, error: 'Contest has no location' });
    expect(normaliseLocation(null)).toEqual({ ok: false, error: 'Contest has no location' });
  });
});

describe('chooseGeocodeResult', () => {
  const results = [
    { name: 'Odessa', latitude: 1, longitude: 1, admin1: 'Florida', population: 7000 },
    { name: 'Odessa', latitude: 2, longitude: 2, admin1: 'Texas', population: 100000 },
    { name: 'Odessa', latitude: 3, longitude: 3, admin1: 'Ukraine', population: 1000000 },
    { name: 'Odessa', latitude: 4, longitude: 4, admin1: 'Texas', population: 20 },
  ];
  it('prefers a state match, then the largest population', () => {
    expect(chooseGeocodeResult(results, 'TX')?.latitude).toBe(2);
    expect(chooseGeocodeResult(results, 'FL')?.latitude).toBe(1);
  });
  it('falls back to the largest population without a state match', () => {
    expect(chooseGeocodeResult(results, null)?.latitude).toBe(3);
    expect(chooseGeocodeResult(results, 'WA')?.latitude).toBe(3);
    expect(chooseGeocodeResult([], 'TX')).toBeNull();
  });
});

describe('forecast', () => {
  const now = Date.parse('2026-05-16T18:00:00Z');
  it('is refreshed when older than 3 hours or undated', () => {
    expect(isForecastStale('2026-05-16T15:00:00Z', now)).toBe(false);
    expect(isForecastStale('2026-05-16T14:59:59Z', now)).toBe(true);
    expect(isForecastStale(null, now)).toBe(true);
  });
  it('high and low come from the first 24 hourly temperatures', () => {
    const temps = [...Array.from({ length: 24 }, (_, i) => 10 + i), 99, -40];
    expect(forecastHighLow(temps)).toEqual({ high: 33, low: 10 });
    expect(forecastHighLow([])).toBeNull();
    expect(forecastHighLow([null, 'x', 12])).toEqual({ high: 12, low: 12 });
  });
});

describe('boiling point', () => {
  it('is about 100 C / 212 F at sea-level pressure (Antoine)', () => {
    const bp = boilingPointFromPressure(1013.25)!;
    expect(bp.celsius).toBeCloseTo(99.99, 1);
    expect(bp.fahrenheit).toBeCloseTo(211.98, 1);
    expect(bp.approximate).toBe(false);
  });
  it('is lower at altitude and marked approximate when estimated from elevation', () => {
    const denver = boilingPointFromElevation(1609)!;
    expect(denver.approximate).toBe(true);
    expect(denver.celsius).toBeGreaterThan(94);
    expect(denver.celsius).toBeLessThan(95.5);
    expect(boilingPoint(null, 1609)).toEqual(denver);
    expect(boilingPoint(850, 1609)?.approximate).toBe(false);
    expect(boilingPoint(null, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  formatDecimal,
  formatTemperature,
  formatWind,
  kmhToMph,
  localeRegion,
  mphToKmh,
  resolveUnits,
  unitsForLocale,
} from './units';

describe('unitsForLocale', () => {
  it.each([
    ['en-US', 'fahrenheit', 'mph'],
    ['en', 'fahrenheit', 'mph'],
    ['es-US', 'fahrenheit', 'mph'],
    ['en-PR', 'fahrenheit', 'mph'],
    ['en-LR', 'fahrenheit', 'mph'],
    ['my-MM', 'fahrenheit', 'mph'],
    ['my', 'fahrenheit', 'mph'],
    ['en-GB', 'celsius', 'mph'],
    ['en-CA', 'celsius', 'kmh'],
    ['en-AU', 'celsius', 'kmh'],
    ['de-DE', 'celsius', 'kmh'],
    ['de', 'celsius', 'kmh'],
    ['fr-CA', 'celsius', 'kmh'],
    ['es-MX', 'celsius', 'kmh'],
    ['zh-Hans-CN', 'celsius', 'kmh'],
  ])('%s reads temperatures in %s and wind in %s', (locale, temperature, wind) => {
    expect(unitsForLocale(locale)).toEqual({ temperature, wind });
  });

  it('an unreadable or missing locale gets Celsius and km/h', () => {
    expect(unitsForLocale('not a locale!')).toEqual({ temperature: 'celsius', wind: 'kmh' });
    expect(unitsForLocale('')).toEqual({ temperature: 'celsius', wind: 'kmh' });
    expect(unitsForLocale(null)).toEqual({ temperature: 'celsius', wind: 'kmh' });
  });

  it('reads the region of a locale, and the likely one of a bare language', () => {
    expect(localeRegion('en-US')).toBe('US');
    expect(localeRegion('en_GB')).toBe('GB');
    expect(localeRegion('en')).toBe('US');
    expect(localeRegion('my')).toBe('MM');
    expect(localeRegion('sr-Latn-RS')).toBe('RS');
  });
});

describe('resolveUnits', () => {
  it('takes each chosen unit and the locale default for the rest', () => {
    expect(resolveUnits({ temperature: 'celsius' }, 'en-US')).toEqual({
      temperature: 'celsius',
      wind: 'mph',
    });
    expect(resolveUnits({ wind: 'mph' }, 'de-DE')).toEqual({ temperature: 'celsius', wind: 'mph' });
    expect(resolveUnits({ temperature: 'kelvin', wind: 7 }, 'en-US')).toEqual({
      temperature: 'fahrenheit',
      wind: 'mph',
    });
    expect(resolveUnits(null, 'en-GB')).toEqual({ temperature: 'celsius', wind: 'mph' });
  });
});

describe('conversions', () => {
  it('converts the fixed points', () => {
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(fahrenheitToCelsius(212)).toBe(100);
    expect(kmhToMph(1.609344)).toBeCloseTo(1, 12);
    expect(kmhToMph(100)).toBeCloseTo(62.137, 3);
  });

  it('property: each conversion is undone by its inverse', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 200, noNaN: true }), (v) => {
        expect(fahrenheitToCelsius(celsiusToFahrenheit(v))).toBeCloseTo(v, 9);
        expect(mphToKmh(kmhToMph(v))).toBeCloseTo(v, 9);
      }),
    );
  });
});

describe('formatting with units', () => {
  it('writes a Celsius value in the chosen unit with its symbol', () => {
    expect(formatTemperature(24.5, 'fahrenheit')).toBe('76.1 °F');
    expect(formatTemperature(24.5, 'celsius')).toBe('24.5 °C');
    expect(formatTemperature(31.5, 'fahrenheit', 0)).toBe('89 °F');
    expect(formatTemperature(-0.01, 'celsius')).toBe('0.0 °C');
  });

  it('writes a km/h value in the chosen unit, whole', () => {
    expect(formatWind(14.8, 'mph')).toBe('9 mph');
    expect(formatWind(14.8, 'kmh')).toBe('15 km/h');
  });

  it('groups and marks decimals in the locale’s way', () => {
    expect(formatDecimal(1013.25, 0, 'en-US')).toBe('1,013');
    expect(formatDecimal(1013.25, 1, 'de-DE')).toBe('1.013,3');
    expect(formatDecimal(1013.25, 0)).toBe('1,013');
    expect(formatDecimal(2.5, 1, 'not a locale!')).toBe('2.5');
  });
});

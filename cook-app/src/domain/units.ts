// Units and number formats of what the app measures (issue 21, part 5): temperature in Fahrenheit or
// Celsius and wind in mph or km/h, defaulting from the device's locale, and the conversions. Pure: the
// locale is a parameter. The weather service answers in Celsius and km/h; values are converted for
// display only, never stored converted.

export type TemperatureUnit = 'fahrenheit' | 'celsius';
export type WindUnit = 'mph' | 'kmh';
export type DisplayUnits = { temperature: TemperatureUnit; wind: WindUnit };

export const TEMPERATURE_UNITS: readonly TemperatureUnit[] = ['fahrenheit', 'celsius'];
export const WIND_UNITS: readonly WindUnit[] = ['mph', 'kmh'];

export const isTemperatureUnit = (value: unknown): value is TemperatureUnit =>
  value === 'fahrenheit' || value === 'celsius';
export const isWindUnit = (value: unknown): value is WindUnit => value === 'mph' || value === 'kmh';

/**
 * Regions that measure temperature in Fahrenheit (and wind in mph): the United States and its
 * territories, and the few countries that still do (Liberia, Myanmar, the Bahamas, Belize, the Cayman
 * Islands, Palau, Micronesia, the Marshall Islands).
 */
const FAHRENHEIT_REGIONS = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'LR',
  'MM',
  'BS',
  'BZ',
  'KY',
  'PW',
  'FM',
  'MH',
]);
/** Regions that measure temperature in Celsius but road speeds, and so wind, in mph. */
const MPH_REGIONS = new Set(['GB', 'IM', 'JE', 'GG']);

/**
 * The region of a BCP 47 locale ('en-US' -> 'US'); a locale without one gets its language's likely
 * region ('en' -> 'US', 'my' -> 'MM'). Null when it cannot be read.
 */
export function localeRegion(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    const m = /^[a-z]{2,3}[-_](?:[A-Za-z]{4}[-_])?([A-Za-z]{2}|\d{3})\b/.exec(locale.trim());
    return m ? m[1]!.toUpperCase() : null;
  }
}

/**
 * The units a locale's readers expect: Fahrenheit and mph where Fahrenheit is used (en-US, en-LR,
 * my-MM...), Celsius and mph in the United Kingdom (en-GB), Celsius and km/h everywhere else (and
 * for a locale that cannot be read).
 */
export function unitsForLocale(locale: string | null | undefined): DisplayUnits {
  const region = locale ? localeRegion(locale) : null;
  if (region !== null && FAHRENHEIT_REGIONS.has(region)) return { temperature: 'fahrenheit', wind: 'mph' };
  if (region !== null && MPH_REGIONS.has(region)) return { temperature: 'celsius', wind: 'mph' };
  return { temperature: 'celsius', wind: 'kmh' };
}

/** The units in force: each one chosen (a stored setting), else the locale's. */
export function resolveUnits(
  chosen: { temperature?: unknown; wind?: unknown } | null | undefined,
  locale: string | null | undefined,
): DisplayUnits {
  const defaults = unitsForLocale(locale);
  return {
    temperature: isTemperatureUnit(chosen?.temperature) ? chosen.temperature : defaults.temperature,
    wind: isWindUnit(chosen?.wind) ? chosen.wind : defaults.wind,
  };
}

export const KM_PER_MILE = 1.609344;

export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;
export const kmhToMph = (kmh: number) => kmh / KM_PER_MILE;
export const mphToKmh = (mph: number) => mph * KM_PER_MILE;

/** A Celsius value in the unit. */
export const temperatureIn = (celsius: number, unit: TemperatureUnit) =>
  unit === 'fahrenheit' ? celsiusToFahrenheit(celsius) : celsius;

/** A km/h value in the unit. */
export const windIn = (kmh: number, unit: WindUnit) => (unit === 'mph' ? kmhToMph(kmh) : kmh);

export const TEMPERATURE_SYMBOL: Readonly<Record<TemperatureUnit, string>> = {
  fahrenheit: '°F',
  celsius: '°C',
};
export const WIND_SYMBOL: Readonly<Record<WindUnit, string>> = { mph: 'mph', kmh: 'km/h' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with exactly `digits` decimals, grouped, in the locale's way ('1,013' en-US, '1.013' de-DE);
 * without a locale as en-US.
 */
export function formatDecimal(value: number, digits: number, locale?: string): string {
  const key = `${locale ?? ''}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale ?? 'en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    }
    numberFormats.set(key, format);
  }
  // Rounding -0.04 to one decimal must not read '-0.0'.
  const text = format.format(value);
  return /^-0(?:\D0*)?$/.test(text) ? text.slice(1) : text;
}

/** A Celsius value in the unit with its symbol: '76.1 °F', '24.5 °C'. */
export const formatTemperature = (celsius: number, unit: TemperatureUnit, digits = 1, locale?: string) =>
  `${formatDecimal(temperatureIn(celsius, unit), digits, locale)} ${TEMPERATURE_SYMBOL[unit]}`;

/** A km/h value in the unit with its symbol, whole: '9 mph', '15 km/h'. */
export const formatWind = (kmh: number, unit: WindUnit, locale?: string) =>
  `${formatDecimal(windIn(kmh, unit), 0, locale)} ${WIND_SYMBOL[unit]}`;

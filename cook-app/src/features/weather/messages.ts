// Texts of the weather feature: SPEC.md sections 2 and 8 verbatim where they give one, ours where it is
// silent (marked). Temperatures and wind in the reader's units (issue 21): the service's Celsius and km/h
// are converted for display.
import {
  formatDecimal,
  formatTemperature,
  formatWind,
  TEMPERATURE_SYMBOL,
  type TemperatureUnit,
  type WindUnit,
} from '../../domain/units';

/** SPEC.md section 8: the errors of a weather load, stored as last_error. */
export const WEATHER_ERRORS = {
  locationRequired: 'Location required',
  geocodeNetwork: 'Geocoding network error',
  geocodeFailed: 'Geocoding failed',
  noGeocodeResult: 'No geocoding result',
  forecastNetwork: 'Forecast network error',
  forecastFailed: 'Forecast fetch failed',
} as const;

const formatNumber = (value: number, digits: number) => formatDecimal(value, digits);

/** A value already in Celsius / Fahrenheit (the boiling point keeps both), with its symbol. */
export const celsius = (value: number) => `${formatNumber(value, 1)} °C`;
export const fahrenheit = (value: number) => `${formatNumber(value, 1)} °F`;

export const WEATHER_TEXT = {
  // SPEC.md section 2
  noLocation: 'Weather Unavailable — Please set a contest location...',
  loading: 'Loading Weather...',
  // SPEC.md section 8
  failed: (message: string) => `Weather data failed to load: ${message}`,
  // Ours:
  heading: 'Weather',
  refresh: 'Refresh weather',
  refreshing: 'Refreshing weather',
  chooseLocation: 'Choose location',
  updated: (time: string) => `Updated ${time}`,
  cachedNote: 'Showing the last forecast saved on this device.',
  place: (label: string) => `Forecast for ${label}`,
  severalMatches: (count: number, location: string) =>
    `${count} places match “${location}”. Not the right one?`,
  high: 'High',
  low: 'Low',
  now: 'Now',
  wind: 'Wind',
  pressure: 'Sea-level pressure',
  sitePressure: 'Site pressure',
  sitePressureUsed: 'water boils at this pressure',
  sitePressureFromSeaLevel: (elevation: string) => `from the sea-level pressure at ${elevation}`,
  boilingPoint: 'Boiling point',
  approximate: 'approximate, from elevation',
  boilingHint: (f: number, c: number, approximate: boolean) =>
    `Check your thermometer: in boiling water here it should read ${approximate ? 'about ' : ''}${fahrenheit(f)} (${celsius(c)}).`,
  temperatureValue: (c: number, unit: TemperatureUnit) => formatTemperature(c, unit),
  windValue: (kmh: number, unit: WindUnit) => formatWind(kmh, unit),
  pressureValue: (hpa: number, digits = 0) => `${formatNumber(hpa, digits)} hPa`,
  highLowShort: (high: number, low: number, unit: TemperatureUnit) =>
    `${formatTemperature(high, unit, 0).split(' ')[0]}° / ${formatTemperature(low, unit, 0)}`,
  highLowLabel: (high: number, low: number, unit: TemperatureUnit) =>
    `High ${formatTemperature(high, unit)}, low ${formatTemperature(low, unit)}`,
  noLocationShort: 'No location',
  // The location-choice dialog
  chooseTitle: 'Choose the contest location',
  chooseDescription: (location: string) =>
    `Several places match “${location}”. Pick the one where the cook-off is held.`,
  choosePlace: (label: string) => `Use ${label}`,
  chosen: 'In use',
  population: 'Population',
  elevation: 'Elevation',
  region: 'Region',
  country: 'Country',
  name: 'Name',
  metres: (m: number) => `${formatNumber(m, 0)} m`,
  count: (n: number) => formatNumber(n, 0),
  // The hourly chart
  chartTitle: (date: string) => `Hourly temperature and humidity on ${date}`,
  chartNoData: (date: string) => `No hourly forecast for ${date} yet (forecasts reach about 16 days ahead).`,
  chartDescription: (summary: string) => summary,
  chartTable: 'Hourly values as a table',
  hour: 'Hour',
  temperature: (unit: TemperatureUnit) => `Temperature (${TEMPERATURE_SYMBOL[unit]})`,
  humidity: 'Humidity (%)',
} as const;

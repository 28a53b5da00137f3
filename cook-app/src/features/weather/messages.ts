// Texts of the weather feature: SPEC.md sections 2 and 8 verbatim where they give one, ours where it is
// silent (marked).

/** SPEC.md section 8: the errors of a weather load, stored as last_error. */
export const WEATHER_ERRORS = {
  locationRequired: 'Location required',
  geocodeNetwork: 'Geocoding network error',
  geocodeFailed: 'Geocoding failed',
  noGeocodeResult: 'No geocoding result',
  forecastNetwork: 'Forecast network error',
  forecastFailed: 'Forecast fetch failed',
} as const;

const formatNumber = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

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
  pressure: 'Pressure',
  boilingPoint: 'Boiling point',
  approximate: 'approximate, from elevation',
  boilingHint: (f: number, c: number, approximate: boolean) =>
    `Check your thermometer: in boiling water here it should read ${approximate ? 'about ' : ''}${fahrenheit(f)} (${celsius(c)}).`,
  windValue: (kmh: number) => `${formatNumber(kmh, 0)} km/h`,
  pressureValue: (hpa: number) => `${formatNumber(hpa, 0)} hPa`,
  highLowShort: (high: number, low: number) => `${formatNumber(high, 0)}° / ${formatNumber(low, 0)} °C`,
  highLowLabel: (high: number, low: number) => `High ${celsius(high)}, low ${celsius(low)}`,
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
  temperature: 'Temperature (°C)',
  humidity: 'Humidity (%)',
} as const;

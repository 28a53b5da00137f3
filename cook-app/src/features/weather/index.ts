// Weather of a cook-off (issue 10): the Cook-offs table's weather column and the selected cook-off's
// weather panel, given to the Cook-offs screen by app/ (a feature does not import another feature):
// app/contest-weather.tsx lazily loads them for <ContestsScreen weather={contestWeather} />.
export { WeatherCell, type WeatherCellProps } from './weather-cell';
export { WeatherPanel, type WeatherPanelProps } from './weather-panel';
export {
  DEFAULT_FORECAST_URL,
  DEFAULT_GEOCODING_URL,
  FORECAST_URL_GLOBAL,
  GEOCODING_URL_GLOBAL,
  WEATHER_TIMEOUT_MS,
} from './weather-config';
export { createWeatherClient, weatherClient, WeatherError, type WeatherClient } from './weather-client';

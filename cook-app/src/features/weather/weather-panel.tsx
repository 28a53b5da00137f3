import { useState } from 'react';
import { Banner, Button } from '@pitclock/design-system';
import type { DisplayUnits } from '../../domain';
import { deviceTimeZone, useDateFormat, useDisplayUnits } from '../../lib/display-prefs';
import type { Contest } from '../../store';
import { HourlyChart } from './hourly-chart';
import { LocationChoiceModal } from './location-choice-modal';
import { celsius, fahrenheit, WEATHER_TEXT } from './messages';
import { useContestWeather } from './use-contest-weather';
import type { WeatherClient } from './weather-client';
import type { WeatherSummary } from './weather-view';
import './weather.css';

export type WeatherPanelProps = {
  contest: Contest;
  now: () => number;
  /** Default: the app's client. */
  client?: WeatherClient;
};

/** The site pressure's value: one decimal (enough to check the boiling point by hand), and where it comes from. */
function sitePressureText(
  site: NonNullable<WeatherSummary['sitePressure']>,
  elevationM: number | null,
): string {
  const value = WEATHER_TEXT.pressureValue(site.hpa, 1);
  const from =
    site.source === 'sea-level' && elevationM !== null
      ? `, ${WEATHER_TEXT.sitePressureFromSeaLevel(WEATHER_TEXT.metres(elevationM))}`
      : '';
  return `${value}${from} (${WEATHER_TEXT.sitePressureUsed})`;
}

function Facts({ summary, units }: { summary: WeatherSummary; units: DisplayUnits }) {
  const { highLow, current, conditions, pressureHpa, sitePressure, boiling } = summary;
  const temperature = (c: number) => WEATHER_TEXT.temperatureValue(c, units.temperature);
  const rows: [string, string][] = [];
  if (highLow)
    rows.push([WEATHER_TEXT.high, temperature(highLow.high)], [WEATHER_TEXT.low, temperature(highLow.low)]);
  if (current?.temperature !== null && current?.temperature !== undefined)
    rows.push([WEATHER_TEXT.now, [temperature(current.temperature), conditions].filter(Boolean).join(', ')]);
  if (current?.windspeed !== null && current?.windspeed !== undefined)
    rows.push([WEATHER_TEXT.wind, WEATHER_TEXT.windValue(current.windspeed, units.wind)]);
  if (pressureHpa !== null) rows.push([WEATHER_TEXT.pressure, WEATHER_TEXT.pressureValue(pressureHpa)]);
  if (sitePressure && boiling && !boiling.approximate)
    rows.push([WEATHER_TEXT.sitePressure, sitePressureText(sitePressure, summary.elevationM)]);
  if (boiling)
    rows.push([
      WEATHER_TEXT.boilingPoint,
      `${boiling.approximate ? '≈ ' : ''}${fahrenheit(boiling.fahrenheit)} / ${celsius(boiling.celsius)}${
        boiling.approximate ? ` (${WEATHER_TEXT.approximate})` : ''
      }`,
    ]);
  return (
    <dl className="pc-weather__facts">
      {rows.map(([term, value]) => (
        <div key={term} className="pc-weather__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The weather of the selected cook-off (SPEC.md sections 2 and 9, issue 21): where, high and low of the
 * first 24 hours and wind in the reader's units (°F or °C, mph or km/h), sea-level pressure and the site
 * pressure the boiling point is computed from (hPa), boiling point (°F and °C) with a thermometer hint,
 * the contest day's hourly chart, Refresh, and the location-choice dialog when several places match.
 */
export function WeatherPanel({ contest, now, client }: WeatherPanelProps) {
  const { view, refresh, choose } = useContestWeather(contest, { now, client });
  const [choosing, setChoosing] = useState(false);
  const units = useDisplayUnits();
  const format = useDateFormat();

  if (view.status === 'no-location') return <p className="pc-weather__notice">{WEATHER_TEXT.noLocation}</p>;
  if (view.status === 'loading')
    return (
      <p className="pc-weather__notice" role="status">
        {WEATHER_TEXT.loading}
      </p>
    );

  const refreshButton = (
    <Button
      variant="secondary"
      onClick={() => void refresh()}
      loading={view.status === 'loaded' && view.refreshing}
      aria-label={WEATHER_TEXT.refresh}
    >
      Refresh
    </Button>
  );
  if (view.status === 'failed')
    return (
      <div className="pc-weather">
        <Banner tone="red" action={refreshButton}>
          {WEATHER_TEXT.failed(view.error)}
        </Banner>
      </div>
    );

  const { summary, error } = view;
  const several = summary.matches.length > 1;
  return (
    <div className="pc-weather">
      {error ? (
        <Banner tone="red">
          {WEATHER_TEXT.failed(error)} {WEATHER_TEXT.cachedNote}
        </Banner>
      ) : null}
      <div className="pc-weather__head">
        <div>
          <h3 className="pc-weather__title">{WEATHER_TEXT.heading}</h3>
          <p className="pc-weather__place">{WEATHER_TEXT.place(summary.place)}</p>
          {summary.computedAt ? (
            <p className="pc-weather__updated">
              <time dateTime={summary.computedAt}>
                {WEATHER_TEXT.updated(format.dateTime(Date.parse(summary.computedAt), deviceTimeZone()))}
              </time>
            </p>
          ) : null}
        </div>
        {refreshButton}
      </div>
      {several ? (
        <p className="pc-weather__matches">
          {WEATHER_TEXT.severalMatches(summary.matches.length, summary.normalizedLocation)}{' '}
          <Button variant="ghost" onClick={() => setChoosing(true)}>
            {WEATHER_TEXT.chooseLocation}
          </Button>
        </p>
      ) : null}
      <Facts summary={summary} units={units} />
      {summary.boiling ? (
        <p className="pc-weather__hint">
          {WEATHER_TEXT.boilingHint(
            summary.boiling.fahrenheit,
            summary.boiling.celsius,
            summary.boiling.approximate,
          )}
        </p>
      ) : null}
      <HourlyChart date={contest.contest_date} points={summary.day} unit={units.temperature} />
      <LocationChoiceModal
        open={choosing}
        onClose={() => setChoosing(false)}
        location={summary.normalizedLocation}
        matches={summary.matches}
        inUse={summary.inUse}
        onChoose={(match) => {
          setChoosing(false);
          void choose(match);
        }}
      />
    </div>
  );
}

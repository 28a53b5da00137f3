import { useState } from 'react';
import { Banner, Button } from '@pitclock/design-system';
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

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Facts({ summary }: { summary: WeatherSummary }) {
  const { highLow, current, conditions, pressureHpa, boiling } = summary;
  const rows: [string, string][] = [];
  if (highLow)
    rows.push([WEATHER_TEXT.high, celsius(highLow.high)], [WEATHER_TEXT.low, celsius(highLow.low)]);
  if (current?.temperature !== null && current?.temperature !== undefined)
    rows.push([WEATHER_TEXT.now, [celsius(current.temperature), conditions].filter(Boolean).join(', ')]);
  if (current?.windspeed !== null && current?.windspeed !== undefined)
    rows.push([WEATHER_TEXT.wind, WEATHER_TEXT.windValue(current.windspeed)]);
  if (pressureHpa !== null) rows.push([WEATHER_TEXT.pressure, WEATHER_TEXT.pressureValue(pressureHpa)]);
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
 * The weather of the selected cook-off (SPEC.md sections 2 and 9): where, high and low of the first
 * 24 hours (°C), wind (km/h), pressure (hPa), boiling point (°F and °C) with a thermometer hint, the
 * contest day's hourly chart, Refresh, and the location-choice dialog when several places match.
 */
export function WeatherPanel({ contest, now, client }: WeatherPanelProps) {
  const { view, refresh, choose } = useContestWeather(contest, { now, client });
  const [choosing, setChoosing] = useState(false);

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
              <time dateTime={summary.computedAt}>{WEATHER_TEXT.updated(timeOf(summary.computedAt))}</time>
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
      <Facts summary={summary} />
      {summary.boiling ? (
        <p className="pc-weather__hint">
          {WEATHER_TEXT.boilingHint(
            summary.boiling.fahrenheit,
            summary.boiling.celsius,
            summary.boiling.approximate,
          )}
        </p>
      ) : null}
      <HourlyChart date={contest.contest_date} points={summary.day} />
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

import { useId } from 'react';
import { Table, type TableColumn } from '@pitclock/design-system';
import {
  formatDecimal,
  formatTemperature,
  formatWallHour,
  formatWallTime,
  temperatureIn,
  type HourlyPoint,
  type TemperatureUnit,
} from '../../domain';
import { useDateFormat } from '../../lib/display-prefs';
import { WEATHER_TEXT } from './messages';

export type HourlyChartProps = {
  /** The contest day, 'YYYY-MM-DD'. */
  date: string;
  /** Its hours (local time at the site), temperatures in Celsius. */
  points: readonly HourlyPoint[];
  /** The unit temperatures are shown in (default Celsius). */
  unit?: TemperatureUnit;
};

// Drawing area in SVG units; the SVG scales to its container's width (360 px phones included).
const W = 320;
const H = 150;
const PAD = { left: 30, right: 30, top: 10, bottom: 22 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** An SVG path through the points that have a value (a gap breaks the line). */
function linePath(
  values: readonly (number | null)[],
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  let path = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${round1(x(i))},${round1(y(value))}`;
    drawing = true;
  });
  return path;
}

function extremes(points: readonly HourlyPoint[], key: 'temperature' | 'humidity') {
  let min: HourlyPoint | null = null;
  let max: HourlyPoint | null = null;
  for (const p of points) {
    const v = p[key];
    if (v === null) continue;
    if (min === null || v < min[key]!) min = p;
    if (max === null || v > max[key]!) max = p;
  }
  return min && max ? { min, max } : null;
}

/**
 * The chart's text alternative: the range of each series with its hours (temperatures in `unit`, hours
 * in the locale's clock; 24-hour 'HH:MM' without a locale).
 */
export function chartSummary(
  points: readonly HourlyPoint[],
  unit: TemperatureUnit = 'celsius',
  locale?: string,
): string {
  const t = extremes(points, 'temperature');
  const h = extremes(points, 'humidity');
  const at = (p: HourlyPoint) => formatWallTime(p.hour, locale);
  const parts: string[] = [];
  if (t)
    parts.push(
      `Temperature from ${formatTemperature(t.min.temperature!, unit)} at ${at(t.min)} to ${formatTemperature(t.max.temperature!, unit)} at ${at(t.max)}`,
    );
  if (h)
    parts.push(`humidity from ${h.min.humidity} % at ${at(h.min)} to ${h.max.humidity} % at ${at(h.max)}`);
  return parts.length ? `${parts.join('; ')}.` : '';
}

function tableColumns(unit: TemperatureUnit, locale: string): TableColumn<HourlyPoint>[] {
  return [
    { id: 'hour', header: WEATHER_TEXT.hour, rowHeader: true, cell: (p) => formatWallTime(p.hour, locale) },
    {
      id: 't',
      header: WEATHER_TEXT.temperature(unit),
      align: 'end',
      cell: (p) => (p.temperature === null ? '—' : formatDecimal(temperatureIn(p.temperature, unit), 1)),
    },
    {
      id: 'h',
      header: WEATHER_TEXT.humidity,
      align: 'end',
      cell: (p) => (p.humidity === null ? '—' : String(p.humidity)),
    },
  ];
}

/**
 * Hourly temperature (line, left scale in the reader's unit) and relative humidity (dashed, right scale 0-100 %) of the
 * contest day: an SVG image with a title and a description of both ranges, and the values as a table
 * in a disclosure for those who prefer (or need) the numbers.
 */
export function HourlyChart({ date, points, unit = 'celsius' }: HourlyChartProps) {
  const id = useId();
  const format = useDateFormat();
  const day = format.date(date) ?? date;
  const temps = points
    .map((p) => (p.temperature === null ? null : temperatureIn(p.temperature, unit)))
    .filter((t): t is number => t !== null);
  if (temps.length === 0 && points.every((p) => p.humidity === null))
    return <p className="pc-weather-chart__empty">{WEATHER_TEXT.chartNoData(day)}</p>;

  const low = temps.length ? Math.floor(Math.min(...temps) - 1) : 0;
  const high = temps.length ? Math.ceil(Math.max(...temps) + 1) : 1;
  const x = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * plotW : plotW / 2);
  const yTemp = (v: number) => PAD.top + ((high - v) / (high - low)) * plotH;
  const yHum = (v: number) => PAD.top + ((100 - v) / 100) * plotH;
  const ticks = points.map((p, i) => ({ p, i })).filter(({ p }) => /^(00|06|12|18):/.test(p.hour));
  const title = WEATHER_TEXT.chartTitle(day);

  return (
    <figure className="pc-weather-chart">
      <svg
        className="pc-weather-chart__svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{chartSummary(points, unit, format.locale)}</desc>
        <g className="pc-weather-chart__grid" aria-hidden="true">
          <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top} y2={PAD.top} />
          <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH / 2} y2={PAD.top + plotH / 2} />
          <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} />
        </g>
        <g className="pc-weather-chart__labels" aria-hidden="true">
          <text x={PAD.left - 4} y={PAD.top + 3} textAnchor="end">{`${high}°`}</text>
          <text x={PAD.left - 4} y={PAD.top + plotH + 3} textAnchor="end">{`${low}°`}</text>
          <text x={W - PAD.right + 4} y={PAD.top + 3}>
            100%
          </text>
          <text x={W - PAD.right + 4} y={PAD.top + plotH + 3}>
            0%
          </text>
          {ticks.map(({ p, i }) => (
            <text key={p.hour} x={x(i)} y={H - 6} textAnchor="middle">
              {formatWallHour(p.hour, format.locale)}
            </text>
          ))}
        </g>
        <path
          className="pc-weather-chart__humidity"
          d={linePath(
            points.map((p) => p.humidity),
            x,
            yHum,
          )}
        />
        <path
          className="pc-weather-chart__temperature"
          d={linePath(
            points.map((p) => (p.temperature === null ? null : temperatureIn(p.temperature, unit))),
            x,
            yTemp,
          )}
        />
      </svg>
      <figcaption className="pc-weather-chart__legend">
        <span className="pc-weather-chart__key pc-weather-chart__key--temperature">
          {WEATHER_TEXT.temperature(unit)}
        </span>
        <span className="pc-weather-chart__key pc-weather-chart__key--humidity">{WEATHER_TEXT.humidity}</span>
      </figcaption>
      <details className="pc-weather-chart__table">
        <summary>{WEATHER_TEXT.chartTable}</summary>
        <Table<HourlyPoint>
          caption={title}
          hideCaption
          dense
          columns={tableColumns(unit, format.locale)}
          rows={points}
          getRowKey={(p) => p.hour}
        />
      </details>
    </figure>
  );
}

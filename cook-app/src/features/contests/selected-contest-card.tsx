import { lazy, Suspense, type ComponentType } from 'react';
import { Button, Spinner } from '@pitclock/design-system';
import { useDateFormat } from '../../lib/display-prefs';
import type { Contest } from '../../store';
import { CONTESTS_TEXT } from './messages';

const CookOffPlan = lazy(() => import('./cook-off-plan').then((m) => ({ default: m.CookOffPlan })));

/** What a weather slot is given: the cook-off and the screen's clock. */
export type ContestWeatherProps = { contest: Contest; now: () => number };

/**
 * The weather shown by the Cook-offs screen, from the weather feature (app/ passes it: a feature does not
 * import another): the table's weather cell and the selected cook-off's weather panel.
 */
export type ContestWeatherSlots = {
  Cell: ComponentType<ContestWeatherProps>;
  Panel: ComponentType<ContestWeatherProps>;
};

export type SelectedContestCardProps = {
  contest: Contest;
  timeZone: string;
  now: () => number;
  onClear: () => void;
  /** Without it the card only says when the cook-off has no location. */
  weather?: ContestWeatherSlots | undefined;
};

/** The selected cook-off: name, location, weather, the day's timeline, Clear. */
export function SelectedContestCard({ contest, timeZone, now, onClear, weather }: SelectedContestCardProps) {
  const location = contest.location?.trim() ?? '';
  const format = useDateFormat();
  return (
    <article className="pc-contests-card" aria-labelledby="pc-contests-card-title">
      <header className="pc-contests-card__header">
        <div>
          <h2 id="pc-contests-card-title" className="pc-contests-card__title">
            {contest.name}
          </h2>
          <p className="pc-contests-card__meta">
            <time dateTime={contest.contest_date}>
              {format.date(contest.contest_date) ?? contest.contest_date}
            </time>
            {location ? ` · ${location}` : ''}
          </p>
        </div>
        <Button variant="secondary" onClick={onClear} className="pc-contests-card__clear">
          Clear
        </Button>
      </header>
      <section className="pc-contests-card__weather" aria-label="Weather" data-contest-id={contest.id}>
        {weather ? (
          <weather.Panel contest={contest} now={now} />
        ) : location === '' ? (
          <p>{CONTESTS_TEXT.noLocation}</p>
        ) : null}
      </section>
      <Suspense fallback={<Spinner label="Loading timeline" />}>
        <CookOffPlan contest={contest} timeZone={timeZone} now={now} />
      </Suspense>
    </article>
  );
}

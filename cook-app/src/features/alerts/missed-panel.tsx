// The "Missed while away" panel: at the top of the page content (not fixed), one row per missed step with
// its name, template, due time and lateness, a 'View' link to its run, and one 'Got it' for the whole list.
import { useId } from 'react';
import { formatClockToday, formatSpan, MINUTE_MS } from '../../domain';
import { useLocale } from '../../lib/display-prefs';
import { alertUrl } from './alert-engine';
import { ViewLink } from './fallback-alerts';
import type { MissedView } from './missed-while-away';

/** 'overdue by 12 h 5 min' (formatSpan: 'N min', 'H h M min', 'D d H h'); 'due now' within its first minute. */
export function lateText(overdueMinutes: number): string {
  return overdueMinutes < 1 ? 'due now' : `overdue by ${formatSpan(overdueMinutes * MINUTE_MS)}`;
}

/**
 * '<template> · due 13:55 · overdue by 1 h 30 min', the due time in the locale's clock ('due 1:55 PM'
 * en-US): it carries its day when it is not on today's date in the zone ('due Sun 23:00'); the template
 * part is left out when it has no name.
 */
export function missedDetails(item: MissedView, timeZone: string, locale: string): string {
  return [
    item.templateName?.trim(),
    `due ${formatClockToday(item.dueMs, item.describedAtMs, timeZone, locale)}`,
    lateText(item.overdueMinutes),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function MissedPanel({
  items,
  timeZone,
  onAcknowledge,
}: {
  items: readonly MissedView[];
  timeZone: string;
  onAcknowledge: () => void;
}) {
  const idPrefix = useId();
  const locale = useLocale();
  if (items.length === 0) return null;
  return (
    <section className="pc-missed" aria-label="Missed while away">
      <h2 className="pc-missed__title">Missed while away</h2>
      <ul className="pc-missed__list">
        {items.map((item, index) => {
          const nameId = `${idPrefix}-${index}`;
          return (
            <li key={item.stepId} className="pc-missed__item">
              <div className="pc-missed__text">
                <p className="pc-missed__name" id={nameId}>
                  {item.stepName}
                </p>
                <p className="pc-missed__details">{missedDetails(item, timeZone, locale)}</p>
              </div>
              <ViewLink url={alertUrl(item)} describedBy={nameId}>
                View
              </ViewLink>
            </li>
          );
        })}
      </ul>
      <button type="button" className="pc-missed__ack" onClick={onAcknowledge}>
        Got it
      </button>
    </section>
  );
}

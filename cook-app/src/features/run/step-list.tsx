import { useId, useMemo } from 'react';
import { stepsForView, type StepColour, type StepView } from '../../domain';
import { useCookSelector, type RunStep } from '../../store';
import { useLocale } from '../../lib/display-prefs';
import { RUN_TEXT } from './messages';
import { stepDayGroups } from './run-model';
import { StepItem, type StepAction } from './step-item';
import { useNow } from './use-now';

/** Countdowns tick every second (while the document is visible). */
export const COUNTDOWN_TICK_MS = 1_000;

export type StepListProps = {
  view: StepView;
  /** The run's steps in schedule order. */
  steps: readonly RunStep[];
  colours: ReadonlyMap<string, StepColour>;
  now: () => number;
  timeZone: string;
  busyStepId: string | null;
  onAction: (action: StepAction, step: RunStep) => void;
};

/**
 * The steps of a view (Pending or All) with live countdowns, or 'No steps to show.'. When the shown steps
 * fall on more than one day (an overnight brisket) they are grouped under a label per day ('Sat 28 Nov',
 * in the zone): one list per day inside the view's list, named by its label.
 */
export function StepList({ view, steps, colours, now, timeZone, busyStepId, onAction }: StepListProps) {
  const nowMs = useNow(now, COUNTDOWN_TICK_MS, true);
  const idPrefix = useId();
  const notes = useCookSelector((state) => state.step_notes.entities);
  const noteCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const note of Object.values(notes)) {
      if (note) counts.set(note.step_id, (counts.get(note.step_id) ?? 0) + 1);
    }
    return counts;
  }, [notes]);
  const shown = useMemo(() => stepsForView(steps, view), [steps, view]);
  const locale = useLocale();
  const days = useMemo(() => stepDayGroups(shown, timeZone, locale), [shown, timeZone, locale]);

  if (shown.length === 0) return <p className="pc-run-empty">{RUN_TEXT.emptyView}</p>;
  // The next step leads Pending: the first still to do, in schedule order.
  const nextId = view === 'pending' ? shown[0]?.id : undefined;
  const item = (step: RunStep) => (
    <StepItem
      key={step.id}
      next={step.id === nextId}
      step={step}
      colour={colours.get(step.id) ?? 'white'}
      nowMs={nowMs}
      timeZone={timeZone}
      noteCount={noteCounts.get(step.id) ?? 0}
      busy={busyStepId === step.id}
      onAction={onAction}
    />
  );
  const label = view === 'pending' ? RUN_TEXT.pending : RUN_TEXT.all;
  // A group of its own for steps without a time does not make a second day.
  const dated = days.filter((day) => day.key !== 'none');
  if (dated.length < 2) {
    return (
      // role="list": Safari drops list semantics of a list styled without markers.
      <ol className="pc-run-list" role="list" aria-label={label}>
        {shown.map(item)}
      </ol>
    );
  }
  return (
    <ol className="pc-run-list pc-run-list--days" role="list" aria-label={label}>
      {days.map((day) => {
        const labelId = `${idPrefix}-${day.key}`;
        return (
          <li key={day.key} className="pc-run-day">
            <p className="pc-run-day__label" id={labelId}>
              {day.label}
            </p>
            <ol className="pc-run-list" role="list" aria-labelledby={labelId}>
              {day.steps.map(item)}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}

import { useState } from 'react';
import { Banner } from '@pitclock/design-system';
import {
  formatSpan,
  groupPlanChanges,
  netPlanChanges,
  parseInstant,
  type PlanChange,
  type PlanChangeGroup,
} from '../../domain';
import { dismissPlanChanges, FAILURE_MESSAGES, useCookDispatch, type Run } from '../../store';
import { useDateFormat, type DateFormat } from '../../lib/display-prefs';
import { operationMessage } from '../../lib/operation-message';
import { PLAN_TEXT } from './messages';

const templateLabel = (name: string | null) => name ?? PLAN_TEXT.noTemplate;

/** One group of the summary: 'Brisket: 5 steps 30 min later'. */
function groupText(group: PlanChangeGroup): string {
  const steps = PLAN_TEXT.steps(group.count);
  const minutes = group.minutes ?? 0;
  const what =
    group.kind === 'moved'
      ? PLAN_TEXT.moved(steps, formatSpan(minutes * 60_000), minutes > 0)
      : PLAN_TEXT[group.kind](steps);
  return `${templateLabel(group.template_name)}: ${what}`;
}

/** 'Brisket: 5 steps 30 min later, Ribs: 4 steps added' (the changes the team has not dismissed yet). */
export function planChangeSummary(changes: readonly PlanChange[]): string {
  return groupPlanChanges(changes).map(groupText).join(', ');
}

/** One line of the list: the step, and what happened to it, with times that carry their day when far. */
function changeLine(change: PlanChange, nowMs: number, timeZone: string, format: DateFormat): string {
  const at = (iso: string | null) => {
    const ms = parseInstant(iso);
    return ms === null ? PLAN_TEXT.noTime : format.clockNear(ms, nowMs, timeZone);
  };
  const step = `${templateLabel(change.template_name)} · ${change.name}`;
  switch (change.kind) {
    case 'moved':
      return PLAN_TEXT.lineMoved(step, at(change.from), at(change.to));
    case 'added':
      return PLAN_TEXT.lineAdded(step, at(change.at));
    case 'removed':
      return PLAN_TEXT.lineRemoved(step, at(change.at));
    case 'left-plan':
      return PLAN_TEXT.lineLeftPlan(step);
    case 'renamed':
      return PLAN_TEXT.lineRenamed(step, change.from);
  }
}

export type PlanNoticeProps = { run: Run; nowMs: number; timeZone: string };

/**
 * After a re-plan of the run, what moved ('Brisket: 5 steps 30 min later, Ribs: 4 steps added'), with the
 * list of steps, until the team dismisses it (for every device of the run: it is stored on the run).
 */
export function PlanNotice({ run, nowMs, timeZone }: PlanNoticeProps) {
  const dispatch = useCookDispatch();
  const format = useDateFormat();
  const [error, setError] = useState<string | null>(null);
  const changes = netPlanChanges(run.plan_changes ?? []);
  if (changes.length === 0) return null;

  const dismiss = async () => {
    setError(null);
    try {
      await dispatch(dismissPlanChanges(run.id)).unwrap();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.dismissPlanChanges));
    }
  };

  return (
    <Banner
      tone="amber"
      className="pc-run-plan"
      title={PLAN_TEXT.title}
      onDismiss={() => void dismiss()}
      dismissLabel={PLAN_TEXT.dismiss}
    >
      <p className="pc-run-plan__summary">{planChangeSummary(changes)}</p>
      <details className="pc-run-plan__details">
        <summary>{PLAN_TEXT.showList(changes.length)}</summary>
        <ul className="pc-run-plan__list">
          {changes.map((change, index) => (
            <li key={index}>{changeLine(change, nowMs, timeZone, format)}</li>
          ))}
        </ul>
      </details>
      {error ? (
        <p className="pc-run-plan__error" role="alert">
          {error}
        </p>
      ) : null}
    </Banner>
  );
}

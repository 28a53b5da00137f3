import type { CSSProperties } from 'react';
import { Badge, Button } from '@pitclock/design-system';
import {
  formatScheduleDelta,
  isStepCompleted,
  isStepDismissed,
  isStepOffPlan,
  isStepOverdue,
  parseInstant,
  readDueAt,
  stepScheduleDelta,
  type StepColour,
} from '../../domain';
import type { RunStep } from '../../store';
import { useDateFormat } from '../../lib/display-prefs';
import { FIELD_TEXT, RUN_TEXT } from './messages';
import { deltaClass, formatCountdown } from './run-model';

export type StepAction = 'complete' | 'snooze' | 'dismiss' | 'undismiss' | 'notes';

export type StepItemProps = {
  step: RunStep;
  colour: StepColour;
  nowMs: number;
  timeZone: string;
  noteCount: number;
  /** The step whose action is running (its buttons are busy). */
  busy: boolean;
  /** The next step of the run (the first of Pending): shown larger, marked 'Next'. */
  next?: boolean;
  onAction: (action: StepAction, step: RunStep) => void;
};

/** A compact action button whose accessible name carries the step's name ('Complete Wrap'). */
function ActionButton({
  label,
  stepName,
  onClick,
  variant = 'secondary',
  disabled,
}: {
  label: string;
  stepName: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  disabled?: boolean;
}) {
  return (
    <Button
      variant={variant}
      className="pc-run-step__action"
      aria-label={`${label} ${stepName}`}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}

/**
 * The due time in the reader's locale ('5:50 PM' en-US, '17:50' en-GB; with its day when more than 24 h
 * from now: 'Thu 17:50'), then the completion
 * time or the countdown ('in 3 d 2 h' from 24 h on); a step no longer in the plan has no countdown.
 */
function StepWhen({ step, nowMs, timeZone }: { step: RunStep; nowMs: number; timeZone: string }) {
  const format = useDateFormat();
  const due = readDueAt(step);
  const completed = isStepCompleted(step);
  const offPlan = isStepOffPlan(step);
  const completedAt = parseInstant(step.completed_at);
  const delta = stepScheduleDelta(step);
  return (
    <p className="pc-run-step__when">
      {due === null ? (
        <span className="pc-run-step__clock">{RUN_TEXT.noDueTime}</span>
      ) : (
        <time className="pc-run-step__clock" dateTime={new Date(due).toISOString()}>
          {format.clockNear(due, nowMs, timeZone)}
        </time>
      )}
      {completed ? (
        <span className="pc-run-step__countdown">
          {completedAt === null
            ? RUN_TEXT.done
            : RUN_TEXT.completedAt(format.clockNear(completedAt, nowMs, timeZone))}
        </span>
      ) : due === null || offPlan ? null : (
        <span
          className={
            isStepOverdue(step, nowMs)
              ? 'pc-run-step__countdown pc-run-step__countdown--overdue'
              : 'pc-run-step__countdown'
          }
        >
          {formatCountdown(due, nowMs)}
        </span>
      )}
      {delta === null ? null : <span className={deltaClass(delta)}>{formatScheduleDelta(delta)}</span>}
    </p>
  );
}

/**
 * One step of the run: its template colour as a stripe, due time and countdown, state badges, name,
 * template and description, and a row of compact actions (one thumb reaches them on a phone). A step no
 * longer in the plan (kept by a re-plan, All view only) is marked so and offers its notes only.
 */
export function StepItem({
  step,
  colour,
  nowMs,
  timeZone,
  noteCount,
  busy,
  next = false,
  onAction,
}: StepItemProps) {
  const completed = isStepCompleted(step);
  const dismissed = isStepDismissed(step);
  const offPlan = isStepOffPlan(step);
  const overdue = isStepOverdue(step, nowMs);
  const classes = ['pc-run-step'];
  if (completed) classes.push('pc-run-step--completed');
  if (dismissed) classes.push('pc-run-step--dismissed');
  if (overdue) classes.push('pc-run-step--overdue');
  if (offPlan) classes.push('pc-run-step--off-plan');
  if (next) classes.push('pc-run-step--next');
  return (
    <li
      className={classes.join(' ')}
      data-step-id={step.id}
      data-colour={colour}
      style={{ '--pc-run-step-colour': `var(--pc-color-step-${colour})` } as CSSProperties}
    >
      <StepWhen step={step} nowMs={nowMs} timeZone={timeZone} />
      <div className="pc-run-step__body">
        <div className="pc-run-step__badges">
          {next ? <Badge tone="info">{FIELD_TEXT.next}</Badge> : null}
          {overdue ? <Badge tone="red">{RUN_TEXT.overdue}</Badge> : null}
          {completed ? <Badge tone="green">{RUN_TEXT.done}</Badge> : null}
          {dismissed ? <Badge tone="neutral">{RUN_TEXT.dismissed}</Badge> : null}
          {offPlan ? <Badge tone="amber">{RUN_TEXT.offPlan}</Badge> : null}
        </div>
        {/* Focusable from code: after an action takes a step away, the focus goes to a step near it. */}
        <h3 className="pc-run-step__name" tabIndex={-1}>
          {step.name}
        </h3>
        <p className="pc-run-step__template">{step.template_name ?? RUN_TEXT.noTemplate}</p>
        {step.description ? (
          <p className="pc-run-step__description">{step.description}</p>
        ) : (
          <p className="pc-run-step__description pc-run-step__description--none">{RUN_TEXT.noDescription}</p>
        )}
      </div>
      <div className="pc-run-step__actions">
        {completed || offPlan ? null : (
          <>
            <ActionButton
              label={RUN_TEXT.complete}
              stepName={step.name}
              variant="primary"
              disabled={busy}
              onClick={() => onAction('complete', step)}
            />
            <ActionButton
              label={RUN_TEXT.snooze}
              stepName={step.name}
              disabled={busy}
              onClick={() => onAction('snooze', step)}
            />
          </>
        )}
        {offPlan ? null : dismissed ? (
          <ActionButton
            label={RUN_TEXT.undismiss}
            stepName={step.name}
            disabled={busy}
            onClick={() => onAction('undismiss', step)}
          />
        ) : completed ? null : (
          <ActionButton
            label={RUN_TEXT.dismiss}
            stepName={step.name}
            disabled={busy}
            onClick={() => onAction('dismiss', step)}
          />
        )}
        <ActionButton
          label={noteCount > 0 ? `${RUN_TEXT.notes} (${noteCount})` : RUN_TEXT.notes}
          stepName={step.name}
          variant="ghost"
          onClick={() => onAction('notes', step)}
        />
      </div>
    </li>
  );
}

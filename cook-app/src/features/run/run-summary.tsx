import { useId, useMemo, useState } from 'react';
import { Button, Table, type TableColumn } from '@pitclock/design-system';
import {
  adjustedMinutesBefore,
  formatScheduleDelta,
  reviewRun,
  suggestsTemplateAdjustment,
  type RunReviewEntry,
} from '../../domain';
import {
  FAILURE_MESSAGES,
  updateTemplateStep,
  useCookDispatch,
  useCookSelector,
  type RunStep,
  type TemplateStep,
} from '../../store';
import { useDateFormat } from '../../lib/display-prefs';
import { operationMessage } from '../../lib/operation-message';
import { RUN_TEXT } from './messages';
import { deltaClass } from './run-model';

export type RunSummaryProps = {
  /** The run's steps in schedule order. */
  steps: readonly RunStep[];
  timeZone: string;
};

type Entry = RunReviewEntry<RunStep>;

function Time({ ms, timeZone }: { ms: number | null; timeZone: string }) {
  const format = useDateFormat();
  if (ms === null) return <span className="pc-run-summary__none">{RUN_TEXT.noDueTime}</span>;
  return <time dateTime={new Date(ms).toISOString()}>{format.clock(ms, timeZone)}</time>;
}

/** Where the summary remembers which run steps already moved their template step (text shown). */
export const APPLIED_KEY = 'pitclock_run_review_applied';

function readApplied(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(APPLIED_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeApplied(applied: Record<string, string>): void {
  try {
    localStorage.setItem(APPLIED_KEY, JSON.stringify(applied));
  } catch {
    // Storage full or blocked: the button stays disabled for this visit only.
  }
}

/**
 * 'Use actual time next time': moves the template step the run step was made from by the difference
 * (late: fewer minutes before turn-in; early: more), then says so and stays disabled.
 */
function UseActualTime({
  entry,
  deltaMinutes,
  templateStep,
}: {
  entry: Entry;
  deltaMinutes: number;
  templateStep: TemplateStep;
}) {
  const dispatch = useCookDispatch();
  const [busy, setBusy] = useState(false);
  // Remembered per run step, so that coming back to the summary cannot move the template step twice.
  const [saved, setSaved] = useState<string | null>(() => readApplied()[entry.step.id] ?? null);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await dispatch(
        updateTemplateStep({
          id: templateStep.id,
          minutes_before_turn_in: adjustedMinutesBefore(templateStep.minutes_before_turn_in, deltaMinutes),
        }),
      ).unwrap();
      const text = RUN_TEXT.savedMinutesBefore(next.name, next.minutes_before_turn_in);
      writeApplied({ ...readApplied(), [entry.step.id]: text });
      setSaved(text);
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveStep));
    }
    setBusy(false);
  };

  return (
    <div className="pc-run-summary__action">
      <Button
        variant="secondary"
        className="pc-run-summary__button"
        aria-label={RUN_TEXT.useActualTimeFor(entry.step.name)}
        loading={busy}
        disabled={saved !== null}
        onClick={() => void save()}
      >
        {RUN_TEXT.useActualTime}
      </Button>
      <span role="status" className="pc-run-summary__saved">
        {saved}
      </span>
      {error ? (
        <span role="alert" className="pc-run-summary__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Planned against actual (beyond SPEC.md), shown once the run is over: per template in run order, its
 * completed steps with planned time, actual time and the difference; for a step made from a template
 * step that still exists and was at least 5 minutes early or late, 'Use actual time next time'.
 */
export function RunSummary({ steps, timeZone }: RunSummaryProps) {
  const titleId = useId();
  const templateSteps = useCookSelector((state) => state.template_steps.entities);
  const groups = useMemo(() => reviewRun(steps), [steps]);

  const columns: TableColumn<Entry>[] = [
    { id: 'step', header: RUN_TEXT.summaryStep, rowHeader: true, cell: (entry) => entry.step.name },
    {
      id: 'planned',
      header: RUN_TEXT.summaryPlanned,
      cell: (entry) => <Time ms={entry.plannedMs} timeZone={timeZone} />,
    },
    {
      id: 'actual',
      header: RUN_TEXT.summaryActual,
      cell: (entry) => <Time ms={entry.actualMs} timeZone={timeZone} />,
    },
    {
      id: 'difference',
      header: RUN_TEXT.summaryDifference,
      cell: (entry) =>
        entry.deltaMinutes === null ? null : (
          <span className={deltaClass(entry.deltaMinutes)}>{formatScheduleDelta(entry.deltaMinutes)}</span>
        ),
    },
    {
      id: 'action',
      header: RUN_TEXT.summaryActions,
      hideHeader: true,
      cell: (entry) => {
        const id = entry.step.template_step_id;
        const templateStep = id === null ? undefined : templateSteps[id];
        if (!templateStep || !suggestsTemplateAdjustment(entry.deltaMinutes)) return null;
        return <UseActualTime entry={entry} deltaMinutes={entry.deltaMinutes} templateStep={templateStep} />;
      },
    },
  ];

  return (
    <section className="pc-run-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="pc-run__subtitle">
        {RUN_TEXT.summaryHeading}
      </h2>
      {groups.map((group) => (
        <Table
          key={group.templateId ?? `name:${group.templateName ?? ''}`}
          className="pc-run-summary__table"
          caption={group.templateName ?? RUN_TEXT.noTemplate}
          columns={columns}
          rows={group.entries}
          getRowKey={(entry) => entry.step.id}
          dense
        />
      ))}
    </section>
  );
}

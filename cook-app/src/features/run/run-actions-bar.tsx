import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Banner, Button, ConfirmDialog } from '@pitclock/design-system';
import { parseInstant } from '../../domain';
import { FAILURE_MESSAGES, finishRun, resetRun, RUN_STATUS, useCookDispatch, type Run } from '../../store';
import { useDateFormat } from '../../lib/display-prefs';
import { runByIdPath } from '../../lib/license-gate';
import { operationMessage } from '../../lib/operation-message';
import { RUN_ACTIONS_TEXT } from './messages';

export type RunActionsBarProps = {
  run: Run;
  nowMs: number;
  timeZone: string;
  /** Opens Manage templates for the run's cook-off (absent: no such button). */
  onManageTemplates?: () => void;
  /** Called after a reset, with the text to announce; absent: no Reset (a run with no steps). */
  onReset?: (message: string) => void;
};

type Asking = 'reset' | 'finish' | null;

/**
 * The run's own actions (beyond SPEC.md, issue 18): Manage templates, Reset run and Finish run, each of
 * the last two after a confirmation, while the run is active. A finished run shows when it finished
 * instead, and stays readable.
 */
export function RunActionsBar({ run, nowMs, timeZone, onManageTemplates, onReset }: RunActionsBarProps) {
  const dispatch = useCookDispatch();
  const navigate = useNavigate();
  const format = useDateFormat();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = run.status === RUN_STATUS.active;
  const finishedMs = parseInstant(run.finished_at);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (asking === 'finish') {
        await dispatch(finishRun(run.id)).unwrap();
        // The cook-off's run route would start a new run: stay on this one, by its id.
        void navigate(runByIdPath(run.contest_id, run.id), { replace: true });
      } else {
        await dispatch(resetRun(run.id)).unwrap();
        onReset?.(RUN_ACTIONS_TEXT.resetDone);
      }
      setAsking(null);
    } catch (failure) {
      setAsking(null);
      setError(
        operationMessage(
          failure,
          asking === 'finish' ? FAILURE_MESSAGES.finishRun : FAILURE_MESSAGES.resetRun,
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pc-run-actions" aria-label={RUN_ACTIONS_TEXT.heading}>
      {error ? (
        <Banner tone="red" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      {!active && finishedMs !== null ? (
        <p className="pc-run-actions__finished">
          {RUN_ACTIONS_TEXT.finished(format.clockNear(finishedMs, nowMs, timeZone))}
        </p>
      ) : null}
      <div className="pc-run-actions__buttons">
        {onManageTemplates && active ? (
          <Button variant="secondary" onClick={onManageTemplates}>
            {RUN_ACTIONS_TEXT.manageTemplates}
          </Button>
        ) : null}
        {active ? (
          <>
            {onReset ? (
              <Button variant="secondary" onClick={() => setAsking('reset')}>
                {RUN_ACTIONS_TEXT.reset}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setAsking('finish')}>
              {RUN_ACTIONS_TEXT.finish}
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'finish' ? RUN_ACTIONS_TEXT.finishTitle : RUN_ACTIONS_TEXT.resetTitle}
        message={asking === 'finish' ? RUN_ACTIONS_TEXT.finishMessage : RUN_ACTIONS_TEXT.resetMessage}
        confirmLabel={asking === 'finish' ? RUN_ACTIONS_TEXT.finish : RUN_ACTIONS_TEXT.reset}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge, Banner, Button, EmptyState, ProgressBar, Spinner, Tabs } from '@pitclock/design-system';
import {
  contestNow,
  isRunOver,
  isStepOffPlan,
  RUN_CLOCK_REFRESH_MS,
  stepsForView,
  type StepView,
} from '../../domain';
import {
  contestSelectors,
  FAILURE_MESSAGES,
  getOrStartRunForContest,
  getRun,
  runSelectors,
  selectActiveRun,
  selectRunSteps,
  STORE_MESSAGES,
  useCookSelector,
  type Contest,
  type Run,
  type RunStep,
} from '../../store';
import { readAlertPreferences, writeAlertPreferences } from '../../lib/alert-preferences';
import { deviceTimeZone, useDateFormat } from '../../lib/display-prefs';
import { useStoreLoad } from '../../lib/use-store-load';
import { AlertSettings } from './alert-settings';
import { CompleteDialog } from './complete-dialog';
import { ContestDate } from './contest-date';
import { useDisclosure } from './disclosure';
import { FIELD_TEXT, RUN_ACTIONS_TEXT, RUN_TEXT, TURN_IN_TEXT } from './messages';
import { NotesDialog } from './notes-dialog';
import { PlanNotice } from './plan-notice';
import { RunActionsBar } from './run-actions-bar';
import { countCompleted, stepColours } from './run-model';
import { RunSummary } from './run-summary';
import { RunTimeline } from './run-timeline';
import { SnoozeDialog } from './snooze-dialog';
import type { StepAction } from './step-item';
import { StepList } from './step-list';
import { TurnInBoard, useTurnInRows } from './turn-in-board';
import { useDismissal } from './use-run-actions';
import { useNow } from './use-now';
import { useWakeLock } from './use-wake-lock';
import '../../lib/screen.css';
import './run.css';

/** The cook-off's Manage templates panel (the app gives it: the run feature does not import cook-offs). */
export type ManageTemplatesComponent = ComponentType<{ contest: Contest; onClose: () => void }>;

export type RunScreenProps = {
  manageTemplates?: ManageTemplatesComponent;
  /** The clock (tests pass the store's). */
  now?: () => number;
  /** The device's time zone (tests pass the store's). */
  timeZone?: string;
};

type ClockProps = { now: () => number; timeZone: string; manageTemplates?: ManageTemplatesComponent };

const TITLE_ID = 'pc-run-title';
const STEPS_TITLE_ID = 'pc-run-steps-title';

function ScreenFrame({
  title,
  header,
  children,
}: {
  title: ReactNode;
  header?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="pc-screen pc-run" aria-labelledby={TITLE_ID}>
      <Link to="/contests" className="pc-run__back">
        <span aria-hidden="true">←</span>
        {RUN_TEXT.back}
      </Link>
      <div className="pc-screen__header pc-run__header">
        <h1 id={TITLE_ID} className="pc-screen__title" tabIndex={-1}>
          {title}
        </h1>
        {header}
      </div>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <ScreenFrame title={<span className="pc-visually-hidden">{RUN_TEXT.loading}</span>}>
      <Spinner label={RUN_TEXT.loading} />
    </ScreenFrame>
  );
}

function NotFound() {
  return (
    <ScreenFrame title={STORE_MESSAGES.runNotFound}>
      <p className="pc-run__hint">{RUN_TEXT.notFoundHint}</p>
    </ScreenFrame>
  );
}

function Failed({ message, title }: { message: string; title: string }) {
  return (
    <ScreenFrame title={title}>
      <Banner tone="red">{message}</Banner>
    </ScreenFrame>
  );
}

type Dialog = { kind: 'complete' | 'snooze' | 'notes'; stepId: string };
type RunTab = StepView | 'turn-ins';

/** The step an action started on, and the one after it in the view then (to give the focus to). */
type NearStep = { stepId: string; nextId: string | null };

/** Wide screens show the timeline open; a phone keeps it folded. */
const timelineOpenAtFirst = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(min-width: 48rem)').matches;

/**
 * A loaded run. It leads with what is next: the header (cook-off, the clock, Alert settings and Timeline
 * disclosures), then the steps with the next one first in Pending (All, and the turn-in board, are the other
 * tabs), then the run's own actions. The contest clock, notification status, flash, sound and 'Keep screen
 * on' sit behind Alert settings; the screen is kept awake while it is open and that switch is on.
 */
function RunView({
  run,
  now: phoneNow,
  timeZone,
  manageTemplates: ManageTemplates,
}: ClockProps & { run: Run }) {
  const contest = useCookSelector((state) => contestSelectors.selectById(state, run.contest_id));
  const format = useDateFormat();
  // Every time of this screen is on the cook-off's contest clock (the phone's when none is set).
  const now = useCallback(() => contestNow(contest, phoneNow()), [contest, phoneNow]);
  const steps = useCookSelector((state) => selectRunSteps(state, run.id));
  const colours = useMemo(() => stepColours(steps), [steps]);
  const clock = contestNow(contest, useNow(phoneNow, RUN_CLOCK_REFRESH_MS));
  const [view, setView] = useState<RunTab>('pending');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const [timelineOpen, setTimelineOpen] = useState(timelineOpenAtFirst);
  const [keepScreenOn, setKeepScreenOn] = useState(() => readAlertPreferences().keepScreenOn);
  useWakeLock(keepScreenOn);
  const alertsDisclosure = useDisclosure(alertsOpen, setAlertsOpen);
  const timelineDisclosure = useDisclosure(timelineOpen, setTimelineOpen);
  const dismissal = useDismissal();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepsRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const near = useRef<NearStep | null>(null);
  const lastUndo = useRef(dismissal.undo);
  const lastBusy = useRef(dismissal.busyStepId);

  // When an action takes the focus away (the step left the view, a dialog or the Undo bar closed), give it
  // to something near: the step itself while it is still shown, else the step after it (before it when it
  // was the last), else the Steps heading. The Undo offer is announced by its live region, not focused.
  useEffect(() => {
    const undoChanged = lastUndo.current !== dismissal.undo;
    const actionEnded = lastBusy.current !== null && dismissal.busyStepId === null;
    lastUndo.current = dismissal.undo;
    lastBusy.current = dismissal.busyStepId;
    if (!undoChanged && !actionEnded && !refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const headingOf = (id: string | null | undefined) =>
      id
        ? [...(stepsRef.current?.querySelectorAll<HTMLElement>('[data-step-id]') ?? [])]
            .find((item) => item.dataset.stepId === id)
            ?.querySelector<HTMLElement>('.pc-run-step__name')
        : undefined;
    (headingOf(near.current?.stepId) ?? headingOf(near.current?.nextId) ?? headingRef.current)?.focus();
  });

  const rememberNear = (step: RunStep) => {
    const shown = stepsForView(steps, view === 'all' ? 'all' : 'pending');
    const index = shown.findIndex((s) => s.id === step.id);
    near.current = {
      stepId: step.id,
      nextId: index === -1 ? null : (shown[index + 1]?.id ?? shown[index - 1]?.id ?? null),
    };
  };

  const dialogStep = dialog ? steps.find((step) => step.id === dialog.stepId) : undefined;
  const closeDialog = () => {
    refocus.current = true;
    setDialog(null);
  };
  // Steps no longer in the plan show in All, but the progress counts the plan's steps.
  const planned = useMemo(() => steps.filter((step) => !isStepOffPlan(step)), [steps]);
  const done = countCompleted(planned);
  const openManage = ManageTemplates && contest ? () => setManaging(true) : undefined;
  const turnInRows = useTurnInRows(run, steps, clock, timeZone);
  const turnInsNow = turnInRows.filter((row) => row.alerting).length;

  const onAction = (action: StepAction, step: RunStep) => {
    setNotice(null);
    rememberNear(step);
    if (action === 'dismiss') void dismissal.dismiss(step);
    else if (action === 'undismiss') void dismissal.undismiss(step.id);
    else setDialog({ kind: action, stepId: step.id });
  };

  const list = (which: StepView) => (
    <StepList
      view={which}
      steps={steps}
      colours={colours}
      now={now}
      timeZone={timeZone}
      busyStepId={dismissal.busyStepId}
      onAction={onAction}
    />
  );

  return (
    <ScreenFrame
      title={contest?.name ?? run.name}
      header={
        <div className="pc-run__bar">
          <div className="pc-run__now">
            <p className="pc-run__clock">
              <span className="pc-run__clock-label">{RUN_TEXT.clockLabel}</span>{' '}
              <time dateTime={new Date(clock).toISOString()}>{format.clock(clock, timeZone)}</time>
            </p>
            <ContestDate contest={contest} run={run} />
          </div>
          <div className="pc-run__toggles">
            {alertsDisclosure.toggle(FIELD_TEXT.alertSettings)}
            {steps.length > 0 ? timelineDisclosure.toggle(FIELD_TEXT.timeline) : null}
          </div>
        </div>
      }
    >
      {alertsDisclosure.panel(
        'pc-run-alerts',
        <AlertSettings
          contest={contest}
          keepScreenOn={keepScreenOn}
          onKeepScreenOnChange={(on) =>
            setKeepScreenOn(writeAlertPreferences({ keepScreenOn: on }).keepScreenOn)
          }
        />,
      )}
      {steps.length > 0
        ? timelineDisclosure.panel(
            'pc-run-timeline-panel',
            <RunTimeline run={run} steps={steps} nowMs={clock} timeZone={timeZone} />,
          )
        : null}
      <PlanNotice run={run} nowMs={clock} timeZone={timeZone} />
      {planned.length > 0 ? (
        <ProgressBar
          className="pc-run__progress"
          value={done}
          max={planned.length}
          label={RUN_TEXT.progress(done, planned.length)}
          tone={done === planned.length ? 'green' : 'accent'}
        />
      ) : (
        <EmptyState
          className="pc-run__empty"
          title={RUN_ACTIONS_TEXT.emptyTitle}
          text={RUN_ACTIONS_TEXT.emptyText}
          action={
            openManage ? <Button onClick={openManage}>{RUN_ACTIONS_TEXT.manageTemplates}</Button> : undefined
          }
        />
      )}
      {dismissal.error ? (
        <Banner tone="red" onDismiss={dismissal.clearError}>
          {dismissal.error}
        </Banner>
      ) : null}
      {notice ? (
        <Banner tone="green" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {isRunOver(steps) ? <RunSummary steps={steps} timeZone={timeZone} /> : null}
      {steps.length > 0 ? (
        <section className="pc-run__steps" aria-labelledby={STEPS_TITLE_ID} ref={stepsRef}>
          <h2 id={STEPS_TITLE_ID} ref={headingRef} tabIndex={-1} className="pc-run__subtitle">
            {RUN_TEXT.stepsHeading}
          </h2>
          <Tabs
            label={RUN_TEXT.tabsLabel}
            value={view}
            onValueChange={(id) => setView(id === 'all' || id === 'turn-ins' ? id : 'pending')}
            items={[
              { id: 'pending', label: RUN_TEXT.pending, content: list('pending') },
              { id: 'all', label: RUN_TEXT.all, content: list('all') },
              {
                id: 'turn-ins',
                label: (
                  <>
                    {TURN_IN_TEXT.tab}
                    {turnInsNow > 0 ? ' ' : null}
                    {turnInsNow > 0 ? (
                      <Badge tone="amber" className="pc-run__tab-count">
                        {TURN_IN_TEXT.alertingCount(turnInsNow)}
                      </Badge>
                    ) : null}
                  </>
                ),
                content: <TurnInBoard run={run} steps={steps} now={now} timeZone={timeZone} />,
              },
            ]}
          />
        </section>
      ) : null}
      <RunActionsBar
        run={run}
        nowMs={clock}
        timeZone={timeZone}
        onManageTemplates={planned.length > 0 ? openManage : undefined}
        onReset={steps.length > 0 ? setNotice : undefined}
      />
      {managing && ManageTemplates && contest ? (
        <Suspense fallback={<Spinner label={RUN_TEXT.loading} />}>
          <ManageTemplates contest={contest} onClose={() => setManaging(false)} />
        </Suspense>
      ) : null}
      <div className="pc-run-undo" role="status">
        {dismissal.undo ? (
          <div className="pc-run-undo__bar">
            <span className="pc-run-undo__text">{RUN_TEXT.dismissedNotice(dismissal.undo.name)}</span>
            <Button
              variant="secondary"
              loading={dismissal.busyStepId === dismissal.undo.stepId}
              onClick={() => {
                if (dismissal.undo) near.current = { stepId: dismissal.undo.stepId, nextId: null };
                void dismissal.undoDismiss();
              }}
            >
              {RUN_TEXT.undo}
            </Button>
          </div>
        ) : null}
      </div>
      {dialog?.kind === 'complete' && dialogStep ? (
        <CompleteDialog
          step={dialogStep}
          now={now}
          timeZone={timeZone}
          onClose={closeDialog}
          onCompleted={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'snooze' && dialogStep ? (
        <SnoozeDialog
          step={dialogStep}
          onClose={closeDialog}
          onSnoozed={(step, at) => {
            closeDialog();
            setNotice(RUN_TEXT.snoozedNotice(step.name, format.clock(Date.parse(at), timeZone)));
          }}
        />
      ) : null}
      {dialog?.kind === 'notes' && dialogStep ? (
        <NotesDialog step={dialogStep} now={now} timeZone={timeZone} onClose={closeDialog} />
      ) : null}
    </ScreenFrame>
  );
}

/** /contests/:id/steps: the cook-off's one active run, started here when there is none. */
function ContestRun({ contestId, ...clock }: ClockProps & { contestId: string }) {
  const run = useCookSelector((state) => selectActiveRun(state, contestId));
  const contestName = useCookSelector((state) => contestSelectors.selectById(state, contestId)?.name);
  const { loading, loadError } = useStoreLoad(
    (dispatch) => dispatch(getOrStartRunForContest(contestId)).unwrap(),
    STORE_MESSAGES.startRunFailed,
    contestId,
  );
  if (run && !loadError) return <RunView run={run} {...clock} />;
  if (loading) return <Loading />;
  return (
    <Failed
      title={contestName ?? RUN_TEXT.defaultTitle}
      message={loadError ?? STORE_MESSAGES.startRunFailed}
    />
  );
}

/** /contests/:contestId/runs/:runId/steps: a run by id ('Run not found' when it is not here). */
function RunById({ runId, ...clock }: ClockProps & { runId: string }) {
  const run = useCookSelector((state) => runSelectors.selectById(state, runId));
  const { loading, loadError } = useStoreLoad(
    (dispatch) => dispatch(getRun(runId)).unwrap(),
    FAILURE_MESSAGES.loadSteps,
    runId,
  );
  if (run && !loadError) return <RunView run={run} {...clock} />;
  if (loading) return <Loading />;
  if (!loadError || loadError === STORE_MESSAGES.runNotFound) return <NotFound />;
  return <Failed title={RUN_TEXT.defaultTitle} message={loadError} />;
}

/**
 * The run screen (SPEC.md section 2): /contests/:id/steps starts or reuses the cook-off's active run;
 * /contests/:contestId/runs/:runId/steps opens a run by id.
 */
export function RunScreen({ now = Date.now, timeZone = deviceTimeZone(), manageTemplates }: RunScreenProps) {
  const { id, contestId, runId } = useParams<{ id: string; contestId: string; runId: string }>();
  const clock = { now, timeZone, manageTemplates };
  if (runId) return <RunById key={runId} runId={runId} {...clock} />;
  const contest = id ?? contestId ?? '';
  return <ContestRun key={contest} contestId={contest} {...clock} />;
}

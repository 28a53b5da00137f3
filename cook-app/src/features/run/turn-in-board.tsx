import { useMemo } from 'react';
import { Badge } from '@pitclock/design-system';
import { countdownParts } from '../../domain';
import { templateSelectors, useCookSelector, type Run, type RunStep } from '../../store';
import { useDateFormat } from '../../lib/display-prefs';
import { TURN_IN_TEXT } from './messages';
import { formatCountdown } from './run-model';
import { turnInRows, type TurnInRow } from './turn-in-board-model';
import { useNow } from './use-now';
import { useSanctioningBodyName, useTurnIns } from './use-turn-ins';

/** The board's countdowns tick every second (while the document is visible). */
const BOARD_TICK_MS = 1_000;

export type TurnInBoardProps = {
  run: Run;
  /** The run's steps in schedule order. */
  steps: readonly RunStep[];
  /** The contest clock. */
  now: () => number;
  timeZone: string;
};

/** The rows of the board at the instant given (the run screen's tab label counts the highlighted ones). */
export function useTurnInRows(run: Run, steps: readonly RunStep[], nowMs: number, timeZone: string) {
  const turnIns = useTurnIns(run, steps, timeZone);
  const body = useSanctioningBodyName(run);
  const templates = useCookSelector(templateSelectors.selectEntities);
  const categories = useMemo(
    () => new Map(turnIns.map((t) => [t.template_id, templates[t.template_id]?.category_name ?? null])),
    [turnIns, templates],
  );
  return useMemo(
    () => turnInRows({ turnIns, steps, categories, sanctioningBody: body, nowMs }),
    [turnIns, steps, categories, body, nowMs],
  );
}

function RowStatus({ row, nowMs, timeZone }: { row: TurnInRow; nowMs: number; timeZone: string }) {
  const format = useDateFormat();
  const at = (ms: number) => format.clockNear(ms, nowMs, timeZone);
  if (row.turnedIn) {
    return (
      <Badge tone="green">{TURN_IN_TEXT.turnedIn(row.turnedInAt === null ? null : at(row.turnedInAt))}</Badge>
    );
  }
  if (row.phase === 'open') {
    return (
      <>
        <Badge tone="amber">{TURN_IN_TEXT.open}</Badge>
        <span className="pc-turn-in__countdown">
          {TURN_IN_TEXT.closesIn(countdownParts(row.window.closesAt, nowMs).text)}
        </span>
      </>
    );
  }
  if (row.phase === 'closed') {
    return (
      <>
        <Badge tone="red">{TURN_IN_TEXT.missed}</Badge>
        <span className="pc-turn-in__countdown">{TURN_IN_TEXT.closedAt(at(row.window.closesAt))}</span>
      </>
    );
  }
  return <span className="pc-turn-in__countdown">{formatCountdown(row.window.turnInAt, nowMs)}</span>;
}

/**
 * The turn-in board: one row per attached template of the run, in turn-in order, with its category, its
 * official turn-in time, the window its sanctioning body accepts an entry in (KCBS: 13:55-14:05 for
 * 14:00; times in the reader's locale) and a countdown; highlighted while the window is open, and after it closed when nothing was
 * turned in (the template's turn-in step is not completed).
 */
export function TurnInBoard({ run, steps, now, timeZone }: TurnInBoardProps) {
  const nowMs = useNow(now, BOARD_TICK_MS, true);
  const rows = useTurnInRows(run, steps, nowMs, timeZone);
  const format = useDateFormat();
  if (rows.length === 0) return <p className="pc-run-empty">{TURN_IN_TEXT.empty}</p>;
  const clock = (ms: number) => format.clock(ms, timeZone);
  return (
    <ol className="pc-turn-ins" role="list" aria-label={TURN_IN_TEXT.listLabel}>
      {rows.map((row) => {
        const classes = ['pc-turn-in'];
        if (row.alerting) classes.push(row.phase === 'open' ? 'pc-turn-in--open' : 'pc-turn-in--missed');
        if (row.turnedIn) classes.push('pc-turn-in--done');
        const from = clock(row.window.opensAt);
        const to = clock(row.window.closesAt);
        return (
          <li key={row.templateId} className={classes.join(' ')} data-phase={row.phase}>
            <div className="pc-turn-in__what">
              <h3 className="pc-turn-in__name">{row.name}</h3>
              <p className="pc-turn-in__category">{row.category ?? TURN_IN_TEXT.noCategory}</p>
            </div>
            <p className="pc-turn-in__when">
              <span className="pc-turn-in__label">{TURN_IN_TEXT.turnIn}</span>{' '}
              <time className="pc-turn-in__time" dateTime={new Date(row.window.turnInAt).toISOString()}>
                {format.clockNear(row.window.turnInAt, nowMs, timeZone)}
              </time>
            </p>
            <p className="pc-turn-in__window">
              <span className="pc-turn-in__label">{TURN_IN_TEXT.window}</span>{' '}
              <span className="pc-turn-in__range">{TURN_IN_TEXT.windowRange(from, to)}</span>
            </p>
            <p className="pc-turn-in__status">
              <RowStatus row={row} nowMs={nowMs} timeZone={timeZone} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}

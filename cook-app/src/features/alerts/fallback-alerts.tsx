// The in-app fallback alerts (SPEC.md sections 8 and 9; issue 21): one compact card docked at the bottom
// of the screen, so that it never covers the header or the step being alerted. One alert shows its step
// with Complete, Snooze and View; alerts due together collapse into '3 steps due', which expands into a
// list of the steps (scrolling inside the card) with the same actions each. Close (×) closes the card.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { Button } from '@pitclock/design-system';
import type { AlertActions } from './use-alert-actions';
import { useDockSpace } from './use-dock-space';

/** An in-app fallback alert on screen (one per step: a newer alert of the step replaces it). */
export type FallbackAlertItem = {
  /** The step's id. */
  id: string;
  createdAtMs: number;
  /** The native notification's title ('PitClock - Wrap'). */
  title: string;
  stepName: string;
  body: string;
  url: string;
  /** When the step is due: the card lists the earliest first. */
  dueMs: number;
};

/** 'N steps due', the collapsed card's title for several alerts. */
export const stepsDueText = (count: number) => `${count} steps due`;

export const ALERT_CARD_TEXT = {
  region: 'Alerts',
  complete: 'Complete',
  snooze: 'Snooze',
  view: 'View',
  close: 'Close',
  showSteps: 'Show steps',
  hideSteps: 'Hide steps',
  stepsList: 'Steps due',
} as const;

/** A link to a run screen: inside the app's router a client-side link; outside one (never in the app) a plain link. */
export function ViewLink({
  url,
  onClick,
  describedBy,
  className = 'pc-alerts__view',
  label,
  children,
}: {
  url: string;
  onClick?: () => void;
  /** Id of the element that tells which step the link is for. */
  describedBy?: string;
  className?: string;
  /** Accessible name, when the visible text does not say enough. */
  label?: string;
  children: ReactNode;
}) {
  const inRouter = useInRouterContext();
  const attributes = { className, onClick, 'aria-describedby': describedBy, 'aria-label': label };
  return inRouter ? (
    <Link to={url} {...attributes}>
      {children}
    </Link>
  ) : (
    <a href={url} {...attributes}>
      {children}
    </a>
  );
}

/** The accessible name of a step's action: the visible label and the step ('Complete Trim brisket'). */
const forStep = (label: string, stepName: string) => `${label} ${stepName}`;

const VIEW_LINK_CLASS = 'pc-button pc-button--secondary pc-button--md pc-alerts__view';

function StepActions({
  alert,
  actions,
  onView,
  onActed,
}: {
  alert: FallbackAlertItem;
  actions: AlertActions;
  onView: (id: string) => void;
  onActed: () => void;
}) {
  const busy = actions.busyStepId === alert.id;
  const act = (action: (stepId: string) => Promise<boolean>) => () => {
    void action(alert.id).then((done) => done && onActed());
  };
  return (
    <div className="pc-alerts__actions">
      <Button
        variant="primary"
        loading={busy}
        aria-label={forStep(ALERT_CARD_TEXT.complete, alert.stepName)}
        onClick={act(actions.complete)}
      >
        {ALERT_CARD_TEXT.complete}
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        aria-label={forStep(ALERT_CARD_TEXT.snooze, alert.stepName)}
        onClick={act(actions.snooze)}
      >
        {ALERT_CARD_TEXT.snooze}
      </Button>
      <ViewLink
        url={alert.url}
        className={VIEW_LINK_CLASS}
        label={forStep(ALERT_CARD_TEXT.view, alert.stepName)}
        onClick={() => onView(alert.id)}
      >
        <span className="pc-button__label">{ALERT_CARD_TEXT.view}</span>
      </ViewLink>
    </div>
  );
}

export type FallbackAlertCardProps = {
  /** The alerts on screen (at least one). */
  alerts: readonly FallbackAlertItem[];
  actions: AlertActions;
  /** Closes the card: every alert in it. */
  onClose: () => void;
  /** View of one alert was followed: that alert goes. */
  onView: (id: string) => void;
  /**
   * True while the cook is using the card (its list open, or focus inside it), false again after: the
   * alerts should not expire from under the cook's thumb.
   */
  onHoldChange?: (held: boolean) => void;
};

export function FallbackAlertCard({
  alerts: arrived,
  actions,
  onClose,
  onView,
  onHoldChange,
}: FallbackAlertCardProps) {
  const alerts = useMemo(() => [...arrived].sort((a, b) => a.dueMs - b.dueMs), [arrived]);
  const listId = useId();
  const card = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const refocus = useRef(false);
  useDockSpace(card);

  const single = alerts.length === 1 ? alerts[0] : undefined;
  const open = expanded && !single;
  const held = open || focusWithin;
  // A failure is told while its step is still on the card.
  const failure = alerts.some((alert) => alert.id === actions.error?.stepId) ? actions.error?.message : null;

  useEffect(() => {
    onHoldChange?.(held);
  }, [held, onHoldChange]);
  useEffect(() => () => onHoldChange?.(false), [onHoldChange]);

  // After Complete or Snooze the row is gone: focus goes to the next alert's first action, not the page.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const next =
      card.current?.querySelector<HTMLElement>('.pc-alerts__actions button') ??
      card.current?.querySelector<HTMLElement>('.pc-alerts__toggle');
    next?.focus();
  }, [alerts]);

  // Escape closes the open list, back to its toggle.
  useEffect(() => {
    const element = card.current;
    if (!open || !element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setExpanded(false);
      toggle.current?.focus();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const onActed = () => {
    refocus.current = true;
  };

  return (
    <section
      ref={card}
      className={open ? 'pc-alerts pc-alerts--open' : 'pc-alerts'}
      aria-label={ALERT_CARD_TEXT.region}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
      }}
    >
      <div className="pc-alerts__head">
        <div className="pc-alerts__text" role="alert">
          {single ? (
            <>
              <p className="pc-alerts__title">{single.title}</p>
              <p className="pc-alerts__body">{single.body}</p>
            </>
          ) : (
            <>
              <p className="pc-alerts__title">{stepsDueText(alerts.length)}</p>
              <p className="pc-alerts__body pc-alerts__names">
                {alerts.map((alert) => alert.stepName).join(', ')}
              </p>
            </>
          )}
        </div>
        {single ? null : (
          <button
            ref={toggle}
            type="button"
            className="pc-alerts__toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {open ? ALERT_CARD_TEXT.hideSteps : ALERT_CARD_TEXT.showSteps}
          </button>
        )}
        <button
          type="button"
          className="pc-alerts__close"
          aria-label={ALERT_CARD_TEXT.close}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {failure ? (
        <p className="pc-alerts__error" role="alert">
          {failure}
        </p>
      ) : null}
      {single ? (
        <StepActions alert={single} actions={actions} onView={onView} onActed={onActed} />
      ) : (
        <ul id={listId} className="pc-alerts__list" aria-label={ALERT_CARD_TEXT.stepsList} hidden={!open}>
          {alerts.map((alert) => (
            <li key={alert.id} className="pc-alerts__row">
              <p className="pc-alerts__step">{alert.stepName}</p>
              <p className="pc-alerts__body">{alert.body}</p>
              <StepActions alert={alert} actions={actions} onView={onView} onActed={onActed} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The in-app fallback alerts (SPEC.md sections 8 and 9): a fixed region at the top of the screen, at most
// 5 alerts, each with its title, body, a 'View' link to its run and a close button.
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

/** An in-app fallback alert on screen (one per step: a newer alert of the step replaces it). */
export type FallbackAlertItem = {
  id: string;
  createdAtMs: number;
  title: string;
  body: string;
  url: string;
};

/** A link to a run screen: inside the app's router a client-side link; outside one (never in the app) a plain link. */
export function ViewLink({
  url,
  onClick,
  describedBy,
  children,
}: {
  url: string;
  onClick?: () => void;
  /** Id of the element that tells which step the link is for. */
  describedBy?: string;
  children: ReactNode;
}) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Link className="pc-alerts__view" to={url} onClick={onClick} aria-describedby={describedBy}>
      {children}
    </Link>
  ) : (
    <a className="pc-alerts__view" href={url} onClick={onClick} aria-describedby={describedBy}>
      {children}
    </a>
  );
}

export function FallbackAlerts({
  alerts,
  onClose,
}: {
  alerts: readonly FallbackAlertItem[];
  onClose: (id: string) => void;
}) {
  return (
    <section className="pc-alerts" aria-label="Alerts">
      {alerts.map((alert) => (
        <div key={alert.id} className="pc-alerts__item" role="alert">
          <div className="pc-alerts__text">
            <p className="pc-alerts__title">{alert.title}</p>
            <p className="pc-alerts__body">{alert.body}</p>
          </div>
          <ViewLink url={alert.url} onClick={() => onClose(alert.id)}>
            View
          </ViewLink>
          <button
            type="button"
            className="pc-alerts__close"
            aria-label="Close"
            onClick={() => onClose(alert.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

import {
  useServiceWorkerInfo,
  type ServiceWorkerContainerLike,
  type ServiceWorkerInfo,
} from '../../lib/service-worker-info';
import { ABOUT_TEXT as T } from './messages';

export type ServiceWorkerPanelProps = {
  /** Default navigator.serviceWorker (tests hand in a registration-like object). */
  serviceWorker?: ServiceWorkerContainerLike | undefined;
};

function stateText(info: ServiceWorkerInfo | null): string {
  if (info === null) return T.swChecking;
  if (!info.supported) return T.swUnsupported;
  const status = T.swStatus[info.status];
  return info.workerState === null ? status : `${status} ${T.swWorkerState(info.workerState)}`;
}

/** Service-worker info: its state, scope, script URL and whether it controls this page (kept current). */
export function ServiceWorkerPanel({ serviceWorker }: ServiceWorkerPanelProps) {
  const { info } = useServiceWorkerInfo(serviceWorker);
  const rows: [string, string, string][] = [
    ['sw-state', T.swState, stateText(info)],
    ['sw-scope', T.swScope, info?.scope ?? T.none],
    ['sw-script', T.swScript, info?.scriptUrl ?? T.none],
    ['sw-controls', T.swControls, info === null ? T.swChecking : info.controlling ? T.yes : T.no],
  ];
  return (
    <dl className="pc-about__facts" aria-live="polite">
      {rows.map(([id, term, value]) => (
        <div key={id} className="pc-about__fact">
          <dt>{term}</dt>
          <dd data-testid={id} className="pc-about__wrap">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

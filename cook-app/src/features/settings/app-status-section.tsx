import { useRef } from 'react';
import { Badge, Button } from '@pitclock/design-system';
import {
  useServiceWorkerInfo,
  type ServiceWorkerContainerLike,
  type ServiceWorkerInfo,
} from '../../lib/service-worker-info';
import { SETTINGS_TEXT as T } from './messages';
import { useOnlineStatus } from './use-online-status';
import {
  formatBytes,
  formatPercent,
  useStorageStatus,
  type StorageEstimateState,
  type StorageManagerLike,
  type StorageStatus,
} from './use-storage-status';

export type AppStatusSectionProps = {
  /** Default navigator.serviceWorker. */
  serviceWorker?: ServiceWorkerContainerLike | undefined;
  /** Default navigator.storage. */
  storageManager?: StorageManagerLike | undefined;
};

function serviceWorkerText(info: ServiceWorkerInfo | null): string {
  if (info === null) return T.serviceWorkerChecking;
  if (!info.supported) return T.serviceWorkerUnsupported;
  const status = T.serviceWorkerStatus[info.status];
  return info.scope === null ? status : `${status} (${T.scope(info.scope)})`;
}

function estimateText(estimate: StorageEstimateState): string {
  switch (estimate.status) {
    case 'loading':
      return T.storageChecking;
    case 'unsupported':
      return T.storageUnknown;
    case 'failed':
      return T.storageFailed;
    case 'loaded': {
      const { usage, quota } = estimate;
      if (usage === null) return T.storageUnknown;
      if (quota === null || quota === 0) return T.storageUsedOnly(formatBytes(usage));
      return T.storageOf(formatBytes(usage), formatBytes(quota), formatPercent(usage, quota));
    }
  }
}

const PERSISTENCE_TEXT: Record<StorageStatus['persistence'], string> = {
  loading: T.storageChecking,
  unsupported: T.persistenceUnknown,
  persistent: T.persistent,
  'not-persistent': T.notPersistent,
};

const REQUEST_OUTCOME: Partial<Record<StorageStatus['request'], string>> = {
  granted: T.persistGranted,
  refused: T.persistRefused,
  failed: T.persistFailed,
};

/**
 * App status (SPEC.md section 2 "Settings"): online or offline (live), the service worker that makes
 * PitClock work offline (none, installing, waiting or active, with its scope), the storage used of the
 * quota and whether it is persistent, with 'Request persistent storage' and what the browser answered.
 */
export function AppStatusSection({ serviceWorker, storageManager }: AppStatusSectionProps) {
  const online = useOnlineStatus();
  const { info } = useServiceWorkerInfo(serviceWorker);
  const storage = useStorageStatus(storageManager);
  const outcome = REQUEST_OUTCOME[storage.request];
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const request = async () => {
    // Granted, the button goes away: focus moves to the answer instead of falling to the page.
    if ((await storage.requestPersistence()) === 'granted') outcomeRef.current?.focus();
  };
  return (
    <div className="pc-settings__status">
      <p className="pc-settings__text">{T.storedLocally}</p>
      <dl className="pc-settings__facts">
        <div className="pc-settings__fact">
          <dt>{T.connection}</dt>
          <dd aria-live="polite" data-testid="connection">
            <Badge tone={online ? 'green' : 'amber'}>{online ? T.online : T.offline}</Badge>
            {online ? null : <span className="pc-settings__hint">{T.offlineHint}</span>}
          </dd>
        </div>
        <div className="pc-settings__fact">
          <dt>{T.serviceWorker}</dt>
          <dd aria-live="polite" data-testid="service-worker" className="pc-settings__wrap">
            {serviceWorkerText(info)}
          </dd>
        </div>
        <div className="pc-settings__fact">
          <dt>{T.storage}</dt>
          <dd data-testid="storage-used">{estimateText(storage.estimate)}</dd>
        </div>
        <div className="pc-settings__fact">
          <dt>{T.persistence}</dt>
          <dd data-testid="storage-persistence">{PERSISTENCE_TEXT[storage.persistence]}</dd>
        </div>
      </dl>
      {storage.canRequest && storage.persistence !== 'persistent' ? (
        <div className="pc-settings__actions">
          <Button
            variant="secondary"
            loading={storage.request === 'requesting'}
            onClick={() => void request()}
          >
            {T.requestPersistence}
          </Button>
        </div>
      ) : null}
      <p ref={outcomeRef} role="status" tabIndex={-1} className="pc-settings__outcome">
        {outcome ?? null}
      </p>
    </div>
  );
}

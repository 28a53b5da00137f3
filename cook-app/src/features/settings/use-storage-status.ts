// Storage of this origin (navigator.storage): how much is used of the quota, and whether it is
// persistent (the browser will not evict it under storage pressure), with a request to make it so.
import { useCallback, useEffect, useState } from 'react';

/** The part of navigator.storage (StorageManager) used here; each method may be missing. */
export type StorageManagerLike = {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
};

export type StorageEstimateState =
  | { status: 'loading' }
  | { status: 'unsupported' }
  | { status: 'failed' }
  | { status: 'loaded'; usage: number | null; quota: number | null };

export type PersistenceState = 'loading' | 'unsupported' | 'persistent' | 'not-persistent';

export type PersistRequest = 'idle' | 'requesting' | 'granted' | 'refused' | 'failed';

export type StorageStatus = {
  estimate: StorageEstimateState;
  persistence: PersistenceState;
  /** Whether navigator.storage.persist exists (the button is offered only then). */
  canRequest: boolean;
  request: PersistRequest;
  /** Asks the browser to make storage persistent (call from a click); answers the outcome. */
  requestPersistence: () => Promise<PersistRequest>;
};

/** navigator.storage, undefined where the browser has none. */
export function pageStorageManager(): StorageManagerLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { storage?: StorageManagerLike }).storage ?? undefined;
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The storage of this origin: estimate and persistence read once, persistence again after a request. */
export function useStorageStatus(
  manager: StorageManagerLike | undefined = pageStorageManager(),
): StorageStatus {
  const [estimate, setEstimate] = useState<StorageEstimateState>(() =>
    manager?.estimate ? { status: 'loading' } : { status: 'unsupported' },
  );
  const [persistence, setPersistence] = useState<PersistenceState>(() =>
    manager?.persisted ? 'loading' : 'unsupported',
  );
  const [request, setRequest] = useState<PersistRequest>('idle');

  useEffect(() => {
    let live = true;
    manager?.estimate?.().then(
      ({ usage, quota }) =>
        live && setEstimate({ status: 'loaded', usage: finite(usage), quota: finite(quota) }),
      () => live && setEstimate({ status: 'failed' }),
    );
    manager?.persisted?.().then(
      (persisted) => live && setPersistence(persisted ? 'persistent' : 'not-persistent'),
      () => live && setPersistence('unsupported'),
    );
    return () => {
      live = false;
    };
  }, [manager]);

  const requestPersistence = useCallback(async (): Promise<PersistRequest> => {
    if (!manager?.persist) return 'failed';
    setRequest('requesting');
    let outcome: PersistRequest;
    try {
      outcome = (await manager.persist()) ? 'granted' : 'refused';
    } catch {
      outcome = 'failed';
    }
    setRequest(outcome);
    if (outcome === 'granted') setPersistence('persistent');
    return outcome;
  }, [manager]);

  return { estimate, persistence, canRequest: Boolean(manager?.persist), request, requestPersistence };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> '1.5 KB' (powers of 1024, one decimal from KB up, none for whole numbers). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  return `${text} ${UNITS[unit]}`;
}

/** usage / quota as a percentage: '0.1%', '<0.1%' for a sliver, '37%' from 10% up. */
export function formatPercent(usage: number, quota: number): string {
  if (quota <= 0) return '0%';
  const percent = (usage / quota) * 100;
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return percent >= 10 ? `${Math.round(percent)}%` : `${percent.toFixed(1).replace(/\.0$/, '')}%`;
}

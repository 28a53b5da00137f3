import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { NAVIGATE_MESSAGE } from '@pitclock/contracts';
import { usePendingDismissals } from '../lib/pending-dismissals';
import { dismissStep, useCookDispatch } from '../store';

/**
 * What the service worker asks of the app: a step dismissed from its notification (now, or while no
 * window was open), and View Contest in a window it could not navigate itself.
 */
export function ServiceWorkerMessages() {
  const dispatch = useCookDispatch();
  const navigate = useNavigate();
  usePendingDismissals((stepId) => {
    // A step already dismissed, done or deleted needs nothing more.
    dispatch(dismissStep(stepId)).catch(() => undefined);
  });
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === NAVIGATE_MESSAGE && typeof data.url === 'string' && data.url.startsWith('/'))
        void navigate(data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
  return null;
}

import { useState } from 'react';
import { Badge, Banner, Button, type BannerTone } from '@pitclock/design-system';
import { useNotificationPermission } from '../../lib/notification-permission';
import { useServiceWorkerInfo, type ServiceWorkerContainerLike } from '../../lib/service-worker-info';
import { ABOUT_TEXT as T } from './messages';

const TONES = { granted: 'green', denied: 'red', default: 'amber', unsupported: 'neutral' } as const;

type Outcome = { tone: BannerTone; text: string } | null;

export type NotificationTestProps = {
  /** Default navigator.serviceWorker (tests hand in a registration-like object). */
  serviceWorker?: ServiceWorkerContainerLike | undefined;
};

/**
 * Notification testing (SPEC.md section 2 "About"): with permission granted, a local notification
 * through the service worker registration (as step alerts are shown; its own tag, so that it never
 * replaces a step's alert); otherwise an in-app message that says why not and what to do.
 */
export function NotificationTest({ serviceWorker }: NotificationTestProps) {
  const { permission, label, supportText, request } = useNotificationPermission();
  const { registration } = useServiceWorkerInfo(serviceWorker);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const whyNot = (): string | null => {
    if (permission === 'unsupported') return `${supportText ?? ''} ${T.testInAppInstead}`.trim();
    if (permission === 'denied') return T.testBlocked;
    if (permission === 'default') return supportText ?? T.testNotAllowed;
    if (!registration?.showNotification) return T.testNoServiceWorker;
    return null;
  };

  const send = async () => {
    const reason = whyNot();
    if (reason !== null || !registration?.showNotification) {
      setOutcome({ tone: 'amber', text: reason ?? T.testNoServiceWorker });
      return;
    }
    setSending(true);
    try {
      await registration.showNotification(T.testTitle, { body: T.testBody, tag: T.testTag });
      setOutcome({ tone: 'green', text: T.testSent });
    } catch (failure) {
      const reason = failure instanceof Error && failure.message ? failure.message : String(failure);
      setOutcome({ tone: 'red', text: T.testFailed(reason) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="pc-about__panel">
      <p className="pc-about__text">{T.notificationTestText}</p>
      <p className="pc-about__text">
        {T.permission}: <Badge tone={TONES[permission]}>{label}</Badge>
      </p>
      <div className="pc-about__actions">
        <Button onClick={() => void send()} loading={sending}>
          {T.sendTest}
        </Button>
        {permission === 'default' ? (
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              void request();
            }}
          >
            {T.enable}
          </Button>
        ) : null}
      </div>
      {/* Polite for green and amber, an alert for red (Banner's roles); always in the page for the live region. */}
      <div className="pc-about__outcome" data-testid="notification-test-outcome">
        {outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null}
      </div>
    </div>
  );
}

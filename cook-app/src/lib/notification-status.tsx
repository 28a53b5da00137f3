import { Badge, Button } from '@pitclock/design-system';
import { useNotificationPermission } from './notification-permission';
import './notification-status.css';

const TONES = { granted: 'green', denied: 'red', default: 'amber', unsupported: 'neutral' } as const;

/**
 * Whether this device will show notifications (SPEC.md section 4: enabled, blocked, not enabled,
 * unsupported; re-polled every second), with Enable while the browser has not been asked yet, and the
 * unsupported text or the iOS home-screen hint where they apply.
 */
export function NotificationStatus() {
  const { permission, label, supportText, request } = useNotificationPermission();
  return (
    <div className="pc-notification-status">
      <span>
        Notifications: <Badge tone={TONES[permission]}>{label}</Badge>
      </span>
      {permission === 'default' ? (
        <Button variant="secondary" onClick={() => void request()}>
          Enable notifications
        </Button>
      ) : null}
      {supportText ? <p className="pc-notification-status__hint">{supportText}</p> : null}
    </div>
  );
}

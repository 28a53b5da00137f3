import { useState } from 'react';
import { Badge, Button, Toggle } from '@pitclock/design-system';
import { readAlertPreferences, writeAlertPreferences } from './alert-preferences';
import { useNotificationPermission } from './notification-permission';
import './notification-status.css';

const TONES = { granted: 'green', denied: 'red', default: 'amber', unsupported: 'neutral' } as const;

/**
 * Whether this device will show notifications (SPEC.md section 4: enabled, blocked, not enabled,
 * unsupported; re-polled every second), with Enable while the browser has not been asked yet, and the
 * unsupported text or the iOS home-screen hint where they apply; and the two alert preferences (the
 * hidden-tab title flash, on by default, and the alert tone, off by default).
 */
export function NotificationStatus() {
  const { permission, label, supportText, request } = useNotificationPermission();
  const [preferences, setPreferences] = useState(() => readAlertPreferences());
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
      <Toggle
        label="Flash the tab title"
        checked={preferences.titleFlash}
        onCheckedChange={(titleFlash) => setPreferences(writeAlertPreferences({ titleFlash }))}
      />
      <Toggle
        label="Alert sound"
        checked={preferences.sound}
        onCheckedChange={(sound) => setPreferences(writeAlertPreferences({ sound }))}
      />
    </div>
  );
}

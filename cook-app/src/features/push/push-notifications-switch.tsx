import { useId } from 'react';
import { Spinner, Toggle } from '@pitclock/design-system';
import { PUSH_TEXT } from './messages';
import { usePushSwitch, type PushSwitchDeps, type PushSwitchState } from './use-push-switch';
import './push.css';

const DESCRIPTIONS: Record<Exclude<PushSwitchState, 'unsupported'>, string> = {
  checking: PUSH_TEXT.checking,
  on: PUSH_TEXT.on,
  off: PUSH_TEXT.off,
};

/**
 * The Settings notification switch (issue 8): on asks for notification permission when the browser has
 * not been asked yet, subscribes this browser and registers the subscription with the notifier; off
 * drops it on both sides. A real switch (role=switch, Space or Enter); while it works it stays focusable
 * but ignores presses (aria-disabled), so a keyboard user keeps their place. Why it cannot be on is said
 * beside it: unsupported browser (in-app alerts are used), blocked or refused permission, server errors.
 */
export function PushNotificationsSwitch(deps: PushSwitchDeps) {
  const { state, busy, error, turnOn, turnOff } = usePushSwitch(deps);
  const errorId = useId();
  const unsupported = state === 'unsupported';
  return (
    <div className="pc-push-switch">
      <div className="pc-push-switch__row">
        <Toggle
          label={PUSH_TEXT.switchLabel}
          description={unsupported ? undefined : DESCRIPTIONS[state]}
          checked={state === 'on'}
          disabled={unsupported || state === 'checking'}
          aria-disabled={busy ? true : undefined}
          aria-busy={busy ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          onCheckedChange={(on) => void (on ? turnOn() : turnOff())}
        />
        {busy ? (
          <Spinner size="sm" label={busy === 'on' ? PUSH_TEXT.turningOn : PUSH_TEXT.turningOff} />
        ) : null}
      </div>
      {unsupported ? (
        <div className="pc-push-switch__note">
          <p>{PUSH_TEXT.unsupported}</p>
          <p>{PUSH_TEXT.inAppInstead}</p>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="pc-push__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

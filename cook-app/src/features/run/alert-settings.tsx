import { Toggle } from '@pitclock/design-system';
import type { Contest } from '../../store';
import { NotificationStatus } from '../../lib/notification-status';
import { ContestClock } from './contest-clock';
import { FIELD_TEXT } from './messages';

export type AlertSettingsProps = {
  contest: Contest | undefined;
  keepScreenOn: boolean;
  onKeepScreenOnChange: (on: boolean) => void;
};

/**
 * What the run screen keeps behind its 'Alert settings' button: the contest clock, whether this device
 * shows notifications (with the tab-title flash and the alert sound), and 'Keep screen on'.
 */
export function AlertSettings({ contest, keepScreenOn, onKeepScreenOnChange }: AlertSettingsProps) {
  return (
    <>
      {contest ? <ContestClock contest={contest} /> : null}
      <NotificationStatus />
      <Toggle
        wrapperClassName="pc-run-alerts__screen"
        label={FIELD_TEXT.keepScreenOn}
        description={FIELD_TEXT.keepScreenOnHint}
        checked={keepScreenOn}
        onCheckedChange={onKeepScreenOnChange}
      />
    </>
  );
}

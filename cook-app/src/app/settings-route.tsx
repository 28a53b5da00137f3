import { BackupRestoreSection } from '../features/backup';
import { PushNotificationsSwitch } from '../features/push';
import { SettingsScreen } from '../features/settings';

/** /settings: the Settings screen with the sections other features give it. */
export function SettingsRoute() {
  return <SettingsScreen pushSwitch={<PushNotificationsSwitch />} backup={<BackupRestoreSection />} />;
}

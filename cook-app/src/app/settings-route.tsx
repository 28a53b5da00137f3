import { BackupRestoreSection } from '../features/backup';
import { PushNotificationsSwitch } from '../features/push';
import { removeThisDevicesCopy, SettingsScreen } from '../features/settings';
import { stopRunningSync, useSyncStatus } from '../features/sync';

/** Stops syncing first, so that nothing writes the account's database again, then removes it. */
async function removeAfterSyncStops(accountId: string) {
  await stopRunningSync();
  await removeThisDevicesCopy(accountId);
}

/** /settings: the Settings screen with the sections other features give it. */
export function SettingsRoute() {
  const sync = useSyncStatus();
  return (
    <SettingsScreen
      pushSwitch={<PushNotificationsSwitch />}
      backup={<BackupRestoreSection />}
      unsyncedChanges={sync.phase === 'stopped' ? null : sync.unsynced}
      removeData={removeAfterSyncStops}
    />
  );
}

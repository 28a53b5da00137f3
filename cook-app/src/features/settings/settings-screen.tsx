import type { ReactNode } from 'react';
import type { SignOutDeps } from '@pitclock/contracts';
import { NotificationStatus } from '../../lib/notification-status';
import { SectionedScreen, type ScreenSection } from '../../lib/sectioned-screen';
import type { ServiceWorkerContainerLike } from '../../lib/service-worker-info';
import { AppStatusSection } from './app-status-section';
import { LegalSection, PromoSection, SupportSection } from './link-sections';
import { LogoutSection } from './logout-section';
import { SETTINGS_TEXT } from './messages';
import { ThemeSection } from './theme-section';
import { UnitsSection } from './units-section';
import type { StorageManagerLike } from './use-storage-status';
import './settings.css';

export type SettingsScreenProps = {
  /** The push notification switch: another feature's, so app/ hands it in. */
  pushSwitch?: ReactNode;
  /**
   * SLOT: backup and restore (file and cloud), features/backup's section, handed in by app/. The
   * 'Backup and restore' section is shown only when given.
   */
  backup?: ReactNode;
  /** Default navigator.serviceWorker (tests hand in a registration-like object). */
  serviceWorker?: ServiceWorkerContainerLike | undefined;
  /** Default navigator.storage. */
  storageManager?: StorageManagerLike | undefined;
  /** How Log out signs out (default contracts' signOut on the app's api and session). */
  signOutWith?: SignOutDeps;
  /**
   * How many changes exist only on this device, from the sync engine; null (the default) while sync
   * is not available. Log out offers to remove this device's copy only at 0.
   */
  unsyncedChanges?: number | null;
  /** How Log out removes this device's copy (default the store, database and keys of the account). */
  removeData?: (accountId: string) => Promise<void>;
};

/**
 * Settings (/settings, SPEC.md section 2): app status, dark mode, units (issue 21), notifications, promo
 * code, backup and restore, support, terms and privacy, logout, in that order.
 */
export function SettingsScreen({
  pushSwitch = null,
  backup = null,
  serviceWorker,
  storageManager,
  signOutWith,
  unsyncedChanges = null,
  removeData,
}: SettingsScreenProps) {
  const T = SETTINGS_TEXT;
  const sections: ScreenSection[] = [
    {
      id: 'status',
      title: T.appStatus,
      content: <AppStatusSection serviceWorker={serviceWorker} storageManager={storageManager} />,
    },
    { id: 'theme', title: T.darkMode, content: <ThemeSection /> },
    { id: 'units', title: T.units, content: <UnitsSection /> },
    {
      id: 'notifications',
      title: T.notifications,
      content: (
        <div className="pc-settings__notifications">
          {pushSwitch}
          <NotificationStatus />
        </div>
      ),
    },
    { id: 'promo', title: T.promo, content: <PromoSection /> },
    ...(backup === null || backup === undefined ? [] : [{ id: 'backup', title: T.backup, content: backup }]),
    { id: 'support', title: T.support, content: <SupportSection /> },
    { id: 'legal', title: T.legal, content: <LegalSection /> },
    {
      id: 'account',
      title: T.account,
      content: (
        <LogoutSection
          signOutWith={signOutWith}
          unsyncedChanges={unsyncedChanges}
          {...(removeData ? { removeData } : {})}
        />
      ),
    },
  ];
  return <SectionedScreen title={T.title} sections={sections} />;
}

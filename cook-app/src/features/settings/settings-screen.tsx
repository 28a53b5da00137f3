import type { ReactNode } from 'react';
import { NotificationStatus } from '../../lib/notification-status';
import { SectionedScreen, type ScreenSection } from '../../lib/sectioned-screen';
import { SETTINGS_TEXT } from './messages';
import './settings.css';

export type SettingsScreenProps = {
  /** The push notification switch: another feature's, so app/ hands it in. */
  pushSwitch?: ReactNode;
};

/**
 * Settings (/settings, SPEC.md section 2). Its sections in order; the others of SPEC.md (app status,
 * dark mode, promo code, backup and restore, support, terms, logout) are added to this list.
 */
export function SettingsScreen({ pushSwitch = null }: SettingsScreenProps) {
  const sections: ScreenSection[] = [
    {
      id: 'notifications',
      title: SETTINGS_TEXT.notifications,
      content: (
        <div className="pc-settings__notifications">
          {pushSwitch}
          <NotificationStatus />
        </div>
      ),
    },
  ];
  return <SectionedScreen title={SETTINGS_TEXT.title} sections={sections} />;
}

import type { ReactNode } from 'react';
import type { ApiClient } from '@pitclock/contracts';
import { SectionedScreen, type ScreenSection } from '../../lib/sectioned-screen';
import type { ServiceWorkerContainerLike } from '../../lib/service-worker-info';
import { ABOUT_TEXT } from './messages';
import { NotificationTest } from './notification-test';
import { ServiceWorkerPanel } from './service-worker-panel';
import { BackendVersionPanel, BuildVersionPanel, type BuildVersionPanelProps } from './version-panels';
import './about.css';

export type AboutScreenProps = {
  /** 'Show the welcome again': features/onboarding's, so app/ hands it in. */
  welcome?: ReactNode;
  /** The push subscriptions and test push: another feature's, so app/ hands it in. */
  pushSubscriptions?: ReactNode;
  /** Default navigator.serviceWorker (tests hand in a registration-like object). */
  serviceWorker?: ServiceWorkerContainerLike | undefined;
  /** Client of GET /api/version (default the app's `api`). */
  client?: ApiClient;
  /** Where and how /build-meta.json is read (default this page's origin and fetch). */
  buildMeta?: BuildVersionPanelProps;
  /** Clock of the cache-busting ts queries (default Date.now). */
  now?: () => number;
};

/**
 * About and diagnostics (/about, SPEC.md section 2): onboarding reset, notification testing, backend
 * version, build version, service-worker info, push subscriptions and test push, in that order.
 */
export function AboutScreen({
  welcome = null,
  pushSubscriptions = null,
  serviceWorker,
  client,
  buildMeta,
  now = Date.now,
}: AboutScreenProps) {
  const T = ABOUT_TEXT;
  const sections: ScreenSection[] = [
    ...(welcome === null || welcome === undefined
      ? []
      : [{ id: 'welcome', title: T.welcome, content: welcome }]),
    {
      id: 'notification-test',
      title: T.notificationTest,
      content: <NotificationTest serviceWorker={serviceWorker} />,
    },
    { id: 'backend', title: T.backendVersion, content: <BackendVersionPanel client={client} now={now} /> },
    { id: 'build', title: T.buildVersion, content: <BuildVersionPanel now={now} {...buildMeta} /> },
    {
      id: 'service-worker',
      title: T.serviceWorker,
      content: <ServiceWorkerPanel serviceWorker={serviceWorker} />,
    },
    { id: 'push', title: T.push, content: pushSubscriptions },
  ];
  return <SectionedScreen title={T.title} sections={sections} />;
}

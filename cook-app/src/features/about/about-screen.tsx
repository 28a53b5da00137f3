import type { ReactNode } from 'react';
import { SectionedScreen, type ScreenSection } from '../../lib/sectioned-screen';
import { ABOUT_TEXT } from './messages';

export type AboutScreenProps = {
  /** The push subscriptions and test push: another feature's, so app/ hands it in. */
  pushSubscriptions?: ReactNode;
};

/**
 * About and diagnostics (/about, SPEC.md section 2). Its sections in order; the others of SPEC.md
 * (onboarding reset, backend version, service-worker info) are added to this list.
 */
export function AboutScreen({ pushSubscriptions = null }: AboutScreenProps) {
  const sections: ScreenSection[] = [{ id: 'push', title: ABOUT_TEXT.push, content: pushSubscriptions }];
  return <SectionedScreen title={ABOUT_TEXT.title} sections={sections} />;
}

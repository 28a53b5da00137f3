import { LegalPage, type LegalPageClock } from './legal-page';
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_TITLE } from './messages';

/**
 * Privacy Policy (/privacy, SPEC.md section 2): what PitClock stores and where, the contact address
 * from configuration, today as 'Last updated', and Back.
 */
export function PrivacyScreen(clock: LegalPageClock) {
  return <LegalPage title={PRIVACY_TITLE} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} {...clock} />;
}

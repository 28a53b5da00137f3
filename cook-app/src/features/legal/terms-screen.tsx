import { LegalPage, type LegalPageClock } from './legal-page';
import { TERMS_INTRO, TERMS_SECTIONS, TERMS_TITLE } from './messages';

/**
 * Terms of Service (/terms, SPEC.md sections 1 and 2): the twelve sections, the contact address from
 * configuration, today as 'Last updated', and Back.
 */
export function TermsScreen(clock: LegalPageClock) {
  return <LegalPage title={TERMS_TITLE} intro={TERMS_INTRO} sections={TERMS_SECTIONS} numbered {...clock} />;
}

// Privacy Policy (/privacy) and Terms of Service (/terms).
export { PrivacyScreen } from './privacy-screen';
export { TermsScreen } from './terms-screen';
export type { LegalPageClock } from './legal-page';

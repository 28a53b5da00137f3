import { AboutScreen } from '../features/about';
import { ShowWelcomeAgain } from '../features/onboarding';
import { PushSubscriptionsPanel } from '../features/push';

/** /about: the About screen with the sections other features give it. */
export function AboutRoute() {
  return <AboutScreen welcome={<ShowWelcomeAgain />} pushSubscriptions={<PushSubscriptionsPanel />} />;
}

import { AboutScreen } from '../features/about';
import { PushSubscriptionsPanel } from '../features/push';

/** /about: the About screen with the sections other features give it. */
export function AboutRoute() {
  return <AboutScreen pushSubscriptions={<PushSubscriptionsPanel />} />;
}

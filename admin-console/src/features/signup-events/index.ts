// Admin signup events screen (/admin/signup-events).
export { SignupEventsScreen } from './signup-events-screen';

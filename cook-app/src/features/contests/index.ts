// Cook-offs screen (/contests). The timeline (cook-off-timeline.tsx) is loaded lazily by the screen.
export { ContestsScreen, type ContestsScreenProps } from './contests-screen';

// Cook-offs screen (/contests). The selected cook-off's plan (cook-off-plan.tsx) is loaded lazily.
export { ContestsScreen, type ContestsScreenProps } from './contests-screen';
export type { ContestWeatherProps, ContestWeatherSlots } from './selected-contest-card';

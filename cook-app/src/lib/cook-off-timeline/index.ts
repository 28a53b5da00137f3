// The cook-off's day on a time axis, shared by the Cook-offs screen and the run screen.
export { CookOffTimeline, type CookOffTimelineProps } from './cook-off-timeline';
export {
  cookOffPlan,
  timelineLanes,
  TURN_IN_WINDOW_MINUTES,
  type TimelineStep,
  type TimelineTurnIn,
} from './timeline-model';

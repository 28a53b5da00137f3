// Texts of the Cook-offs screen: SPEC.md's where it has them (the delete question without runs, the
// weather texts, the empty state), ours otherwise.
export const CONTESTS_TEXT = {
  /** SPEC.md section 8 'Delete asks ...': a cook-off without runs. */
  deleteQuestion: (name: string) =>
    `Delete "${name}"? This removes it from this device; deletion may be blocked by the server if it is in use.`,
  /** Ours: a cook-off with runs is deleted with them (and their steps and notes). */
  deleteWithRunsQuestion: (name: string, runs: number) =>
    runs === 1
      ? `Delete "${name}"? Its run, with its steps and notes, is deleted too.`
      : `Delete "${name}"? Its ${runs} runs, with their steps and notes, are deleted too.`,
  /** The row action of a cook-off: Start, or Resume when its run is active. */
  start: 'Start',
  resume: 'Resume',
  noLocation: 'Weather Unavailable — Please set a contest location...',
  loadingWeather: 'Loading Weather...',
  /** Ours: the add or edit form, opened for the first time, is still loading. */
  loadingForm: 'Loading the form',
  emptyTitle: 'No Upcoming Cook-offs',
} as const;

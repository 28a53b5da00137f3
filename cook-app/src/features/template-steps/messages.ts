// Texts of the Template steps screen. SPEC.md's own texts come from the store and the domain
// (FAILURE_MESSAGES, STORE_MESSAGES, VALIDATION_MESSAGES); these are ours where SPEC.md is silent,
// except emptyTitle and noDescription (SPEC.md section 2).
export const TEMPLATE_STEPS_TEXT = {
  back: 'Back to Templates',
  stepsHeading: 'Steps',
  stepsOrder: 'In the order they happen on the day.',
  emptyTitle: 'No steps yet.',
  emptyHint: 'Add the first step with the form below: what to do, and how many minutes before turn-in.',
  emptyAction: 'Add the first step',
  noDescription: 'No description.',
  noCategory: 'No category',
  noTurnIn: 'No turn-in time: set one on the template to see the clock time of each step.',
  notFoundHint: 'This template is not on this device. It may have been deleted.',
  addHeading: 'Add a step',
  loading: 'Loading steps',
  minutesHint: 'Empty means 0; negative for a step after turn-in.',
  ownTurnInLabel: 'Own turn-in time (optional)',
  ownTurnInHint: "Leave empty to count from the template's turn-in.",
  ownTurnInBadge: (time: string) => `Own turn-in ${time}`,
  removeTitle: 'Remove step',
  removeQuestion: (step: string, template: string) => `Remove "${step}" from ${template}?`,
} as const;

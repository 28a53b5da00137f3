// Texts of the first-run welcome (SPEC.md section 1: 'The welcome page states three stages: build
// steps, manage your cooks, review and adjust'; section 2 "About": onboarding reset).
export const ONBOARDING_TEXT = {
  title: 'Welcome to PitClock',
  description: 'Your cook-off day in three stages:',
  stagesLabel: 'The three stages',
  stages: [
    {
      title: 'Build steps',
      text: 'On Templates, turn your cook into timed steps for each meat category: injections, wraps, sauces, rests and turn-ins.',
    },
    {
      title: 'Manage your cooks',
      text: 'On Cook-offs, add your contest, attach your templates and start it on the day. PitClock alerts you when each step is due, even without WiFi.',
    },
    {
      title: 'Review and adjust',
      text: 'Change a turn-in time or the walk to the judges’ tent and the whole schedule follows. Snooze, complete or dismiss steps as the day goes.',
    },
  ],
  getStarted: 'Get started',
  close: 'Close the welcome',

  showAgain: 'Show the welcome again',
  showAgainText:
    'The welcome explains the three stages of PitClock. It appears once on this device; show it again here.',
} as const;

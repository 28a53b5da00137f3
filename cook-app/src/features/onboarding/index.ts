// First-run welcome over Cook-offs (shown once per device) and About's 'Show the welcome again'.
export { OnboardingWelcome, WELCOME_PARAM, type OnboardingWelcomeProps } from './onboarding-welcome';
export { ShowWelcomeAgain, type ShowWelcomeAgainProps } from './show-welcome-again';
export { ONBOARDING_KEY } from './onboarding-storage';

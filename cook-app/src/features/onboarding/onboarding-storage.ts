// Whether this device has seen the welcome (SPEC.md sections 3 and 9: an onboarding flag with the time
// it was seen, under a fixed local storage key). Storage that is blocked or full never breaks the page:
// the welcome then shows once per visit.

/** The fixed localStorage key; its value is the ISO time the welcome was dismissed. */
export const ONBOARDING_KEY = 'pitclock_onboarding_seen';

type OnboardingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function pageStorage(): OnboardingStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** When the welcome was seen (ISO), or null when it has not been (or storage cannot be read). */
export function onboardingSeenAt(storage: OnboardingStorage | null = pageStorage()): string | null {
  try {
    const value = storage?.getItem(ONBOARDING_KEY) ?? null;
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

/** Remembers that the welcome was seen at `nowMs`. */
export function markOnboardingSeen(nowMs: number, storage: OnboardingStorage | null = pageStorage()): void {
  try {
    storage?.setItem(ONBOARDING_KEY, new Date(nowMs).toISOString());
  } catch {
    // Full or blocked: the welcome may show again on the next visit.
  }
}

/** Forgets it: the welcome shows again on the next visit to Cook-offs. */
export function resetOnboarding(storage: OnboardingStorage | null = pageStorage()): void {
  try {
    storage?.removeItem(ONBOARDING_KEY);
  } catch {
    // Blocked storage: nothing was remembered either.
  }
}

// Texts of the promo-code screen. SPEC.md gives the buttons, the redeem failure format ('Error {status}:
// {server error or message or Redeem failed}') and 'No license returned from server.' (domain); the rest
// are ours.
export const PROMO_TEXT = {
  title: 'Promo Code',
  intro: 'Redeem a beta promo code to unlock starting cook-offs on this device.',
  codeLabel: 'Promo code',
  codeHint: 'Letters and digits; shown in capitals.',
  redeem: 'Redeem',
  back: 'Back',
  /** A redeem the server did not answer in time (the client's own text, as the login screen's). */
  timeout: 'The server did not answer in time. Check your connection and try again.',
  /** After a redeem: what it gave (the date in the locale's numeric form), then Continue to where the user was going. */
  activeUntil: (date: string) => `Licence active until ${date}`,
  /** After a redeem whose licence has no readable expiry. */
  active: 'Licence active',
  continue: 'Continue',
  /**
   * Before redeeming while this device's licence is active. The licensing service keeps the later of the
   * device's current expiry and today plus the new code's days (services/licensing upsertDevice:
   * greatest(...)); it does not add the days to the current expiry, and the code is used up either way.
   */
  anotherTitle: 'Redeem another code?',
  anotherQuestion: (date: string) =>
    `This device's licence is active until ${date}. Redeeming another code does not add its days to that date: the licence then runs for the new code's days counted from today, or stays until ${date} if that is later. The code is used up either way.`,
  anotherConfirm: 'Redeem',
  anotherCancel: 'Cancel',
} as const;

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
} as const;

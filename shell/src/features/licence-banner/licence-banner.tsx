/**
 * The licence banner under the header (SPEC.md section 2 and 4). The slot is in place; the licensing
 * issue fills it with the expiry states.
 */
export function LicenceBanner() {
  return null;
}

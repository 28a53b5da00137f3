// Device licence banner rules (SPEC.md sections 4 and 9), shared by the shell's banner and the cook-app.
// Pure: "now" is a parameter.

const DAY_MS = 86_400_000;

/** Grace period after expiry, and the warning period before it (7 days each); re-check every 60 s. */
export const LICENSE_GRACE_MS = 7 * DAY_MS;
export const LICENSE_WARN_MS = 7 * DAY_MS;
export const LICENSE_RECHECK_MS = 60_000;
export const LICENSE_LIMITED_TEXT = 'functionality may be limited';

export type LicenseBannerKind = 'none' | 'fine' | 'expiring' | 'expired-grace' | 'expired-beyond' | 'revoked';
/** The banner's text for a device whose licence an admin revoked (issue 23). */
export const LICENSE_REVOKED_TEXT = "This device's licence was revoked. Redeem a code to continue.";
export type LicenseBannerState = {
  tone: 'green' | 'amber' | 'red';
  kind: LicenseBannerKind;
  /** Whole days: left before expiry (rounded up) when fine/expiring; since expiry (rounded down) when expired; null for none. */
  days: number | null;
  /** Whole days of grace left (rounded up) when expired-grace, else null. */
  graceDaysLeft: number | null;
};

function expiredState(since: number): LicenseBannerState {
  const days = Math.floor(since / DAY_MS);
  if (since > LICENSE_GRACE_MS) return { tone: 'red', kind: 'expired-beyond', days, graceDaysLeft: null };
  const graceDaysLeft = Math.ceil((LICENSE_GRACE_MS - since) / DAY_MS);
  return { tone: 'red', kind: 'expired-grace', days, graceDaysLeft };
}

/**
 * The licence banner (SPEC.md section 4). Decisions: no licence and the server said it was revoked
 * (`revoked`) -> kind 'revoked', red; no stored expiry -> kind 'none', tone green (no text);
 * expired once now >= expiry; 'expired-grace' while now - expiry <= 7 days (red: the licence has run out),
 * 'expired-beyond' after that (red, "functionality may be limited"); 'expiring' when 0 < expiry - now <= 7
 * days (amber); otherwise 'fine' (green, no text).
 */
export function licenseBannerState(
  expiryMs: number | null,
  nowMs: number,
  { revoked = false }: { revoked?: boolean } = {},
): LicenseBannerState {
  if (expiryMs === null || !Number.isFinite(expiryMs)) {
    if (revoked) return { tone: 'red', kind: 'revoked', days: null, graceDaysLeft: null };
    return { tone: 'green', kind: 'none', days: null, graceDaysLeft: null };
  }
  const left = expiryMs - nowMs;
  if (left <= 0) return expiredState(-left);
  const days = Math.ceil(left / DAY_MS);
  if (left <= LICENSE_WARN_MS) return { tone: 'amber', kind: 'expiring', days, graceDaysLeft: null };
  return { tone: 'green', kind: 'fine', days, graceDaysLeft: null };
}

function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/**
 * A stored licence expiry (license_expiry) as epoch ms, or null: epoch milliseconds, epoch seconds
 * (numbers below 1e11, as JWT exp claims are), numeric strings of either, or ISO date-times.
 */
export function parseLicenseExpiry(value: unknown): number | null {
  const n = readNumber(value);
  if (n !== null) return n < 1e11 ? n * 1000 : n;
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

// The turn-in window of a category (issue 21): the span around the official turn-in time in which the
// judges' table accepts an entry, a rule of the cook-off's sanctioning body. Pure: the clock is a parameter.
//
// Known rule: KCBS accepts an entry five minutes either side of its official time (13:55-14:05 for a
// 14:00 turn-in; KCBS rules for sanctioned contests). The other seeded bodies (CBA, OBA, BCA, IBCA, FBA,
// MBN, PNWBA, LSBS) and unsanctioned contests take the KCBS rule as the documented default until their own
// is confirmed: most local associations follow KCBS's turn-in practice, and a window that is too wide
// would tell a team it is still in time when it is not, so the default is the narrow, best-known one.
// A body's entry in the table is where its own rule goes.
import { MINUTE_MS } from './time';

/** Minutes before and after the official turn-in time in which an entry is accepted. */
export type TurnInWindowRule = { minutesBefore: number; minutesAfter: number };

/** The short code of a sanctioning body (as seeded: 'Kansas City Barbecue Society (KCBS)' is 'KCBS'). */
export type SanctioningBodyCode =
  'KCBS' | 'CBA' | 'OBA' | 'BCA' | 'IBCA' | 'FBA' | 'MBN' | 'PNWBA' | 'LSBS' | 'UNSANCTIONED';

/** KCBS: five minutes either side of the official time. */
export const KCBS_TURN_IN_WINDOW: TurnInWindowRule = { minutesBefore: 5, minutesAfter: 5 };

/** The rule of a body the table does not know (or of no body): the KCBS one. */
export const DEFAULT_TURN_IN_WINDOW: TurnInWindowRule = KCBS_TURN_IN_WINDOW;

/** The turn-in window per sanctioning body. Only KCBS's is confirmed; the others are the default. */
export const TURN_IN_WINDOWS: Readonly<Record<SanctioningBodyCode, TurnInWindowRule>> = {
  KCBS: KCBS_TURN_IN_WINDOW,
  CBA: DEFAULT_TURN_IN_WINDOW,
  OBA: DEFAULT_TURN_IN_WINDOW,
  BCA: DEFAULT_TURN_IN_WINDOW,
  IBCA: DEFAULT_TURN_IN_WINDOW,
  FBA: DEFAULT_TURN_IN_WINDOW,
  MBN: DEFAULT_TURN_IN_WINDOW,
  PNWBA: DEFAULT_TURN_IN_WINDOW,
  LSBS: DEFAULT_TURN_IN_WINDOW,
  UNSANCTIONED: DEFAULT_TURN_IN_WINDOW,
};

const CODES = Object.keys(TURN_IN_WINDOWS) as SanctioningBodyCode[];

/**
 * The code of a sanctioning body from its stored name: the abbreviation in parentheses
 * ('Kansas City Barbecue Society (KCBS)'), or the name itself when it is a code ('kcbs', 'Unsanctioned');
 * null for a name the table does not know, or none.
 */
export function sanctioningBodyCode(name: string | null | undefined): SanctioningBodyCode | null {
  if (typeof name !== 'string') return null;
  const inParentheses = /\(([^()]+)\)\s*$/.exec(name)?.[1];
  const candidate = (inParentheses ?? name).trim().toUpperCase();
  return CODES.find((code) => code === candidate) ?? null;
}

/** The window rule of a body (by name or code); the default for an unknown body or none. */
export function turnInWindowRule(body: string | null | undefined): TurnInWindowRule {
  const code = sanctioningBodyCode(body);
  return code === null ? DEFAULT_TURN_IN_WINDOW : TURN_IN_WINDOWS[code];
}

/** The instants (epoch ms) an entry is accepted from and until, both included, around the turn-in. */
export type TurnInWindow = { turnInAt: number; opensAt: number; closesAt: number };

/** The window around a turn-in instant (epoch ms) under the body's rule (name or code; null: default). */
export function turnInWindow(turnInAt: number, body: string | null | undefined): TurnInWindow {
  const rule = turnInWindowRule(body);
  return {
    turnInAt,
    opensAt: turnInAt - rule.minutesBefore * MINUTE_MS,
    closesAt: turnInAt + rule.minutesAfter * MINUTE_MS,
  };
}

/** Before the window opens, while it is open (both ends included), or after it closed. */
export type TurnInWindowPhase = 'upcoming' | 'open' | 'closed';

export function turnInWindowPhase(window: TurnInWindow, nowMs: number): TurnInWindowPhase {
  if (nowMs < window.opensAt) return 'upcoming';
  if (nowMs <= window.closesAt) return 'open';
  return 'closed';
}

/**
 * Whether a turn-in row needs the team's eye: while the window is open, and after it closed when the entry
 * was not turned in. Before the window opens, and once turned in after it closed, it does not.
 */
export function isTurnInAlerting(window: TurnInWindow, nowMs: number, turnedIn: boolean): boolean {
  const phase = turnInWindowPhase(window, nowMs);
  return phase === 'open' || (phase === 'closed' && !turnedIn);
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEED_SANCTIONING_BODIES } from '../store/seed';
import { hhmmInZone, MINUTE_MS } from './time';
import {
  DEFAULT_TURN_IN_WINDOW,
  isTurnInAlerting,
  sanctioningBodyCode,
  TURN_IN_WINDOWS,
  turnInWindow,
  turnInWindowPhase,
  turnInWindowRule,
} from './turn-in-window';

const instant = fc.integer({
  min: Date.parse('2000-01-01T00:00:00Z'),
  max: Date.parse('2099-12-31T00:00:00Z'),
});
const bodyName = fc.oneof(
  fc.constantFrom(...SEED_SANCTIONING_BODIES.map((body) => body.name)),
  fc.constantFrom(...Object.keys(TURN_IN_WINDOWS)),
  fc.string(),
  fc.constant(null),
);

describe('turnInWindow', () => {
  it('opens 13:55 and closes 14:05 for a KCBS 14:00 turn-in', () => {
    const at = Date.parse('2026-06-06T14:00:00Z');
    const window = turnInWindow(at, 'Kansas City Barbecue Society (KCBS)');
    expect(hhmmInZone(window.opensAt, 'UTC')).toBe('13:55');
    expect(hhmmInZone(window.closesAt, 'UTC')).toBe('14:05');
    expect(window.turnInAt).toBe(at);
  });

  it('gives every seeded body, an unknown body and no body a rule (the KCBS one until their own is known)', () => {
    for (const body of SEED_SANCTIONING_BODIES) expect(sanctioningBodyCode(body.name)).not.toBeNull();
    expect(turnInWindowRule('Some County Fair')).toEqual(DEFAULT_TURN_IN_WINDOW);
    expect(turnInWindowRule(null)).toEqual(DEFAULT_TURN_IN_WINDOW);
    expect(DEFAULT_TURN_IN_WINDOW).toEqual({ minutesBefore: 5, minutesAfter: 5 });
  });

  it('reads a body by its seeded name, its code in any case, and not by a code inside another word', () => {
    expect(sanctioningBodyCode('Lone Star Barbecue Society (LSBS)')).toBe('LSBS');
    expect(sanctioningBodyCode(' kcbs ')).toBe('KCBS');
    expect(sanctioningBodyCode('Unsanctioned')).toBe('UNSANCTIONED');
    expect(sanctioningBodyCode('KCBSX')).toBeNull();
    expect(sanctioningBodyCode(undefined)).toBeNull();
  });

  it('always holds the turn-in, spans the rule exactly, and does not depend on anything but the body', () => {
    fc.assert(
      fc.property(instant, bodyName, (at, body) => {
        const window = turnInWindow(at, body);
        const rule = turnInWindowRule(body);
        expect(window.opensAt).toBeLessThanOrEqual(at);
        expect(window.closesAt).toBeGreaterThanOrEqual(at);
        expect(window.closesAt - window.opensAt).toBe((rule.minutesBefore + rule.minutesAfter) * MINUTE_MS);
        expect(at - window.opensAt).toBe(rule.minutesBefore * MINUTE_MS);
      }),
    );
  });

  it('moves with the turn-in: a turn-in d ms later has its window d ms later', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }),
        bodyName,
        (at, d, body) => {
          const a = turnInWindow(at, body);
          const b = turnInWindow(at + d, body);
          expect(b.opensAt - a.opensAt).toBe(d);
          expect(b.closesAt - a.closesAt).toBe(d);
        },
      ),
    );
  });
});

describe('turnInWindowPhase and isTurnInAlerting', () => {
  it('is upcoming before the window, open from its first to its last instant, closed after', () => {
    const window = turnInWindow(Date.parse('2026-06-06T14:00:00Z'), 'KCBS');
    expect(turnInWindowPhase(window, window.opensAt - 1)).toBe('upcoming');
    expect(turnInWindowPhase(window, window.opensAt)).toBe('open');
    expect(turnInWindowPhase(window, window.closesAt)).toBe('open');
    expect(turnInWindowPhase(window, window.closesAt + 1)).toBe('closed');
  });

  it('never goes back: as time passes the phase only moves upcoming -> open -> closed', () => {
    const order = { upcoming: 0, open: 1, closed: 2 };
    fc.assert(
      fc.property(instant, bodyName, instant, fc.nat(86_400_000), (at, body, now, later) => {
        const window = turnInWindow(at, body);
        expect(order[turnInWindowPhase(window, now + later)]).toBeGreaterThanOrEqual(
          order[turnInWindowPhase(window, now)],
        );
      }),
    );
  });

  it('alerts while open whatever was turned in, after it closed only when nothing was, and never before', () => {
    fc.assert(
      fc.property(instant, bodyName, instant, fc.boolean(), (at, body, now, turnedIn) => {
        const window = turnInWindow(at, body);
        const phase = turnInWindowPhase(window, now);
        const expected = phase === 'open' || (phase === 'closed' && !turnedIn);
        expect(isTurnInAlerting(window, now, turnedIn)).toBe(expected);
      }),
    );
  });
});

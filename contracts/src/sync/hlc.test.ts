import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_DRIFT_MS, createHlcClock, isHlc, parseHlc } from './hlc';

describe('hybrid logical clock', () => {
  it('every stamp is later than every stamp made or received before it, whatever the wall clock does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -10_000, max: 10_000 }).map((jump) => ({ jump })),
            fc.integer({ min: 0, max: 20_000 }).map((remote) => ({ remote })),
          ),
          { maxLength: 60 },
        ),
        (events) => {
          let wall = 1_000_000;
          const clock = createHlcClock('a', () => wall);
          const other = createHlcClock('b', () => wall);
          let latest = '';
          for (const event of events) {
            if ('jump' in event) wall += event.jump;
            else {
              const theirs = createHlcClock('b', () => 1_000_000 + event.remote, other.last()).tick();
              clock.receive(theirs);
              if (theirs > latest) latest = theirs;
            }
            const mine = clock.tick();
            expect(isHlc(mine)).toBe(true);
            expect(mine > latest).toBe(true);
            latest = mine;
          }
        },
      ),
    );
  });

  it('follows the wall clock and continues from a stored stamp after a reload', () => {
    const clock = createHlcClock('phone-1', () => 5_000);
    const first = clock.tick();
    expect(parseHlc(first)).toEqual({ wall: 5_000, counter: 0, node: 'phone-1' });
    const reloaded = createHlcClock('phone-1', () => 4_000, first);
    expect(reloaded.tick() > first).toBe(true);
  });

  it('a stamp from further ahead than a day does not move the clock', () => {
    const clock = createHlcClock('a', () => 0);
    clock.receive(createHlcClock('b', () => MAX_CLOCK_DRIFT_MS + 1).tick());
    expect(parseHlc(clock.tick()).wall).toBe(0);
  });
});

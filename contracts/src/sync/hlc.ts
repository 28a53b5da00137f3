// Hybrid logical clocks (Kulkarni et al., 2014): a timestamp that follows the wall clock where clocks
// agree, never goes backwards on one replica, and is always later than anything the replica has seen.
// Written as a fixed-width string, so that comparing two stamps is comparing two strings, and ending in
// the replica's id, so that two replicas never make the same stamp: every pair of stamps is ordered.

/** `<wall ms, 15 digits>:<counter, 5 base-36 digits>:<replica id>` */
export type Hlc = string;

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 5;
const MAX_COUNTER = 36 ** COUNTER_DIGITS - 1;
/** Further ahead than this (ms) a remote stamp is refused rather than dragging this replica's clock. */
export const MAX_CLOCK_DRIFT_MS = 24 * 60 * 60 * 1000;

const HLC_PATTERN = /^\d{15}:[0-9a-z]{5}:[A-Za-z0-9._-]{1,64}$/;

export type HlcParts = { wall: number; counter: number; node: string };

export const isHlc = (value: unknown): value is Hlc => typeof value === 'string' && HLC_PATTERN.test(value);

export function formatHlc({ wall, counter, node }: HlcParts): Hlc {
  return `${String(wall).padStart(WALL_DIGITS, '0')}:${counter.toString(36).padStart(COUNTER_DIGITS, '0')}:${node}`;
}

export function parseHlc(stamp: Hlc): HlcParts {
  const [wall = '0', counter = '0', ...node] = stamp.split(':');
  return { wall: Number(wall), counter: parseInt(counter, 36), node: node.join(':') };
}

/** -1, 0 or 1: the order of two stamps (the string order, by construction). */
export const compareHlc = (a: Hlc, b: Hlc): number => (a < b ? -1 : a > b ? 1 : 0);

export const maxHlc = (a: Hlc | null, b: Hlc | null): Hlc | null =>
  a === null ? b : b === null ? a : a >= b ? a : b;

export type HlcClock = {
  /** A new stamp, later than every stamp this clock has made or received. */
  tick(): Hlc;
  /** Takes in a stamp seen from another replica, so that the next tick is later than it. */
  receive(remote: Hlc): void;
  /** The last stamp made or received. */
  last(): Hlc;
};

/**
 * A replica's clock. `node` is the replica's id (letters, digits, dot, dash, underscore); `now` the wall
 * clock in epoch ms; `last` a stamp to continue from (a stored one, after a reload).
 */
export function createHlcClock(node: string, now: () => number, last?: Hlc | null): HlcClock {
  let state: HlcParts = last && isHlc(last) ? { ...parseHlc(last), node } : { wall: 0, counter: 0, node };

  const advance = (wall: number, counter: number) => {
    if (counter > MAX_COUNTER) {
      state = { wall: wall + 1, counter: 0, node };
    } else state = { wall, counter, node };
  };

  return {
    tick() {
      const wall = Math.max(Math.floor(now()), state.wall);
      advance(wall, wall === state.wall ? state.counter + 1 : 0);
      return formatHlc(state);
    },
    receive(remote) {
      if (!isHlc(remote)) return;
      const theirs = parseHlc(remote);
      if (theirs.wall > now() + MAX_CLOCK_DRIFT_MS) return;
      if (theirs.wall > state.wall) advance(theirs.wall, theirs.counter);
      else if (theirs.wall === state.wall && theirs.counter > state.counter)
        advance(state.wall, theirs.counter);
    },
    last: () => formatHlc(state),
  };
}

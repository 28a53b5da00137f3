import { describe, expect, it } from 'vitest';
import type { NumberedMutation } from './replica';
import { mutationsToApply } from './server-rules';

const m = (mid: number): NumberedMutation => ({
  mid,
  scope: 'u:1',
  store: 'templates',
  id: 't',
  hlc: '000000000000001:00000:a',
  set: {},
});

describe('which mutations of a push are applied', () => {
  it('skips what was applied before and applies the rest in order', () => {
    expect(mutationsToApply(2, [m(3), m(1), m(2), m(4)])).toEqual({ apply: [m(3), m(4)], lastMutationId: 4 });
  });
  it('applies nothing after a gap', () => {
    expect(mutationsToApply(1, [m(2), m(4), m(5)])).toEqual({ apply: [m(2)], lastMutationId: 2 });
  });
});

describe('a push batch', () => {
  it('holds at most max mutations and at most maxBytes of them, but always the oldest one', async () => {
    const { emptyReplica, pushRequest, recordLocal } = await import('./replica');
    const big = 'x'.repeat(1_000);
    const state = recordLocal(
      emptyReplica('c'),
      [1, 2, 3].map((n) => ({
        scope: 'u:1' as const,
        store: 'templates' as const,
        id: `t${n}`,
        hlc: '000000000000001:00000:c',
        set: { name: big },
      })),
    );
    expect(pushRequest(state, 2).mutations.map((m) => m.mid)).toEqual([1, 2]);
    expect(pushRequest(state, 500, 2_500).mutations.map((m) => m.mid)).toEqual([1, 2]);
    expect(pushRequest(state, 500, 10).mutations.map((m) => m.mid)).toEqual([1]);
  });
});

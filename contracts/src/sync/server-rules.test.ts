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

import { describe, expect, it } from 'vitest';
import { AdjustmentForm } from './adjustment';

const errorOf = (amount: string) => AdjustmentForm.safeParse({ amount }).error?.issues[0]?.message;

describe('AdjustmentForm: the server rule for an adjustment as typed', () => {
  it.each([
    ['5', 5],
    ['+5', 5],
    ['-3', -3],
    [' 12 ', 12],
    ['1000000', 1_000_000],
    ['-1000000', -1_000_000],
  ])('accepts the signed whole number %j as %d', (amount, parsed) => {
    expect(AdjustmentForm.parse({ amount })).toEqual({ amount: parsed });
  });

  it.each(['', '   ', '0', '-0', '1.5', 'ten', '5-', '--5', '1e3'])(
    'refuses %j with the text of SPEC.md section 5',
    (amount) => {
      expect(errorOf(amount)).toBe('Enter a whole number of credits, positive or negative (not 0)');
    },
  );

  it('refuses more than 1,000,000 either way', () => {
    expect(errorOf('1000001')).toBe('Amount must be at most 1000000 in size');
    expect(errorOf('-1000001')).toBe('Amount must be at most 1000000 in size');
  });
});

import { describe, expect, it } from 'vitest';
import { AdminAdjustRequest } from '@pitclock/contracts/schemas';
import { parseAdjustment } from './adjustment';

describe('parseAdjustment', () => {
  it.each([
    ['5', 5],
    ['+5', 5],
    ['-3', -3],
    [' 12 ', 12],
    ['1000000', 1_000_000],
    ['-1000000', -1_000_000],
  ])('accepts the signed whole number %j as %d, as the server schema does', (text, amount) => {
    expect(parseAdjustment(text)).toEqual({ ok: true, amount });
    expect(AdminAdjustRequest.safeParse({ user_id: 1, amount }).success).toBe(true);
  });

  it.each(['', '   ', '0', '-0', '1.5', 'ten', '5-', '--5', '1e3'])(
    'refuses %j with the text of SPEC.md section 5',
    (text) => {
      expect(parseAdjustment(text)).toEqual({
        ok: false,
        error: 'Enter a whole number of credits, positive or negative (not 0)',
      });
    },
  );

  it('refuses more than 1,000,000 either way', () => {
    expect(parseAdjustment('1000001')).toEqual({
      ok: false,
      error: 'Amount must be at most 1000000 in size',
    });
    expect(parseAdjustment('-1000001')).toEqual({
      ok: false,
      error: 'Amount must be at most 1000000 in size',
    });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PromoCodeAnswer, PromoPageAnswer, promoPage } from './promo-answers';

const read = (answer: unknown) => PromoCodeAnswer.safeParse(answer);
const base = { id: 3, code: 'BETA', used_count: 2 };

describe('PromoCodeAnswer', () => {
  it('reads the contract shape as it is, remaining uses derived', () => {
    const parsed = read({
      ...base,
      max_uses: 10,
      license_days: 30,
      expires_at: '2099-01-01T00:00:00.000Z',
      is_active: true,
      created_at: '2026-05-01T10:00:00.000Z',
    });
    expect(parsed.success && parsed.data).toEqual({
      id: 3,
      code: 'BETA',
      max_uses: 10,
      used_count: 2,
      remaining_uses: 8,
      license_days: 30,
      expires_at: '2099-01-01T00:00:00.000Z',
      is_active: true,
      created_at: '2026-05-01T10:00:00.000Z',
    });
  });

  it('reads the id from promo_code_id and the expiry from expires, expiry or expiresAt', () => {
    const at = '2099-02-03T04:05:06.000Z';
    for (const name of ['expires', 'expiry', 'expiresAt']) {
      const parsed = read({ promo_code_id: 9, code: 'X', used_count: 0, [name]: at });
      expect(parsed.success && [parsed.data.id, parsed.data.expires_at]).toEqual([9, at]);
    }
  });

  it('is disabled when an active flag is false or disabled is true, else active', () => {
    const active = (flags: object) => {
      const parsed = read({ ...base, ...flags });
      return parsed.success ? parsed.data.is_active : 'unreadable';
    };
    expect(active({})).toBe(true);
    expect(active({ is_active: false })).toBe(false);
    expect(active({ active: false })).toBe(false);
    expect(active({ enabled: false })).toBe(false);
    expect(active({ disabled: true })).toBe(false);
    expect(active({ disabled: false, enabled: true })).toBe(true);
  });

  it('reads max_uses that is empty, 0 or less as unlimited', () => {
    for (const max_uses of [null, undefined, 0, -1]) {
      const parsed = read({ ...base, max_uses });
      expect(parsed.success && [parsed.data.max_uses, parsed.data.remaining_uses]).toEqual([null, null]);
    }
  });

  it('refuses a code without an id, a code, or a count of uses', () => {
    expect(read({ code: 'X', used_count: 0 }).success).toBe(false);
    expect(read({ id: 1, code: '  ', used_count: 0 }).success).toBe(false);
    expect(read({ id: 1, code: 'X' }).success).toBe(false);
    expect(read({ id: 'x', code: 7 }).success).toBe(false);
    expect(read(null).success).toBe(false);
  });
});

describe('promoPage', () => {
  const page = (data: unknown) => ({
    data,
    total: 3,
    total_exact: true,
    next_cursor: 'WyJpZCIsMywzLCJhZnRlciJd',
    prev_cursor: null,
  });

  it('reads the rows of a page one by one, an unreadable code keeping its place, the rest of the page as it is', () => {
    const items = [base, { id: 'x' }, { ...base, id: 4, code: 'OPEN' }];
    const read = promoPage(PromoPageAnswer.parse(page(items)));
    expect(
      read.data.map((row) => (row.kind === 'code' ? row.code.code : `unreadable ${row.position}`)),
    ).toEqual(['BETA', 'unreadable 1', 'OPEN']);
    expect(read).toMatchObject({ total: 3, total_exact: true, next_cursor: 'WyJpZCIsMywzLCJhZnRlciJd' });
  });

  it('refuses an answer that is not a page', () => {
    for (const answer of [null, 7, 'codes', { codes: [] }, { data: 'x' }, [base], { data: [base] }]) {
      expect(PromoPageAnswer.safeParse(answer).success).toBe(false);
    }
  });

  it('keeps one row per item, whatever the items are', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), (items) => {
        const rows = promoPage(PromoPageAnswer.parse(page(items))).data;
        expect(rows).toHaveLength(items.length);
        rows.forEach((row, position) => {
          if (row.kind === 'unreadable') expect(row.position).toBe(position);
        });
      }),
    );
  });
});

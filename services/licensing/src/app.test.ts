import { describeServiceBasics } from '@pitclock/kit/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createPromoCodesRepository, migrations } from './data-access';

const ctx = describeServiceBasics({
  service: 'licensing',
  migrations,
  tables: ['promo_codes'],
  postPath: '/api/promo-codes/redeem',
  createApp: (deps) => createApp({ ...deps, config: { TRUST_PROXY: 'loopback' } }),
});

describe('licensing: promo_codes table and repository', () => {
  it('the promo_codes table has the columns and defaults of the first migration', async () => {
    const pool = ctx.database().pool;
    const columns = await pool.query(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_name = 'promo_codes' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['id', 'integer', 'NO'],
      ['code', 'text', 'NO'],
      ['max_uses', 'integer', 'YES'],
      ['used_count', 'integer', 'NO'],
      ['license_days', 'integer', 'YES'],
      ['expires_at', 'timestamp with time zone', 'YES'],
      ['is_active', 'boolean', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
    ]);
    await pool.query(`insert into promo_codes (code, max_uses) values ('BBQ-ONE', 1)`);
    const row = await createPromoCodesRepository(ctx.database().db).findByCode('BBQ-ONE');
    expect(row).toMatchObject({
      code: 'BBQ-ONE',
      maxUses: 1,
      usedCount: 0,
      licenseDays: null,
      expiresAt: null,
      isActive: true,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('the database refuses a duplicate code and a use beyond max_uses', async () => {
    const pool = ctx.database().pool;
    await pool.query(`insert into promo_codes (code, max_uses) values ('BBQ-TWO', 1)`);
    await expect(pool.query(`insert into promo_codes (code) values ('BBQ-TWO')`)).rejects.toThrow(
      /promo_codes_code_unique/,
    );
    await pool.query(`update promo_codes set used_count = 1 where code = 'BBQ-TWO'`);
    await expect(pool.query(`update promo_codes set used_count = 2 where code = 'BBQ-TWO'`)).rejects.toThrow(
      /promo_codes_used_count_in_range/,
    );
    const stored = await pool.query(`select used_count from promo_codes where code = 'BBQ-TWO'`);
    expect(stored.rows[0].used_count).toBe(1);
  });
});

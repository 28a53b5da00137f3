import { describeServiceBasics } from '@pitclock/kit/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createPromoCodesRepository, migrations, ownedTables } from './data-access';
import { testConfig } from './test-support/harness';

const ctx = describeServiceBasics({
  service: 'licensing',
  migrations,
  tables: [...ownedTables],
  postPath: '/api/promo-codes/redeem',
  // The token generations live under the service's REDIS_KEY_PREFIX, the keyPrefix of its Redis client.
  createApp: (deps) =>
    createApp({
      ...deps,
      config: testConfig({ REDIS_KEY_PREFIX: deps.redis.client.options.keyPrefix || 'pitclock:' }),
    }),
});

describe('licensing: tables and constraints of the migrations', () => {
  it('the promo_codes table has the columns and defaults of the migrations', async () => {
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
      ['created_by', 'integer', 'YES'],
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

  it('a second redemption of a code by the same user or the same device is impossible in the database', async () => {
    const pool = ctx.database().pool;
    const promo = await pool.query(`insert into promo_codes (code) values ('BBQ-UNIQ') returning id`);
    const device = await pool.query(
      `insert into devices (user_id, device_uid, license_expires_at) values (1, 'd-1', now()) returning id`,
    );
    const [promoId, deviceId] = [promo.rows[0].id, device.rows[0].id];
    const insert = (userId: number, uid: string) =>
      pool.query(
        `insert into redemptions (promo_code_id, user_id, device_uid, device_id, license_expires_at)
         values ($1, $2, $3, $4, now())`,
        [promoId, userId, uid, deviceId],
      );
    await insert(1, 'd-1');
    await expect(insert(1, 'd-2')).rejects.toThrow(/redemptions_code_user_unique/);
    await expect(insert(2, 'd-1')).rejects.toThrow(/redemptions_code_device_unique/);
  });

  it('the credit ledger is append-only: UPDATE, DELETE and TRUNCATE are refused; a balance cannot go below 0', async () => {
    const pool = ctx.database().pool;
    await pool.query(`insert into credit_ledger (user_id, delta, reason) values (9, 5, 'admin_grant')`);
    await expect(pool.query(`update credit_ledger set delta = 500 where user_id = 9`)).rejects.toThrow(
      /append-only/,
    );
    await expect(pool.query(`delete from credit_ledger where user_id = 9`)).rejects.toThrow(/append-only/);
    await expect(pool.query(`truncate credit_ledger cascade`)).rejects.toThrow(/append-only/);
    await expect(
      pool.query(`insert into credit_ledger (user_id, delta, reason) values (9, 0, 'admin_grant')`),
    ).rejects.toThrow(/credit_ledger_delta_not_zero/);
    await expect(pool.query(`insert into credit_balances (user_id, balance) values (9, -1)`)).rejects.toThrow(
      /credit_balances_balance_not_negative/,
    );
    const rows = await pool.query(`select delta from credit_ledger where user_id = 9`);
    expect(rows.rows).toEqual([{ delta: 5 }]);
  });
});

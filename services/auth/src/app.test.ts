import { describeServiceBasics } from '@pitclock/kit/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createUsersRepository, migrations } from './data-access';

const config = {
  JWT_SECRET: 'auth-test-secret-0123456789-0123456789',
  JWT_AUDIENCE: 'pitclock',
  TRUST_PROXY: 'loopback',
};

const ctx = describeServiceBasics({
  service: 'auth',
  migrations,
  tables: ['users'],
  postPath: '/api/login',
  createApp: (deps) => createApp({ ...deps, config }),
});

describe('auth: users table and repository', () => {
  it('the users table has the columns, defaults and unique email of the first migration', async () => {
    const pool = ctx.database().pool;
    const columns = await pool.query(
      `select column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_name = 'users' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['id', 'integer', 'NO'],
      ['email', 'text', 'NO'],
      ['name', 'text', 'NO'],
      ['password_hash', 'text', 'NO'],
      ['is_admin', 'boolean', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
    ]);
    const inserted = await pool.query(
      `insert into users (email, name, password_hash) values ('pit@example.com', 'Pit', 'x') returning is_admin, created_at`,
    );
    expect(inserted.rows[0].is_admin).toBe(false);
    expect(inserted.rows[0].created_at).toBeInstanceOf(Date);
    await expect(
      pool.query(`insert into users (email, name, password_hash) values ('pit@example.com', 'Other', 'y')`),
    ).rejects.toThrow(/users_email_unique/);
  });

  it('isAdmin reads the stored flag: true for an admin, false for others and for unknown ids', async () => {
    const pool = ctx.database().pool;
    const admin = await pool.query(
      `insert into users (email, name, password_hash, is_admin) values ('boss@example.com', 'Boss', 'x', true) returning id`,
    );
    const plain = await pool.query(
      `insert into users (email, name, password_hash) values ('cook@example.com', 'Cook', 'x') returning id`,
    );
    const repo = createUsersRepository(ctx.database().db);
    expect(await repo.isAdmin(admin.rows[0].id)).toBe(true);
    expect(await repo.isAdmin(plain.rows[0].id)).toBe(false);
    expect(await repo.isAdmin(999_999)).toBe(false);
    expect((await repo.findByEmail('cook@example.com'))?.name).toBe('Cook');
  });
});

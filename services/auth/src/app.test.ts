import { describeServiceBasics } from '@pitclock/kit/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createUsersRepository, migrations, ownedTables } from './data-access';
import { testConfig } from './test-support/harness';

const ctx = describeServiceBasics({
  service: 'auth',
  migrations,
  tables: [...ownedTables],
  postPath: '/api/login',
  createApp: (deps) => createApp({ ...deps, config: testConfig() }),
});

const columnsOf = async (table: string) =>
  (
    await ctx.database().pool.query(
      `select column_name, data_type, is_nullable from information_schema.columns
         where table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows.map((c) => [c.column_name, c.data_type, c.is_nullable]);

const indexesOf = async (table: string) =>
  (
    await ctx
      .database()
      .pool.query('select indexname, indexdef from pg_indexes where tablename = $1', [table])
  ).rows;

describe('auth: tables of the migrations', () => {
  it('users: the columns and defaults, and e-mail unique by its normalised key (users_email_key_unique)', async () => {
    const pool = ctx.database().pool;
    expect(await columnsOf('users')).toEqual([
      ['id', 'integer', 'NO'],
      ['email', 'text', 'NO'],
      ['name', 'text', 'NO'],
      ['password_hash', 'text', 'NO'],
      ['is_admin', 'boolean', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
      ['email_key', 'text', 'YES'],
    ]);
    const inserted = await pool.query(
      `insert into users (email, email_key, name, password_hash) values ('Pit@Example.com', 'pit@example.com', 'Pit', 'x') returning is_admin, created_at`,
    );
    expect(inserted.rows[0].is_admin).toBe(false);
    expect(inserted.rows[0].created_at).toBeInstanceOf(Date);
    await expect(
      pool.query(
        `insert into users (email, email_key, name, password_hash) values ('pit@EXAMPLE.com', 'pit@example.com', 'Other', 'y')`,
      ),
    ).rejects.toThrow(/users_email_key_unique/);
  });

  it('refresh_tokens: hashed token (unique), family, user (cascade), device and the timestamps', async () => {
    expect(await columnsOf('refresh_tokens')).toEqual([
      ['id', 'integer', 'NO'],
      ['token_hash', 'text', 'NO'],
      ['family_id', 'uuid', 'NO'],
      ['user_id', 'integer', 'NO'],
      ['device_id', 'text', 'NO'],
      ['issued_at', 'timestamp with time zone', 'NO'],
      ['used_at', 'timestamp with time zone', 'YES'],
      ['revoked_at', 'timestamp with time zone', 'YES'],
      ['family_expires_at', 'timestamp with time zone', 'NO'],
    ]);
    const names = (await indexesOf('refresh_tokens')).map((i) => i.indexname).sort();
    expect(names).toEqual([
      'refresh_tokens_family_id_idx',
      'refresh_tokens_pkey',
      'refresh_tokens_token_hash_unique',
      'refresh_tokens_user_id_idx',
    ]);
    const fk = await ctx
      .database()
      .pool.query(
        `select confdeltype from pg_constraint where conname = 'refresh_tokens_user_id_users_id_fk'`,
      );
    expect(fk.rows[0].confdeltype).toBe('c');
  });

  it('signup_events: the columns, an index per filter, and outcome limited to success or error', async () => {
    expect(await columnsOf('signup_events')).toEqual([
      ['id', 'integer', 'NO'],
      ['email', 'text', 'NO'],
      ['ip', 'text', 'NO'],
      ['outcome', 'text', 'NO'],
      ['platform', 'text', 'NO'],
      ['reason', 'text', 'YES'],
      ['created_at', 'timestamp with time zone', 'NO'],
    ]);
    const defs = (await indexesOf('signup_events')).map((i) => i.indexdef).join('\n');
    for (const column of ['created_at', 'lower(email)', 'ip', 'outcome', 'lower(platform)']) {
      expect(defs).toContain(`btree (${column}`);
    }
    await expect(
      ctx
        .database()
        .pool.query(
          `insert into signup_events (email, ip, outcome, platform) values ('a@b.c', '1.2.3.4', 'maybe', 'iOS')`,
        ),
    ).rejects.toThrow(/signup_events_outcome_check/);
  });

  it.each([
    ['users', ['id', 'lower(email)', 'lower(name)', 'created_at', 'is_admin'], ['email', 'name']],
    [
      'signup_events',
      ['created_at', 'lower(email)', 'lower(ip)', 'lower(platform)', 'outcome'],
      ['email', 'ip'],
    ],
    ['account_audit', ['created_at', 'action'], []],
  ])(
    '%s: a B-tree on (sort expression, id) for every sort of its pages and a trigram index per searched column',
    async (table, sorts, searched) => {
      const defs = (await indexesOf(table)).map((i) => i.indexdef as string);
      for (const sort of sorts) {
        const wanted = sort === 'id' ? 'btree (id)' : `btree (${sort}, id)`;
        expect(
          defs.some((def) => def.endsWith(wanted)),
          `${table}: ${wanted}`,
        ).toBe(true);
      }
      for (const column of searched) {
        expect(
          defs.some((def) => def.endsWith(`gin (${column} gin_trgm_ops)`)),
          `${table}: ${column}`,
        ).toBe(true);
      }
    },
  );

  it('account_audit: the columns, actions of accounts only, and append-only (UPDATE, DELETE and TRUNCATE refused)', async () => {
    const pool = ctx.database().pool;
    expect(await columnsOf('account_audit')).toEqual([
      ['id', 'integer', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
      ['actor_id', 'integer', 'YES'],
      ['action', 'text', 'NO'],
      ['target_id', 'text', 'NO'],
      ['subject_user_id', 'integer', 'YES'],
      ['before', 'jsonb', 'YES'],
      ['after', 'jsonb', 'YES'],
    ]);
    await expect(
      pool.query(
        `insert into account_audit (actor_id, action, target_id) values (1, 'promo_code.create', '1')`,
      ),
    ).rejects.toThrow(/account_audit_action_check/);
    const inserted = await pool.query(
      `insert into account_audit (actor_id, action, target_id, subject_user_id, before, after)
         values (1, 'user.toggle_admin', '2', 2, '{"is_admin":false}', '{"is_admin":true}') returning id`,
    );
    const id = inserted.rows[0].id as number;
    for (const statement of [
      `update account_audit set after = '{"is_admin":false}' where id = ${id}`,
      `delete from account_audit where id = ${id}`,
      'truncate account_audit',
    ]) {
      await expect(pool.query(statement), statement).rejects.toThrow(/account_audit is append-only/);
    }
    expect((await pool.query('select count(*)::int as n from account_audit')).rows[0].n).toBe(1);
  });

  it('the users repository: isAdmin reads the stored flag; findByEmail ignores case', async () => {
    const pool = ctx.database().pool;
    const admin = await pool.query(
      `insert into users (email, name, password_hash, is_admin) values ('boss@example.com', 'Boss', 'x', true) returning id`,
    );
    const repo = createUsersRepository(ctx.database().db);
    const plain = await repo.create({ email: 'Cook@example.com', name: 'Cook', passwordHash: 'x' });
    expect(plain).toMatchObject({ email: 'Cook@example.com', emailKey: 'cook@example.com' });
    expect(await repo.isAdmin(admin.rows[0].id)).toBe(true);
    expect(await repo.isAdmin((plain as { id: number }).id)).toBe(false);
    expect(await repo.isAdmin(999_999)).toBe(false);
    expect((await repo.findByEmail('COOK@example.com'))?.name).toBe('Cook');
  });
});

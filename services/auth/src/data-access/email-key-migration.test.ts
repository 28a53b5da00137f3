import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, type Database } from '@pitclock/kit';
import { createTestDatabase, type TestDatabase } from '@pitclock/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKey, foldCase } from '../domain/emails';
import { createUsersRepository, migrations } from './index';

const migrationSql = readFileSync(join(migrations.migrationsFolder, '0002_email_key.sql'), 'utf8');

describe('0002_email_key: its fold table is the one of emailKey()', () => {
  it('spells out foldCase() of every code point whose fold differs, and trims what String.prototype.trim trims', () => {
    const json = /'(\{[^']*\})'::jsonb/.exec(migrationSql)?.[1];
    expect(json).toBeDefined();
    const table = JSON.parse(json!) as Record<string, string>;
    const spaces = /btrim\("t"\."email", E'([^']*)'\)/.exec(migrationSql)?.[1];
    const trimmed = new Set(
      [...(spaces ?? '').matchAll(/\\u([0-9a-f]{4})/g)].map((m) => String.fromCodePoint(parseInt(m[1]!, 16))),
    );
    const wrong: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      // foldCase() leaves a code point without case alone; computing it only for the others keeps this quick.
      const caseless = char.toUpperCase() === char && char.toLowerCase() === char;
      if ((table[char] ?? char) !== (caseless ? char : foldCase(char)))
        wrong.push(`fold of U+${code.toString(16)}`);
      if (trimmed.has(char) !== (char.trim() === '')) wrong.push(`trim of U+${code.toString(16)}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** The migrations folder as it was before 0002: the first two entries of the journal. */
const foldersBefore0002 = () => {
  const folder = mkdtempSync(join(tmpdir(), 'auth-migrations-'));
  cpSync(migrations.migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === '0002_email_key');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  return folder;
};

describe('0002_email_key on rows stored before it (old form: unique by lower(email), no key)', () => {
  let testDb: TestDatabase;
  let database: Database;
  let oldFolder: string;
  const ids: Record<string, number> = {};

  // In id order; the comments say what the migration must do with each.
  const oldRows: [string, string, boolean][] = [
    ['plain', 'Pit@Example.com', false],
    ['sigma', 'ΟΔΥΣΣΕΥΣ@pitclock.test', false],
    ['finalSigmaOlder', 'aς@x.test', false], // keeps the key 'aσ@x.test' (older)
    ['capitalSigmaNewer', 'AΣ@X.test', false], // same key, newer: null
    ['strasseOlder', 'Strasse@x.de', false], // same key as the admin below: null
    ['strasseAdmin', 'STRAßE@x.de', true], // an admin keeps the key, even when newer
    ['dottedI', 'İnci@x.tr', false],
    ['decomposed', 'Jose\u0301@x.es', false],
    ['kelvin', '\u212a@x.io', false],
  ];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = createDatabase(testDb.url);
    oldFolder = foldersBefore0002();
    await migrate(database, { ...migrations, migrationsFolder: oldFolder });
    for (const [name, email, isAdmin] of oldRows) {
      const { rows } = await database.pool.query<{ id: number }>(
        'insert into users (email, name, password_hash, is_admin) values ($1, $2, $3, $4) returning id',
        [email, name, 'hash', isAdmin],
      );
      ids[name] = rows[0]!.id;
    }
    await migrate(database, migrations);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
    if (oldFolder) rmSync(oldFolder, { recursive: true, force: true });
  });

  const rowsNow = async () =>
    (
      await database.pool.query<{ id: number; email: string; email_key: string | null }>(
        'select id, email, email_key from users order by id',
      )
    ).rows;

  it('keys every row as emailKey() does and keeps the addresses as typed', async () => {
    const losers = new Set([ids.capitalSigmaNewer, ids.strasseOlder]);
    expect(await rowsNow()).toEqual(
      oldRows.map(([name, email]) => ({
        id: ids[name],
        email,
        email_key: losers.has(ids[name]!) ? null : emailKey(email),
      })),
    );
    expect(emailKey('ΟΔΥΣΣΕΥΣ@pitclock.test')).toBe('οδυσσευσ@pitclock.test');
  });

  it('leaves a colliding newer account without a key (it cannot sign in) and the admin or the oldest with it', async () => {
    const users = createUsersRepository(database.db);
    expect((await users.findByEmail('aσ@X.TEST'))?.id).toBe(ids.finalSigmaOlder);
    expect((await users.findByEmail('strasse@x.de'))?.id).toBe(ids.strasseAdmin);
    expect((await users.findByEmail('İNCI@X.TR'))?.id).toBe(ids.dottedI);
    expect((await users.findByEmail('JOSÉ@x.es'))?.id).toBe(ids.decomposed);
    expect((await users.findByEmail('K@x.io'))?.id).toBe(ids.kelvin);
    expect((await users.findByEmail('οδυσσευς@pitclock.test'))?.id).toBe(ids.sigma);
  });

  it('an admin gives a collided account another address, which keys it again', async () => {
    const users = createUsersRepository(database.db);
    const noAudit = () => undefined;
    expect(await users.update(ids.capitalSigmaNewer!, { email: 'AΣ@x.test' }, noAudit)).toBe('email_taken');
    const updated = await users.update(ids.capitalSigmaNewer!, { email: 'AΣ2@x.test' }, noAudit);
    expect(updated).toMatchObject({ email: 'AΣ2@x.test', emailKey: 'aσ2@x.test' });
    expect((await users.findByEmail('aς2@x.test'))?.id).toBe(ids.capitalSigmaNewer);
  });

  it('replaces the lower(email) index by a unique index on email_key', async () => {
    const { rows } = await database.pool.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'users' and indexdef like 'CREATE UNIQUE INDEX users_email%'",
    );
    expect(rows).toEqual([
      {
        indexname: 'users_email_key_unique',
        indexdef: 'CREATE UNIQUE INDEX users_email_key_unique ON public.users USING btree (email_key)',
      },
    ]);
  });
});

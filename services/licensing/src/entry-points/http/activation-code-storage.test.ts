import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ActivationCodeResponse, normalizeActivationCode } from '@pitclock/contracts/schemas';
import { createDatabase, migrate, type Database } from '@pitclock/kit';
import { createTestDatabase, type TestDatabase } from '@pitclock/kit/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../data-access';
import { bearer, tokenFor, useLicensingService, type Caller } from '../../test-support/harness';

// Activation codes are kept as a keyed hash, never in clear: the code is shown once, when it is minted.

const svc = useLicensingService();

let admin: Caller;
beforeAll(async () => {
  admin = await svc.admin();
});

const mint = async (userId: number) => {
  const res = await request(svc.app())
    .post('/api/licenses/codes')
    .set(admin.headers)
    .send({ user_id: userId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ActivationCodeResponse.parse(res.body);
};

const grant = (userId: number, amount: number) =>
  request(svc.app()).post(`/api/users/${userId}/credits`).set(admin.headers).send({ amount }).expect(200);

/** Rows of activation_codes whose text (every column) contains `text`, in any case. */
const rowsContaining = async (database: Pick<Database, 'pool'>, text: string) =>
  Number(
    (
      await database.pool.query<{ n: string }>(
        "select count(*) as n from activation_codes a where upper(a::text) like '%' || upper($1) || '%'",
        [text],
      )
    ).rows[0]!.n,
  );

describe('activation codes are stored as a hash', () => {
  it('after minting, no column of the database holds the code, with or without its dash', async () => {
    const cook = await svc.user();
    const minted = await mint(cook.id);
    const code = normalizeActivationCode(minted.code);
    expect(await svc.count('activation_codes', 'user_id = $1', [cook.id])).toBe(1);
    expect(await rowsContaining(svc.database(), code)).toBe(0);
    expect(await rowsContaining(svc.database(), minted.code)).toBe(0);
  });

  it('the code still activates (typed in lower case, with spaces), and only once', async () => {
    const cook = await svc.user();
    await grant(cook.id, 2);
    const minted = await mint(cook.id);
    const typed = ` ${minted.code.toLowerCase().replace('-', ' - ')} `;
    const res = await request(svc.app())
      .post('/api/license/activate')
      .set(cook.headers)
      .send({ code: typed, device_uid: 'hashed-code-phone' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: cook.id, balance: 1 });
    const again = await request(svc.app())
      .post('/api/license/activate')
      .set(cook.headers)
      .send({ code: minted.code, device_uid: 'hashed-code-tablet' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('activation_code_used');
  });
});

describe('a code stored in clear before the migration', () => {
  let legacy: TestDatabase;
  let database: Database;
  let folder: string;

  /** The migrations folder as it was before activation codes were hashed (0000 and 0001 only). */
  const foldersBeforeHashing = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'licensing-migrations-'));
    await cp(migrations.migrationsFolder, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => ['0000_init', '0001_licensing'].includes(entry.tag));
    await writeFile(journalPath, JSON.stringify(journal));
    return dir;
  };

  beforeAll(async () => {
    legacy = await createTestDatabase();
    database = createDatabase(legacy.url);
    folder = await foldersBeforeHashing();
  });

  afterAll(async () => {
    await database?.close();
    await legacy?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is hashed by the migration (no clear code left) and still activates afterwards', async () => {
    await migrate(database, { ...migrations, migrationsFolder: folder });
    const userId = 7_001;
    const clear = 'HJKM2345';
    await database.pool.query(
      "insert into activation_codes (code, user_id, created_by, expires_at) values ($1, $2, 1, now() + interval '1 hour')",
      [clear, userId],
    );
    await database.pool.query(
      "insert into credit_ledger (user_id, delta, reason, actor_id) values ($1, 1, 'admin_grant', 1)",
      [userId],
    );
    await database.pool.query('insert into credit_balances (user_id, balance) values ($1, 1)', [userId]);

    await migrate(database, migrations);
    expect(await rowsContaining(database, clear)).toBe(0);

    const res = await request(svc.makeApp({}, { database }))
      .post('/api/license/activate')
      .set(bearer(await tokenFor(userId)))
      .send({ code: 'hjkm-2345', device_uid: 'legacy-phone' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: userId, balance: 0 });
    const [used] = (await database.pool.query('select used_at from activation_codes')).rows;
    expect(used.used_at).toBeInstanceOf(Date);
  });
});

// The data of the admin benchmark (admin.ts): realistic-looking users, devices, credit ledgers, promo codes
// and signup events, made by PostgreSQL itself in a few set-based statements (generate_series), never row
// by row, into a database that the auth and licensing migrations have just created. Rows are inserted in
// order of their created_at, so ids grow with time as they do in production. random() is seeded per
// session: the same sizes give the same data on every run.
import type pg from 'pg';

/** How much of each kind to seed. */
export interface SeedSizes {
  users: number;
  devices: number;
  signupEvents: number;
  promoCodes: number;
  /** Users with a short credit ledger (1 to 8 entries). */
  ledgerUsers: number;
  /** Entries of the one user whose ledger is long enough to page deep into. */
  longLedgerEntries: number;
}

/** What was seeded: the admin (the first user), the user with the long ledger, and the time of each step. */
export interface Seeded {
  adminId: number;
  adminEmail: string;
  longLedgerUserId: number;
  counts: Record<string, number>;
  stepsMs: Record<string, number>;
  totalMs: number;
}

/** The items of a comma-separated list (names, models), each trimmed. */
const list = (text: string) => text.split(',').map((item) => item.trim());

export const BENCH_ADMIN_EMAIL = 'bench-admin@pitclock.test';

// A password hash no password matches: the seeded users never sign in (the bench signs the admin's token).
const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtc2VlZC1zYWx0$bm8tcGFzc3dvcmQtbWF0Y2hlcy10aGlzLWhhc2gtMDA';

export const FIRST_NAMES = list(`
  Maria, James, Sofia, Liam, Olivia, Noah, Emma, Mateo, Ava, Lucas, Mia, Ethan, Chloé, Hugo, Léa,
  Jonas, Zoë, Björn, Ingrid, Ahmed, Fatima, Yusuf, Aisha, Raj, Priya, Arjun, Mei, Wei, Hana, Kenji,
  Yuki, Carlos, Lucía, Diego, Valentina, Andrés, Grace, Samuel, Ruth, Daniel, Hannah, Isaac, Tobias,
  Freya, Oscar, Nora, Felix, Elena, Marco, Giulia, Pierre, Camille, Kwame, Amara, Tunde, Zainab,
  Dmitri, Anya, Sean, Siobhan
`);
export const LAST_NAMES = list(`
  Garcia, Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Rodriguez, Martinez, Hernandez,
  Lopez, Gonzalez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Martin, Lee, Thompson, White,
  Harris, Clark, Lewis, Robinson, Walker, Young, Allen, Müller, Schmidt, Schneider, Fischer, Dubois,
  Lefèvre, Rossi, Bianchi, Novak, Kowalski, Nowak, Ivanov, Petrov, Andersson, Johansson, Nielsen,
  Hansen, Okafor, Mensah, Diallo, Khan, Patel, Singh, Sharma, Chen, Wang, Zhang, Tanaka, Sato, Kim,
  Nguyen, O'Brien
`);
const DOMAINS = list(`
  gmail.com, gmail.com, gmail.com, outlook.com, hotmail.com, yahoo.com, icloud.com, proton.me,
  gmx.de, web.de, orange.fr, libero.it, bbqteam.org, smokehouse.com, pitmasters.net
`);
const DEVICE_MODELS = list(`
  iPhone 15 Pro, iPhone 14, iPhone 13 mini, iPhone SE, Pixel 8, Pixel 7a, Galaxy S23,
  Galaxy S24 Ultra, Galaxy A54, Galaxy Tab S9, iPad Air, iPad mini, OnePlus 12, Moto G Power,
  Xiaomi 13T, Surface Go, Fire HD 10, Chromebook, Kitchen tablet, Smoker-side phone
`);
const PROMO_PREFIXES = list(`
  SUMMER, WINTER, SPRING, FALL, BRISKET, PITMASTER, SMOKE, RIBS, COMP, WELCOME, BBQ, LOWSLOW, KCBS,
  JUDGE, TEAM, FESTIVAL
`);
const SIGNUP_REASONS = ['email_taken', 'validation_failed', 'rate_limited', 'unavailable'];
/** Platforms of signup events, each as often as it is listed (iOS and Android most). */
const PLATFORMS = [
  ...Array<string>(7).fill('iOS'),
  ...Array<string>(6).fill('Android'),
  ...Array<string>(3).fill('Windows'),
  ...Array<string>(2).fill('macOS'),
  'ChromeOS',
  'Linux',
  'Other',
  'Unknown',
];

/** A random element of the text[] parameter $n, drawn again for every row. */
const pick = (param: string) =>
  `(${param}::text[])[1 + floor(random() * cardinality(${param}::text[]))::int]`;
/** An e-mail address from a first name, a last name, a number and a domain, in one of four usual forms. */
const emailOf = (first: string, last: string, n: string, domain: string) => `
  (CASE ${n} % 4
     WHEN 0 THEN ${ascii(first)} || '.' || ${ascii(last)} || ${n}
     WHEN 1 THEN ${ascii(first)} || ${n}
     WHEN 2 THEN left(${ascii(first)}, 1) || ${ascii(last)} || ${n}
     ELSE ${ascii(last)} || '_' || ${ascii(first)} || ${n}
   END) || '@' || ${domain}`;
/** A name as the local part of an address: lower case, accents and apostrophes dropped. */
const ascii = (name: string) =>
  `translate(lower(${name}), 'áàâäãåçéèêëíìîïñóòôöõøúùûüýÿ''', 'aaaaaaceeeeiiiinoooooouuuuyy')`;

/** Runs `load` with the table's indexes that back no constraint dropped, then builds them again (faster than keeping them up to date row by row). */
async function withIndexesRebuilt(client: pg.Client, table: string, load: () => Promise<unknown>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes i
      WHERE schemaname = 'public' AND tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const { indexname } of rows) await client.query(`DROP INDEX "${indexname}"`);
  await load();
  for (const { indexdef } of rows) await client.query(indexdef);
}

async function seedUsers(client: pg.Client, sizes: SeedSizes): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (email, email_key, name, password_hash, is_admin, created_at)
     VALUES ($1, $1, 'Bench Admin', $2, true, now() - interval '1200 days') RETURNING id`,
    [BENCH_ADMIN_EMAIL, UNUSABLE_PASSWORD_HASH],
  );
  await withIndexesRebuilt(client, 'users', () =>
    client.query(
      `INSERT INTO users (email, email_key, name, password_hash, is_admin, created_at)
       SELECT email, email, first || ' ' || last, $4, g % 2000 = 0, created_at
         FROM (SELECT g, first, last, ${emailOf('first', 'last', 'g', 'domain')} AS email, created_at
                 FROM (SELECT g, ${pick('$1')} AS first, ${pick('$2')} AS last, ${pick('$3')} AS domain,
                              now() - random() * interval '1100 days' AS created_at
                         FROM generate_series(1, $5::int) AS g) AS drawn) AS made
        ORDER BY created_at`,
      [FIRST_NAMES, LAST_NAMES, DOMAINS, UNUSABLE_PASSWORD_HASH, sizes.users - 1],
    ),
  );
  return rows[0]!.id;
}

/** Devices of random users: two in three named (some after their owner), one in 25 revoked. */
async function seedDevices(client: pg.Client, sizes: SeedSizes) {
  await withIndexesRebuilt(client, 'devices', () =>
    client.query(
      `INSERT INTO devices (user_id, device_uid, device_name, license_expires_at, last_seen_at, revoked_at, created_at)
       SELECT d.user_id, md5('device-' || d.g)::uuid::text,
              CASE WHEN d.naming < 0.35 THEN NULL
                   WHEN d.naming < 0.55 THEN split_part(u.name, ' ', 1) || '''s ' || d.model
                   ELSE d.model END,
              now() + (random() * 730 - 365) * interval '1 day',
              d.last_seen,
              CASE WHEN random() < 0.04 THEN d.last_seen + random() * interval '30 days' END,
              d.last_seen - random() * interval '600 days' AS created_at
         FROM (SELECT g, 1 + floor(random() * $2::int)::int AS user_id, random() AS naming, ${pick('$1')} AS model,
                      now() - random() * interval '200 days' AS last_seen
                 FROM generate_series(1, $3::int) AS g) AS d
         JOIN users u ON u.id = d.user_id
        ORDER BY created_at`,
      [DEVICE_MODELS, sizes.users, sizes.devices],
    ),
  );
}

/**
 * Short ledgers of random users and one long one. Each ledger opens with a grant of 15 or more and its
 * adjustments take at most 2, so every balance (the sum of its ledger) stays positive.
 */
async function seedCredits(client: pg.Client, sizes: SeedSizes, adminId: number, longLedgerUserId: number) {
  await withIndexesRebuilt(client, 'credit_ledger', () =>
    client.query(
      `INSERT INTO credit_ledger (user_id, delta, reason, actor_id, created_at)
       SELECT user_id,
              CASE WHEN entry = 1 THEN 15 + floor(random() * 20)::int
                   WHEN is_grant THEN 1 + floor(random() * 20)::int
                   ELSE (ARRAY[-2, -1, 1, 2, 3])[1 + floor(random() * 5)::int] END,
              CASE WHEN entry = 1 OR is_grant THEN 'admin_grant' ELSE 'admin_adjust' END,
              $1::int, opened + entry * interval '1 hour' + random() * interval '50 minutes' AS created_at
         FROM (SELECT owner.user_id, entry, random() < 0.75 AS is_grant, owner.opened
                 FROM (SELECT 2 + floor(random() * ($2::int - 1))::int AS user_id, 1 + floor(random() * 8)::int AS entries,
                              now() - random() * interval '700 days' AS opened
                         FROM generate_series(1, $3::int)
                       UNION ALL
                       SELECT $4::int, $5::int, now() - interval '800 days') AS owner,
                      generate_series(1, owner.entries) AS entry) AS entries
        ORDER BY created_at`,
      [adminId, sizes.users, sizes.ledgerUsers, longLedgerUserId, sizes.longLedgerEntries],
    ),
  );
  await client.query(
    `INSERT INTO credit_balances (user_id, balance, updated_at)
     SELECT user_id, sum(delta), max(created_at) FROM credit_ledger GROUP BY user_id`,
  );
}

async function seedPromoCodes(client: pg.Client, sizes: SeedSizes, adminId: number) {
  await withIndexesRebuilt(client, 'promo_codes', () =>
    client.query(
      `INSERT INTO promo_codes (code, max_uses, used_count, license_days, expires_at, is_active, created_at, created_by)
       SELECT prefix || to_char(created_at, 'YY') || '-' || upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')),
              max_uses, least(floor(random() * 400)::int, coalesce(max_uses, 400)),
              (ARRAY[NULL, 30, 90, 180, 365])[1 + floor(random() * 5)::int],
              CASE WHEN random() < 0.5 THEN created_at + (30 + random() * 400) * interval '1 day' END,
              random() < 0.85, created_at, $2::int
         FROM (SELECT g, ${pick('$1')} AS prefix,
                      CASE WHEN random() < 0.4 THEN NULL ELSE 1 + floor(random() * 500)::int END AS max_uses,
                      now() - random() * interval '1000 days' AS created_at
                 FROM generate_series(1, $3::int) AS g) AS drawn
        ORDER BY created_at`,
      [PROMO_PREFIXES, adminId, sizes.promoCodes],
    ),
  );
}

/** Registrations over three years: one in eight refused, one address in sixteen IPv6. */
async function seedSignupEvents(client: pg.Client, sizes: SeedSizes) {
  await withIndexesRebuilt(client, 'signup_events', () =>
    client.query(
      `INSERT INTO signup_events (email, ip, outcome, platform, reason, created_at)
       SELECT ${emailOf('first', 'last', 'n', 'domain')},
              CASE WHEN random() < 0.0625
                   THEN '2001:db8:' || to_hex(floor(random() * 65536)::int) || '::' || to_hex(floor(random() * 65536)::int)
                   ELSE concat_ws('.', 1 + floor(random() * 223), floor(random() * 256), floor(random() * 256), 1 + floor(random() * 254)) END,
              CASE WHEN refused THEN 'error' ELSE 'success' END,
              ${pick('$4')},
              CASE WHEN refused THEN ${pick('$5')} END,
              created_at
         FROM (SELECT ${pick('$1')} AS first, ${pick('$2')} AS last, ${pick('$3')} AS domain,
                      floor(random() * 250000)::int AS n, random() < 0.125 AS refused,
                      now() - random() * interval '1100 days' AS created_at
                 FROM generate_series(1, $6::int)) AS drawn
        ORDER BY created_at`,
      [FIRST_NAMES, LAST_NAMES, DOMAINS, PLATFORMS, SIGNUP_REASONS, sizes.signupEvents],
    ),
  );
}

const timed = async (stepsMs: Record<string, number>, step: string, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  stepsMs[step] = Math.round(performance.now() - started);
};

/** Seeds every table of the admin lists into the migrated database of `client`, then VACUUM ANALYZE. */
export async function seedAdminData(client: pg.Client, sizes: SeedSizes): Promise<Seeded> {
  const started = performance.now();
  const stepsMs: Record<string, number> = {};
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET work_mem = '256MB'`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SELECT setseed(0.23)`);
  let adminId = 0;
  await timed(stepsMs, 'users', async () => (adminId = await seedUsers(client, sizes)));
  const longLedgerUserId = Math.max(2, Math.floor(sizes.users * 0.4242));
  await timed(stepsMs, 'devices', () => seedDevices(client, sizes));
  await timed(stepsMs, 'credit ledger', () => seedCredits(client, sizes, adminId, longLedgerUserId));
  await timed(stepsMs, 'promo codes', () => seedPromoCodes(client, sizes, adminId));
  await timed(stepsMs, 'signup events', () => seedSignupEvents(client, sizes));
  await timed(stepsMs, 'vacuum analyze', () => client.query('VACUUM ANALYZE'));
  const counts: Record<string, number> = {};
  for (const table of ['users', 'devices', 'credit_ledger', 'promo_codes', 'signup_events']) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]!.n;
  }
  return {
    adminId,
    adminEmail: BENCH_ADMIN_EMAIL,
    longLedgerUserId,
    counts,
    stepsMs,
    totalMs: Math.round(performance.now() - started),
  };
}

/** The audit tables of issue 23 (auth's and licensing's), by the service that writes each. */
export const AUDIT_TABLES = { auth: 'account_audit', licensing: 'licensing_audit' } as const;

/**
 * Grows an audit table to `rows` rows with older copies of the rows the services wrote for real (the
 * admin actions of the bench): the history a year of administration would leave. Answers the row count,
 * or undefined when the table does not exist (yet).
 */
export async function growAuditHistory(
  client: pg.Client,
  table: string,
  rows: number,
): Promise<number | undefined> {
  const { rows: found } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass($1) IS NOT NULL AS exists`,
    [`public.${table}`],
  );
  if (!found[0]?.exists) return undefined;
  const count = async () =>
    (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]!.n;
  const written = await count();
  if (written > 0 && written < rows) {
    await client.query(
      `INSERT INTO "${table}" (created_at, actor_id, action, target_id, subject_user_id, before, after)
       SELECT created_at, actor_id, action, target_id, subject_user_id, before, after
         FROM (SELECT a.created_at - copy * interval '3 hours' - random() * interval '3 hours' AS created_at,
                      a.actor_id, a.action, a.target_id, a.subject_user_id, a.before, a.after
                 FROM "${table}" a, generate_series(1, ceil($1::numeric / $2)::int) AS copy
                LIMIT $1::int) AS older
        ORDER BY created_at`,
      [rows - written, written],
    );
  }
  await client.query(`VACUUM ANALYZE "${table}"`);
  return count();
}

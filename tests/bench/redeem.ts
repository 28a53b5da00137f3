// Prints the licensing service's redeem figures:
//   - POST /api/promo-codes/redeem by 100 concurrent users, each on a distinct code, for BENCH_DURATION_S
//     (default 10 s): redeems per second, p50 and p99
//   - contention: 200 simultaneous redeems of one code with max_uses 10, repeated CONTENTION_ROUNDS
//     times; the over-redemption count (redemptions stored beyond max_uses) must print 0
// It starts what it measures on a database of its own and a Redis key prefix of its own, and removes both
// afterwards: the real auth service (src/main.ts, for the admin who creates the codes: licensing asks it
// GET /api/me) and the licensing service (src/main.ts), as `npm start` runs them. The users' access tokens
// are signed here with the JWT_SECRET both services were given, exactly as auth signs them (HS256, aud,
// sub): registering thousands of accounts would measure argon2, not redeem.
//   node --import tsx tests/bench/redeem.ts            (from the repository root)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { CreatePromoCodeRequest, LoginResponse, PromoCode } from '@pitclock/contracts/schemas';
import { provisionDataServers } from '../support/scripts-lib';
import {
  accessTokenSigner,
  createBenchData,
  percentile,
  root,
  stackOf,
  startService,
  stopDataServersUnlessShared,
  withClient,
} from './lib';

/** Auth and licensing on a database of their own: see startStack. */
interface RedeemStack {
  authUrl: string;
  url: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** One contention round: what the simultaneous redeems got and what was stored. */
interface ContentionRound {
  succeeded: number;
  refusedUsedUp: number;
  other: number;
  redemptionsStored: number;
  usedCount: number;
  overRedemptions: number;
}

const USERS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONTENTION = { concurrent: 200, maxUses: 10, rounds: Number(process.env.CONTENTION_ROUNDS ?? 5) };
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const JWT_SECRET = randomBytes(48).toString('base64url');
const JWT_AUDIENCE = 'pitclock';
const ADMIN = { email: 'bench-admin@pitclock.test', password: randomBytes(12).toString('base64url') };

const dataServers = await provisionDataServers();
const pgAdminUrl = process.env.PG_ADMIN_URL ?? dataServers.adminUrl;
const redisUrl = dataServers.redisUrl;

const stopChild = async (child: ChildProcess) => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
};

/** Auth and licensing on one fresh database (as in the stack) and one fresh Redis prefix. */
async function startStack(): Promise<RedeemStack> {
  const data = await createBenchData(pgAdminUrl, redisUrl);
  const common = {
    DATABASE_URL: data.databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: data.keyPrefix,
    JWT_SECRET,
    JWT_AUDIENCE,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await data.drop();
  };
  try {
    const auth = await startService(
      'auth',
      { ...common, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { logLevel },
    );
    children.push(auth.child);
    const licensing = await startService(
      'licensing',
      {
        ...common,
        AUTH_URL: auth.url,
        // Every request of the bench comes from a new user; the per-user limits would not bind, but say so.
        REDEEM_LIMIT_PER_USER_PER_MINUTE: '1000000',
      },
      { logLevel },
    );
    children.push(licensing.child);
    return { authUrl: auth.url, url: licensing.url, databaseUrl: data.databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An access token as the auth service signs it: HS256, aud, sub = user id, 1 hour. */
const accessToken = accessTokenSigner(JWT_SECRET, JWT_AUDIENCE);

const post = (url: string, token: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const round1 = (n: number) => Math.round(n * 10) / 10;

async function createCode(
  url: string,
  adminToken: string,
  code: string,
  maxUses: number | null,
): Promise<number> {
  const request: CreatePromoCodeRequest = { code, max_uses: maxUses };
  const res = await post(`${url}${API_PATHS.promoCodes}`, adminToken, request);
  if (res.status !== 201) throw new Error(`creating ${code} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as PromoCode).id;
}

/**
 * USERS workers, each bound to its own (unlimited) code, redeem back to back for `seconds`; every request
 * is a new user on a new device (a user may redeem a code once). Answers the latency of each redeem.
 */
async function distinctCodes(url: string, codes: string[], seconds: number, firstUserId: number) {
  let nextUser = firstUserId;
  const samples: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (code: string) => {
    while (performance.now() < until) {
      const userId = nextUser++;
      const token = await accessToken(userId);
      const started = performance.now();
      const res = await post(`${url}${API_PATHS.promoCodeRedeem}`, token, {
        code,
        device_id: `bench-device-${userId}`,
      });
      await res.arrayBuffer();
      samples.push(performance.now() - started);
      if (res.status !== 201) failed += 1;
    }
  };
  const began = performance.now();
  await Promise.all(codes.map(worker));
  const elapsedS = (performance.now() - began) / 1000;
  return { samples, failed, elapsedS, nextUser };
}

/** CONTENTION.concurrent distinct users redeem one code with max_uses CONTENTION.maxUses at once. */
async function contentionRound(
  url: string,
  adminToken: string,
  databaseUrl: string,
  round: number,
  firstUserId: number,
): Promise<ContentionRound> {
  const code = `BENCH-HOT-${round}`;
  const id = await createCode(url, adminToken, code, CONTENTION.maxUses);
  const statuses = await Promise.all(
    Array.from({ length: CONTENTION.concurrent }, async (_, i) => {
      const userId = firstUserId + i;
      const res = await post(`${url}${API_PATHS.promoCodeRedeem}`, await accessToken(userId), {
        code,
        device_id: `hot-${round}-${i}`,
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const stored = await withClient(databaseUrl, async (client) => {
    const redemptions = await client.query<{ n: number }>(
      'select count(*)::int as n from redemptions where promo_code_id = $1',
      [id],
    );
    const promo = await client.query<{ used_count: number }>(
      'select used_count from promo_codes where id = $1',
      [id],
    );
    return { redemptions: redemptions.rows[0]!.n, usedCount: promo.rows[0]!.used_count };
  });
  const succeeded = statuses.filter((s) => s === 201).length;
  const usedUp = statuses.filter((s) => s === 409).length;
  return {
    succeeded,
    refusedUsedUp: usedUp,
    other: CONTENTION.concurrent - succeeded - usedUp,
    redemptionsStored: stored.redemptions,
    usedCount: stored.usedCount,
    overRedemptions: Math.max(0, stored.redemptions - CONTENTION.maxUses, succeeded - CONTENTION.maxUses),
  };
}

let stack: RedeemStack | undefined;
try {
  stack = await startStack();
  const login = await fetch(`${stack.authUrl}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
  const { token: adminToken } = (await login.json()) as LoginResponse;

  const codes: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const code = `BENCH-${i}`;
    await createCode(stack.url, adminToken, code, null);
    codes.push(code);
  }
  // Warm-up (JIT, connection pools, the signing key), not reported.
  const warm = await distinctCodes(stack.url, codes, 2, 1_000_000);
  const run = await distinctCodes(stack.url, codes, DURATION_S, warm.nextUser);
  const distinct = {
    users: USERS,
    seconds: DURATION_S,
    redeems: run.samples.length,
    failed: run.failed,
    redeemsPerSecond: Math.round(run.samples.length / run.elapsedS),
    p50Ms: round1(percentile(run.samples, 50)),
    p99Ms: round1(percentile(run.samples, 99)),
  };

  const rounds: ContentionRound[] = [];
  let firstUser = 5_000_000;
  for (let round = 0; round < CONTENTION.rounds; round += 1) {
    rounds.push(await contentionRound(stack.url, adminToken, stack.databaseUrl, round, firstUser));
    firstUser += CONTENTION.concurrent;
  }
  const overRedemptions = rounds.reduce((sum, r) => sum + r.overRedemptions, 0);

  console.log(`licensing redeem: against ${stack.url} (service LOG_LEVEL ${logLevel})`);
  console.log(
    `  POST /api/promo-codes/redeem  ${USERS} concurrent users on distinct codes for ${DURATION_S} s: ${distinct.redeemsPerSecond} redeems/s, p50 ${distinct.p50Ms} ms, p99 ${distinct.p99Ms} ms, ${distinct.redeems} redeems${distinct.failed ? ` (${distinct.failed} not 201)` : ''}`,
  );
  console.log(
    `  contention: ${CONTENTION.concurrent} simultaneous redeems of one code with max_uses ${CONTENTION.maxUses}, ${CONTENTION.rounds} rounds: succeeded ${rounds.map((r) => r.succeeded).join('/')}, stored ${rounds.map((r) => r.redemptionsStored).join('/')}`,
  );
  console.log(`  over-redemption count: ${overRedemptions}`);
  const out = path.join(root, 'tests', 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'redeem.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        logLevel,
        distinct,
        contention: { ...CONTENTION, rounds, overRedemptions },
      },
      null,
      2,
    ),
  );
  if (overRedemptions !== 0) process.exitCode = 1;
} catch (error) {
  console.error(`redeem bench failed: ${stackOf(error)}`);
  process.exitCode = 1;
} finally {
  await stack?.stop();
  await stopDataServersUnlessShared(dataServers, { adminUrl: pgAdminUrl, redisUrl });
}

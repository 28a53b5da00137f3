import { createECDH } from 'node:crypto';
import { baseConfigSchema, portVar } from '@pitclock/kit';
import { z } from 'zod';
import { DEFAULT_PUSH_ORIGINS, parseOriginRule, type OriginRule } from './domain/allowed-origins';

const whole = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const base64UrlKey = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be URL-safe base64 without padding')
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `must be ${bytes} bytes`);

/** Comma-separated https origins, each exact or with one leading '*.' label wildcard. */
const originList = z
  .string()
  .default(DEFAULT_PUSH_ORIGINS.join(','))
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const rules: OriginRule[] = [];
    for (const entry of entries) {
      const rule = parseOriginRule(entry);
      if (typeof rule === 'string') ctx.addIssue({ code: 'custom', message: rule });
      else rules.push(rule);
    }
    if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'must list at least one origin' });
    return rules;
  });

const isContact = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** What both processes read to send pushes and sign dismiss tokens. */
const pushFields = {
  /** The VAPID key pair (URL-safe base64, as web-push generate-vapid-keys prints it); both or neither. */
  VAPID_PUBLIC_KEY: base64UrlKey(65).optional(),
  VAPID_PRIVATE_KEY: base64UrlKey(32).optional(),
  /** The contact push services may use: mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .refine(isContact, 'must be a mailto: address or an https: URL')
    .default('mailto:admin@pitclock.local'),
  /** Signs dismiss tokens; when unset a key is derived from JWT_SECRET. */
  PUSH_ACTION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUSH_ALLOWED_ORIGINS: originList,
  /** The whole push request, connection to answer. */
  PUSH_TIMEOUT_MS: whole(5_000, 100, 60_000),
};

type PushFields = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string };

const checkVapidPair = (config: PushFields, ctx: z.RefinementCtx) => {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey && !privateKey) return;
  if (!publicKey || !privateKey) {
    const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with the other VAPID key',
    });
    return;
  }
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'is not a P-256 private key' });
    return;
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PUBLIC_KEY'],
      message: 'is not the public key of VAPID_PRIVATE_KEY',
    });
  }
};

/** The API process. */
export const notifierConfigSchema = baseConfigSchema
  .extend({
    PORT: portVar(3003),
    ...pushFields,
    /** The sync service, asked for a team's members when a run shared with a team is scheduled. */
    SYNC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:3004'),
    /** Tries per step alert (the first send included) before the job is kept as failed. */
    PUSH_JOB_ATTEMPTS: whole(5, 1, 20),
    /**
     * Runs with alerts ahead (a step neither done nor dismissed whose alert window has not ended) one user
     * may have at once: each holds up to 2,500 delayed jobs in Redis (README: what a user can cost).
     */
    PUSH_MAX_SCHEDULED_RUNS_PER_USER: whole(20, 1, 1_000),
    /**
     * How often the API checks that the queue was planned on the Redis server running now (a restarted or
     * new Redis gets the stored schedules' jobs again).
     */
    QUEUE_PLAN_CHECK_MS: whole(30_000, 1_000, 3_600_000),
  })
  .superRefine(checkVapidPair);
export type NotifierConfig = z.infer<typeof notifierConfigSchema>;

/**
 * The worker process: no bearer tokens (JWT_SECRET only to derive the dismiss-token key), a probe port,
 * how many jobs run at once, and Bull's lock settings. With the defaults a SIGKILLed worker's jobs are
 * taken over within lockDuration + 2 × stalledInterval = 12 s: its locks expire after at most 8 s, and
 * another worker looks for stalled jobs every 2 s, but Bull's guard key (alive one interval) can make a
 * worker skip one check (measured by tests/bench/notifier.ts).
 */
export const workerConfigSchema = baseConfigSchema
  .omit({ PORT: true, JWT_SECRET: true, JWT_AUDIENCE: true })
  .extend({
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ...pushFields,
    WORKER_PORT: portVar(3013),
    /**
     * Jobs at once per process: a push mostly waits on the push service, and the jobs running together
     * share their database statements (group commit), so tens, not a handful.
     */
    WORKER_CONCURRENCY: whole(50, 1, 200),
    BULL_LOCK_DURATION_MS: whole(8_000, 1_000, 600_000),
    BULL_STALLED_INTERVAL_MS: whole(2_000, 500, 600_000),
    /** How often a job may stall (its worker died) before it fails; a stall is not counted as an attempt. */
    BULL_MAX_STALLED_COUNT: whole(2, 1, 100),
    /** The first retry's wait after a 429, a 5xx or no answer; doubled each time, at least Retry-After. */
    PUSH_RETRY_BASE_DELAY_MS: whole(2_000, 10, 60_000),
  })
  .superRefine((config, ctx) => {
    checkVapidPair(config, ctx);
    if (!config.JWT_SECRET && !config.PUSH_ACTION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'or PUSH_ACTION_SECRET is required' });
    }
    if (config.PUSH_TIMEOUT_MS >= config.BULL_LOCK_DURATION_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_TIMEOUT_MS'],
        message: 'must be below BULL_LOCK_DURATION_MS (a send must end before its job lock would lapse)',
      });
    }
  });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

type SecretConfig = { JWT_SECRET?: string; PUSH_ACTION_SECRET?: string };

/** The secret dismiss tokens are signed with (a key is derived from it with its own context). */
export const dismissSecretOf = (config: SecretConfig): string => {
  const secret = config.PUSH_ACTION_SECRET ?? config.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET or PUSH_ACTION_SECRET is required');
  return secret;
};

/** The configured VAPID key pair, when both variables are set. */
export const configuredVapidKeys = (config: PushFields) =>
  config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
    ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
    : undefined;

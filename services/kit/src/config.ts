import { z } from 'zod';

/** Thrown by loadConfig; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    super(`Invalid environment configuration:\n${issues.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** A TCP port from the environment (0 lets the system choose one). */
export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A comma-separated list of absolute URLs (http or https), e.g. "https://a.example,https://b.example". */
export const urlListVar = (fallback: readonly string[]) =>
  z
    .string()
    .default(fallback.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })));

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' });
const redisUrl = z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' });

/**
 * A request's headers and body must arrive within these (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS; serve
 * applies them): a client sending one byte every few seconds holds a connection (and, at the gateway, a
 * buffer) for 30 s at most, not Node's default of 5 minutes. API bodies are at most a few hundred kB. The
 * time a handler takes once the request is in is not bounded by these.
 */
export const defaultRequestTimeoutMs = 30_000;
export const defaultHeadersTimeoutMs = 10_000;

/** Variables every process reads (the gateway too). */
export const commonConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portVar(3000),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** Express "trust proxy" (the gateway forwards X-Forwarded-For): loopback, a number of hops, or a list. */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  /** A request's headers and body must arrive within this, else 408 and the connection closed (serve). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(defaultRequestTimeoutMs),
  /** A request's headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(defaultHeadersTimeoutMs),
});
export type CommonConfig = z.infer<typeof commonConfigSchema>;

/** Variables of a service with a database, Redis and bearer tokens (auth, licensing, notifier). */
export const baseConfigSchema = commonConfigSchema.extend({
  DATABASE_URL: postgresUrl,
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().min(1).default('pitclock:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_AUDIENCE: z.string().min(1).default('pitclock'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

const describeIssue = (issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string => {
  const name = issue.path.length > 0 ? issue.path.map(String).join('.') : '(environment)';
  const top = issue.path[0];
  const missing = typeof top === 'string' && env[top] === undefined;
  return `${name}: ${missing ? 'is required' : issue.message}`;
};

/**
 * Parses the environment with a zod object schema. An empty variable counts as unset (so its default
 * applies). Throws a ConfigError naming every bad variable; never prints values (they may be secrets).
 */
export const loadConfig = <S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> => {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success)
    throw new ConfigError(result.error.issues.map((issue) => describeIssue(issue, present)));
  return result.data;
};

/**
 * A process that cannot reach PostgreSQL or Redis at start says so in one sentence (runMain prints the
 * message of an UnreachableError alone, no stack) and exits 1. The sentence names the server by its URL
 * without the password or query, says what went wrong and what to do.
 */

/** A dependency the process needs at start cannot be used; its message is the whole story. */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
}

export type Dependency = 'PostgreSQL' | 'Redis';

/** The URL as it may be shown: scheme, user, host, port and path; never a password or a query. */
export const displayUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${parsed.username}@` : '';
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.protocol}//${user}${parsed.host}${path}`;
  } catch {
    return '(an invalid URL)';
  }
};

/** What was refused or broken, found on the error or on an error it wraps (cause, AggregateError). */
const findFailure = (err: unknown, depth = 0): { code?: string; message: string } | undefined => {
  if (typeof err !== 'object' || err === null || depth > 5) return undefined;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const own = {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : '',
  };
  if (own.code && own.code in reasons) return own;
  if (messageReasons.some(([pattern]) => pattern.test(own.message))) return own;
  const inner = [cause, ...(Array.isArray(errors) ? errors : [])];
  for (const candidate of inner) {
    const found = findFailure(candidate, depth + 1);
    if (found) return found;
  }
  return undefined;
};

const notReachable = 'is not reachable';
const startIt = 'Start it, or run npm start, which starts one.';

/** Socket errors and PostgreSQL's and Redis's refusals at connection time: what happened, what to do. */
const reasons: Record<string, { problem: string; hint: (variable: string) => string }> = {
  ECONNREFUSED: { problem: `${notReachable}: connection refused`, hint: () => startIt },
  ETIMEDOUT: { problem: `${notReachable}: no answer in time`, hint: () => startIt },
  EHOSTUNREACH: { problem: `${notReachable}: no route to its host`, hint: (v) => `Check ${v}.` },
  ENETUNREACH: { problem: `${notReachable}: no route to its network`, hint: (v) => `Check ${v}.` },
  ENOTFOUND: { problem: `${notReachable}: its host name is unknown`, hint: (v) => `Check ${v}.` },
  EAI_AGAIN: { problem: `${notReachable}: its host name could not be looked up`, hint: (v) => `Check ${v}.` },
  ECONNRESET: { problem: `${notReachable}: it closed the connection`, hint: (v) => `Check ${v}.` },
  // PostgreSQL SQLSTATEs: invalid_password, invalid_authorization_specification, invalid_catalog_name,
  // cannot_connect_now, too_many_connections.
  '28P01': { problem: 'refused the user name or password', hint: (v) => `Check ${v}.` },
  '28000': { problem: 'refused the connection for this user', hint: (v) => `Check ${v}.` },
  '3D000': {
    problem: 'has no such database',
    hint: () => 'Create it, or run npm start, which creates one.',
  },
  '57P03': { problem: 'is starting up or shutting down', hint: () => 'Try again in a moment.' },
  '53300': { problem: 'has too many connections', hint: () => 'Try again when some have closed.' },
};

/** node-postgres and ioredis failures that carry no code. */
const messageReasons: [RegExp, string][] = [
  [/^timeout exceeded when trying to connect$|connection timeout/i, 'ETIMEDOUT'],
  [/^Connection terminated\b/, 'ECONNRESET'],
  [/^(WRONGPASS|NOAUTH)\b/, '28P01'],
];

const urlVariable: Record<Dependency, string> = { PostgreSQL: 'DATABASE_URL', Redis: 'REDIS_URL' };

/**
 * The sentence for a failure to connect to a dependency at start, e.g. 'PostgreSQL at
 * postgres://pitclock@127.0.0.1:5432/pitclock is not reachable: connection refused. Start it, or run npm
 * start, which starts one.' Undefined when err is not a connection failure (a failed migration, a bug),
 * which keeps its stack.
 */
export const describeUnreachable = (
  dependency: Dependency,
  url: string,
  err: unknown,
): string | undefined => {
  const failure = findFailure(err);
  if (!failure) return undefined;
  const code =
    failure.code && failure.code in reasons
      ? failure.code
      : messageReasons.find(([pattern]) => pattern.test(failure.message))?.[1];
  const reason = code ? reasons[code] : undefined;
  if (!reason) return undefined;
  return `${dependency} at ${displayUrl(url)} ${reason.problem}. ${reason.hint(urlVariable[dependency])}`;
};

/** err as an UnreachableError when it is a connection failure, else err itself (to be rethrown). */
export const asUnreachable = (dependency: Dependency, url: string, err: unknown): unknown => {
  const sentence = describeUnreachable(dependency, url, err);
  return sentence ? new UnreachableError(sentence, { cause: err }) : err;
};

/**
 * Failures that say a dependency (PostgreSQL, Redis, another service) is down, restarting or unreachable,
 * not that the request or the code is wrong. A request that meets one is answered 503 service_unavailable
 * with a Retry-After (the error handler), never a 500: the client may simply try again, and the answer
 * carries no internals either way.
 */

/** Socket errors of a connection that could not be made or broke (pg, ioredis and fetch report these). */
const connectionErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting connections: admin_shutdown (a fast
 * or smart shutdown ended the session), crash_shutdown, cannot_connect_now (starting up, shutting down, in
 * recovery) and too_many_connections. Class 08 (connection exception) is matched as a whole.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Errors without a code: node-postgres when the server closed the connection ("Connection terminated
 * unexpectedly"), pg-pool's connect timeout, a client left broken by an earlier connection error; ioredis
 * when its connection is closed.
 */
const unavailableMessages = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /connection error and is not queryable/,
  /^Connection is closed\.?$/,
];

/** ioredis gave up on a command while it could not reach Redis. */
const unavailableNames = new Set(['MaxRetriesPerRequestError']);

const matches = (err: object): boolean => {
  const { code, name, message } = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (connectionErrnos.has(code) || unavailableSqlStates.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof name === 'string' && unavailableNames.has(name)) return true;
  return typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message));
};

/**
 * True when err, or an error it wraps (`cause`, as DrizzleQueryError wraps the pg error; `errors` of an
 * AggregateError, as a connect to several addresses fails), says a dependency is unavailable.
 */
export const isDependencyUnavailable = (err: unknown, depth = 0): boolean => {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  if (matches(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (isDependencyUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner, depth + 1));
};

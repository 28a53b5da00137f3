/**
 * Errors as they may be written to a log: never with the values a query was run with. Those reach an
 * error in several places: drizzle's DrizzleQueryError ("Failed query: ...\nparams: ..." in its message
 * and stack, and a `params` field), PostgreSQL's own error (`detail` "Key (email)=(...)" or "Failing row
 * contains (...)", `where` "unnamed portal parameter $1 = '...'", and data-exception messages such as
 * invalid input syntax for type integer: "..."). safeError keeps what helps to find the fault (the SQL
 * text with its $n placeholders, the SQLSTATE, the constraint, table and column names, the stack frames)
 * and drops the rest.
 */

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  cause?: unknown;
  errors?: unknown[];
  [field: string]: unknown;
};

/**
 * Fields never copied as they are: those that carry query parameters or row values (pg's, drizzle's and
 * other drivers' names for them), and those rebuilt safely below.
 */
const notCopied = new Set([
  'params',
  'parameters',
  'values',
  'query',
  'sql',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'internalPosition',
  'position',
  'message',
  'stack',
  'cause',
  'errors',
]);

const sqlStatePattern = /^[0-9A-Z]{5}$/;

/** A PostgreSQL server error (node-postgres DatabaseError): a SQLSTATE code and a severity. */
const isPgError = (err: Record<string, unknown>): boolean =>
  typeof err.code === 'string' && sqlStatePattern.test(err.code) && typeof err.severity === 'string';

/** An Error to clean; a SafeError (a plain object) is left as it is. */
export const isErrorLike = (value: unknown): value is Error => value instanceof Error;

/** Quoted parts of a PostgreSQL data-exception message are the offending value ('... integer: "abc"'). */
const quoted = /"[^"]*"/g;

const safeMessage = (err: Error & Record<string, unknown>): string => {
  const message = String(err.message);
  // drizzle: "Failed query: <sql>\nparams: <values>".
  const paramsAt = message.indexOf('\nparams:');
  if (paramsAt >= 0) return message.slice(0, paramsAt);
  if (isPgError(err) && String(err.code).startsWith('22')) return message.replace(quoted, '"[redacted]"');
  return message;
};

/** The stack's frames under a safe first line: V8 starts a stack with the (unsafe) message. */
const safeStack = (stack: unknown, header: string): string | undefined => {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
};

const typeOf = (err: Error): string => {
  const name = err.constructor?.name;
  return name && name !== 'Object' ? name : typeof err.name === 'string' ? err.name : 'Error';
};

/** The error, its cause and inner errors as plain objects with no query parameter or row value in them. */
export const safeError = (value: unknown, depth = 0): unknown => {
  if (!isErrorLike(value)) return value;
  const err = value as Error & Record<string, unknown>;
  const type = typeOf(err);
  const message = safeMessage(err);
  const safe: SafeError = { type, message };
  const stack = safeStack(err.stack, `${type}: ${message}`);
  if (stack) safe.stack = stack;
  for (const [field, fieldValue] of Object.entries(err)) {
    if (notCopied.has(field) || fieldValue === undefined) continue;
    // Small scalars only (code, status, constraint, table...): an object could hold anything.
    if (typeof fieldValue === 'object' || typeof fieldValue === 'function') continue;
    safe[field] = fieldValue;
  }
  if (depth < 5) {
    if (err.cause !== undefined) safe.cause = safeError(err.cause, depth + 1);
    const { errors } = err as { errors?: unknown };
    if (Array.isArray(errors)) safe.errors = errors.map((inner) => safeError(inner, depth + 1));
  }
  return safe;
};

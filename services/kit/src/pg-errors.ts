// Reading PostgreSQL errors the repositories turn into answers (a taken code, a refused balance), one copy
// for every service.
/** The PostgreSQL error under a driver or drizzle wrapper (DrizzleQueryError keeps it as `cause`). */
const pgErrorOf = (err: unknown): { code?: string; constraint?: string } | undefined => {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
};

/** True for a unique violation (23505), of the named constraint or index when given. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
};

/** The constraint of a unique violation, if err is one. */
export const uniqueViolationOf = (err: unknown): string | undefined => {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
};

/** True for a check violation (23514) of the named constraint (or raised under that name by a function). */
export const isCheckViolation = (err: unknown, constraint: string): boolean => {
  const pg = pgErrorOf(err);
  return pg?.code === '23514' && pg.constraint === constraint;
};

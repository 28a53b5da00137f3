import { HttpError, toIssues } from '@pitclock/kit';
import type { z } from 'zod';

/**
 * Parses a body or query with its contracts schema. A mismatch is a 400 'validation_failed' whose
 * message is the first rule's own text (e.g. 'Code is required', 'Enter an amount > 0'), with every
 * issue in details, so a client can show the server's text as it is. A request without a body is read as
 * an empty object, so that its missing fields are named.
 */
export const input = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) {
    const issues = toIssues(result.error);
    throw new HttpError(400, 'validation_failed', issues[0]?.message ?? 'Request is invalid', { issues });
  }
  return result.data;
};

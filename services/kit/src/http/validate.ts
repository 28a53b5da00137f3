import { z } from 'zod';
import { HttpError } from './errors';

export type ValidationIssue = { path: string; message: string; code: string };

export const toIssues = (error: z.ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));

/**
 * The 400 'validation_failed' of every service: every issue in details, and as the message the first
 * rule's own text (e.g. 'Code is required', 'Enter an amount > 0') so that a client can show the server's
 * text as it is; `message` replaces it where the rules have no sentence of their own (a path parameter:
 * 'User id is invalid').
 */
export const validationFailed = (error: z.ZodError, message?: string): HttpError => {
  const issues = toIssues(error);
  return new HttpError(400, 'validation_failed', message ?? issues[0]?.message ?? 'Request is invalid', {
    issues,
  });
};

/**
 * Parses a request's body, query or path parameter with its contracts schema; a mismatch throws
 * validationFailed, whose message is the first rule's own text. A path parameter, whose rules have no
 * sentence of their own, names itself instead: `what` 'User id' gives 'User id is invalid', or
 * `{ message }` gives that text. A request without a body (undefined) is read as an empty object, so that
 * its missing fields are named. The schema may be classic or zod/mini (the browser's schemas, which some
 * requests share): a mismatch is a classic ZodError either way.
 */
export const parse = <S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what?: string | { message: string },
): z.output<S> => {
  const result = z.safeParse(schema, value === undefined ? {} : value);
  if (!result.success) {
    throw validationFailed(result.error, typeof what === 'string' ? `${what} is invalid` : what?.message);
  }
  return result.data;
};

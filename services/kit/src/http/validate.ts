import type { z } from 'zod';
import { HttpError } from './errors';

export type ValidationIssue = { path: string; message: string; code: string };

export const toIssues = (error: z.ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));

/** Parses a value with a zod schema; a mismatch throws a 400 'validation_failed' with the issues as details. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown, what = 'Request'): z.infer<S> => {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, 'validation_failed', `${what} is invalid`, { issues: toIssues(result.error) });
  }
  return result.data;
};

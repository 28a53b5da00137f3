import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { HttpError } from './errors';

export type ValidationIssue = { path: string; message: string; code: string };

export const toIssues = (error: z.ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message, code: issue.code }));

/** Parses a value with a zod schema; a mismatch throws a 400 'validation_failed' with the issues as details. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown, what = 'Request'): z.infer<S> => {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, 'validation_failed', `${what} is invalid`, { issues: toIssues(result.error) });
  }
  return result.data;
};

type Parts<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> = { body?: B; query?: Q; params?: P };

/**
 * Middleware that parses req.body, req.query and req.params with the given schemas before the handler.
 * Parsed values are available as res.locals.body, res.locals.query and res.locals.params
 * (Express 5's req.query is a read-only getter).
 */
export const validate =
  <B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(parts: Parts<B, Q, P>): RequestHandler =>
  (req, res, next) => {
    if (parts.params) res.locals.params = parse(parts.params, req.params, 'Path');
    if (parts.query) res.locals.query = parse(parts.query, req.query, 'Query');
    if (parts.body) res.locals.body = parse(parts.body, req.body, 'Body');
    next();
  };

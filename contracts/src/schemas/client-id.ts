import * as z from 'zod/mini';

// Written with zod/mini, as every schema the browser evaluates on its first pages (see sync-answers.ts):
// the sync answers it reads carry client ids. The push and sync requests embed it as it is.

/** Client ids (runs, steps, contests): what the app makes (uuids), kept to a safe set of characters. */
export const ClientId = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(100),
    z.regex(/^[A-Za-z0-9._:-]+$/, 'must be letters, digits, dot, dash, underscore or colon'),
  );

// Kept free of zod so that the HTTP client does not pull the schema library into every bundle.

const TOKEN_ALIASES = ['token', 'access_token', 'accessToken', 'jwt'] as const;

/**
 * The token of a login or refresh answer: `token`, else `access_token`, `accessToken` or `jwt`
 * (SPEC.md section 7). Null when none is a non-empty string.
 */
export function readLoginToken(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of TOKEN_ALIASES) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

import {
  errorField,
  errorText,
  isApiError,
  type ApiClient,
  type HttpMethod,
  type Query,
} from '@pitclock/contracts';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

/** What an endpoint asks for: a path under the API base, with an optional method, body and query. */
export type AdminRequest = string | { url: string; method?: HttpMethod; body?: unknown; params?: Query };

/**
 * A failed call as the screens see it: the HTTP status (0 when the server could not be reached or did
 * not answer), the server's machine code when it gave one, the input a validation answer is about
 * (see errorField), and the text to show. Screens branch on code and field, never on the text.
 */
export type AdminError = { status: number; code?: string; field?: string; message: string };

/** The store's thunk extra argument: the one HTTP client (the app's `api`, a test's own client). */
export type AdminExtra = { client: ApiClient };

const FALLBACK_MESSAGE = 'Request failed';

export function toAdminError(failure: unknown): AdminError {
  if (!isApiError(failure)) return { status: 0, message: errorText(failure, FALLBACK_MESSAGE) };
  const field = errorField(failure);
  return {
    status: failure.status,
    ...(failure.code === undefined ? {} : { code: failure.code }),
    ...(field === undefined ? {} : { field }),
    message: errorText(failure, FALLBACK_MESSAGE),
  };
}

/**
 * RTK Query over the contracts' API client, so that the admin screens share its base path, bearer token,
 * refresh-and-retry and error texts with the rest of the app instead of a second fetch stack.
 */
export const adminBaseQuery: BaseQueryFn<AdminRequest, unknown, AdminError> = async (
  request,
  { extra, signal },
) => {
  const { client } = extra as AdminExtra;
  const { url, method = 'GET', body, params } = typeof request === 'string' ? { url: request } : request;
  try {
    const data = await client.request(url, { method, body, query: params, signal });
    return { data: data ?? null };
  } catch (failure) {
    return { error: toAdminError(failure) };
  }
};

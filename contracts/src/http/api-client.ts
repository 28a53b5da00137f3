import type { $ZodType } from 'zod/v4/core';
import { API_PATHS } from '../api/paths';
import { readLoginToken } from '../session/login-token';
import { session as defaultSession, type SessionStore } from '../session/session-store';
import { tokenExpiry } from '../session/token';
import { ApiError, NETWORK_ERROR_MESSAGE, serverErrorText } from './api-error';
import { apiUrl } from './api-url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A zod schema of an answer, classic or zod/mini: both are zod's core type and parse with their own
 * safeParse, so that the client itself imports no zod code (the browser's schemas are zod/mini).
 */
export type AnswerSchema<T> = $ZodType<T> & {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
};
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  /** Plain objects, arrays, numbers, booleans and null are sent as JSON; strings, FormData, Blob... as is. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Query;
  /** Parses the answer; a mismatch throws ApiError kind 'invalid-response'. */
  schema?: AnswerSchema<T>;
  /** Aborts after this many milliseconds with ApiError kind 'timeout'. Default: no timeout. */
  timeoutMs?: number;
  /** Caller's abort: the promise rejects with the signal's reason (an AbortError), not an ApiError. */
  signal?: AbortSignal;
  /** false: no bearer header and no refresh-and-retry (login, register, public calls). Default true. */
  auth?: boolean;
  headers?: Record<string, string>;
}

export type BodylessOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export interface ApiClient {
  request<T = unknown>(path: string, opts?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, opts?: BodylessOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, opts?: BodylessOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, opts?: BodylessOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, opts?: BodylessOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, opts?: BodylessOptions<T>): Promise<T>;
  /**
   * A GET whose 2xx answer's body the caller reads as it arrives (an event stream): the same bearer,
   * refresh and errors as request(); resolves with the Response once its headers are in.
   */
  open(path: string, opts?: Omit<RequestOptions<never>, 'method' | 'body' | 'schema'>): Promise<Response>;
}

export interface ApiClientDeps {
  session: SessionStore;
  fetch?: typeof fetch;
  /** Base URL or path; default getApiBase() read at each call. */
  base?: string;
  /** Called once the session is cleared after a failed or impossible refresh. Default: go to /#/login. */
  onSessionExpired?: () => void;
  /** Clock in milliseconds (default Date.now): a stored token whose readable expiry has passed is refreshed before sending. */
  now?: () => number;
}

/** Path of the refresh call (the base's /api is not doubled). */
export const REFRESH_PATH = API_PATHS.refresh;
/** The refresh call gives up after this long, so that waiting requests never hang. */
export const REFRESH_TIMEOUT_MS = 30_000;
export const LOGIN_ROUTE = '/#/login';

interface Received {
  response: Response;
  data: unknown;
  /** 2xx answer whose JSON could not be parsed. */
  badJson: boolean;
}

type Renewal = { ok: true } | { ok: false; error?: ApiError };

function isJsonBody(body: unknown): boolean {
  if (body === null || typeof body === 'number' || typeof body === 'boolean') return true;
  if (typeof body !== 'object') return false;
  const proto = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const qs = params.toString();
  if (qs === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function parseBody(response: Response, text: string): { data: unknown; badJson: boolean } {
  if (text === '') return { data: undefined, badJson: false };
  const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
  const looksJson = /^\s*[[{]/.test(text);
  if (!isJson && !looksJson) return { data: text, badJson: false };
  try {
    return { data: JSON.parse(text) as unknown, badJson: false };
  } catch {
    return { data: text, badJson: isJson };
  }
}

function httpError(response: Response, data: unknown): ApiError {
  const code =
    typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string'
      ? (data as { error: string }).error
      : undefined;
  return new ApiError({
    kind: 'http',
    status: response.status,
    message: serverErrorText(data) ?? `Request failed with status code ${response.status}`,
    ...(code === undefined ? {} : { code }),
    body: data,
  });
}

/**
 * A 401 asks for a refresh (SPEC.md section 8). SPEC.md also refreshes on any error whose text contains
 * 'token'; this client branches on the status and machine code only (issue 17): a text is for people.
 */
function isSessionError(err: ApiError): boolean {
  return err.kind === 'http' && err.status === 401;
}

function goToLogin(): void {
  if (typeof window !== 'undefined') window.location.assign(LOGIN_ROUTE);
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const { session } = deps;
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const onSessionExpired = deps.onSessionExpired ?? goToLogin;
  const now = deps.now ?? Date.now;
  const url = (path: string) => apiUrl(path, deps.base);
  let renewing: Promise<Renewal> | null = null;

  /** One fetch with timeout and abort handling; network failures become ApiError. */
  async function send(
    target: string,
    init: RequestInit,
    timeoutMs?: number,
    signal?: AbortSignal,
    streaming = false,
  ): Promise<Received> {
    signal?.throwIfAborted();
    const controller = timeoutMs !== undefined || signal ? new AbortController() : undefined;
    const onAbort = () => controller?.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      controller && timeoutMs !== undefined && timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    try {
      const response = await doFetch(target, controller ? { ...init, signal: controller.signal } : init);
      if (streaming && response.ok) return { response, data: undefined, badJson: false };
      const text = await response.text();
      return { response, ...parseBody(response, text) };
    } catch (cause) {
      if (timedOut) {
        throw new ApiError({
          kind: 'timeout',
          status: 0,
          message: `Request timed out after ${timeoutMs} ms`,
          cause,
        });
      }
      if (signal?.aborted) throw signal.reason ?? cause;
      throw new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE, cause });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function endSession(): void {
    session.clear();
    onSessionExpired();
  }

  /**
   * Single-flight refresh: concurrent callers share one POST {base}/auth/refresh.
   * No refresh token, or a refresh the server refuses (non-2xx, no token): the session is cleared and
   * onSessionExpired called. A refresh that cannot reach the server (network, timeout) leaves the session
   * as it is (an offline device is not signed out) and reports that error.
   */
  function renewSession(): Promise<Renewal> {
    renewing ??= (async (): Promise<Renewal> => {
      const refreshToken = session.getRefreshToken();
      if (refreshToken === null) {
        endSession();
        return { ok: false };
      }
      let received: Received;
      try {
        received = await send(
          url(REFRESH_PATH),
          {
            method: 'POST',
            credentials: 'include',
            headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
            body: JSON.stringify({ refresh_token: refreshToken }),
          },
          REFRESH_TIMEOUT_MS,
        );
      } catch (err) {
        if (err instanceof ApiError) return { ok: false, error: err };
        throw err;
      }
      const token = received.response.ok ? readLoginToken(received.data) : null;
      if (token === null) {
        endSession();
        return { ok: false };
      }
      const rotated = (received.data as { refresh_token?: unknown }).refresh_token;
      session.setTokens({
        token,
        refresh_token: typeof rotated === 'string' && rotated !== '' ? rotated : refreshToken,
      });
      return { ok: true };
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function attempt(path: string, opts: RequestOptions<unknown>, auth: boolean, streaming: boolean) {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (isJsonBody(opts.body)) {
        body = JSON.stringify(opts.body);
        if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
          headers['Content-Type'] = 'application/json';
        }
      } else {
        body = opts.body as BodyInit;
      }
    }
    const sentToken = auth ? session.getToken() : null;
    if (sentToken !== null) headers.Authorization = `Bearer ${sentToken}`;
    const init: RequestInit = { method: opts.method ?? 'GET', credentials: 'include', headers };
    if (body !== undefined) init.body = body;
    // An event stream stays open for the whole visit: low priority, so that it never competes with the
    // page's own files (nor makes a page-load measurement wait for it to end).
    if (streaming) init.priority = 'low';
    const received = await send(
      withQuery(url(path), opts.query),
      init,
      opts.timeoutMs,
      opts.signal,
      streaming,
    );
    return { received, sentToken };
  }

  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const { response, data } = await exchange(path, opts, false);
    if (!opts.schema) return data as T;
    const parsed = opts.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        kind: 'invalid-response',
        status: response.status,
        message: 'Invalid response from server',
        body: data,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** Sends with the session's bearer (renewed before when expired, and once after a 401); throws on a non-2xx. */
  async function exchange(
    path: string,
    opts: RequestOptions<unknown>,
    streaming: boolean,
  ): Promise<Received> {
    const auth = opts.auth !== false;

    if (auth) {
      const token = session.getToken();
      const exp = token === null ? null : tokenExpiry(token);
      if (typeof exp === 'number' && exp <= now() / 1000 && session.getRefreshToken() !== null) {
        const renewal = await renewSession();
        if (!renewal.ok && renewal.error === undefined) {
          throw new ApiError({
            kind: 'http',
            status: 401,
            code: 'session_expired',
            message: 'Session expired',
          });
        }
      }
    }

    const first = await attempt(path, opts, auth, streaming);
    let { received } = first;
    const { sentToken } = first;
    if (!received.response.ok && auth) {
      const error = httpError(received.response, received.data);
      if (isSessionError(error)) {
        const current = session.getToken();
        // Signed out meanwhile (another request already ended the session): nothing to renew.
        if (sentToken !== null && current === null) throw error;
        // Token unchanged since sending: renew. Already replaced (another refresh won): just retry.
        if (current === sentToken) {
          const renewal = await renewSession();
          if (!renewal.ok) throw renewal.error ?? error;
        }
        ({ received } = await attempt(path, opts, auth, streaming));
      }
    }

    const { response, data, badJson } = received;
    if (!response.ok) throw httpError(response, data);
    if (badJson) {
      throw new ApiError({
        kind: 'invalid-response',
        status: response.status,
        message: 'Invalid response from server',
        body: data,
      });
    }
    return received;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
    open: async (path, opts) => (await exchange(path, { ...opts, method: 'GET' }, true)).response,
  };
}

let defaultClient: ApiClient | undefined;
const defaultApi = (): ApiClient => (defaultClient ??= createApiClient({ session: defaultSession }));

/** The app's client: default session, base getApiBase(), sign-out goes to /#/login. Created on first use. */
export const api: ApiClient = {
  request: (path, opts) => defaultApi().request(path, opts),
  get: (path, opts) => defaultApi().get(path, opts),
  post: (path, body, opts) => defaultApi().post(path, body, opts),
  patch: (path, body, opts) => defaultApi().patch(path, body, opts),
  put: (path, body, opts) => defaultApi().put(path, body, opts),
  delete: (path, opts) => defaultApi().delete(path, opts),
  open: (path, opts) => defaultApi().open(path, opts),
};

import { createHash } from 'node:crypto';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { AdminUserResponse } from '@pitclock/contracts/schemas';
import type { AdminAnswer } from '@pitclock/kit';

/** The auth service could not answer (down, timed out, or an answer that is not its protocol). */
export class AuthUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AuthUnavailableError';
  }
}

/**
 * What the auth service says of a user id asked by an admin: the user exists, does not, or the caller may
 * not ask (no longer an admin, or no longer an account).
 */
export type UserLookup = 'found' | 'not_found' | 'not_admin' | 'unknown_account';

export type AuthAdminClient = {
  /** Rejects with AuthUnavailableError when the auth service cannot say. */
  check: (bearerToken: string) => Promise<AdminAnswer>;
  /**
   * GET {authUrl}/api/users/{id} with the admin's bearer token, never cached (a deleted user is seen at
   * once). Rejects with AuthUnavailableError when the auth service cannot say.
   */
  findUser: (bearerToken: string, userId: number) => Promise<UserLookup>;
};

export type AuthAdminClientOptions = {
  /** Base URL of the auth service, e.g. http://127.0.0.1:3001. */
  authUrl: string;
  /** How long an answer is reused for the same token (0: ask every time). */
  cacheMs: number;
  timeoutMs: number;
  /** At most this many tokens are remembered; the least recently used goes first. */
  maxEntries?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
};

type Entry = { expiresAt: number; answer: Promise<AdminAnswer> };

/**
 * Admin rights and users as the auth service's database says (ARCHITECTURE.md: no service reads another's
 * tables). Admin rights: GET {authUrl}/api/me with the caller's bearer token, reading is_admin. Answers
 * are kept per token (its SHA-256) for cacheMs in a bounded LRU map, and a lookup in flight is shared, so
 * a burst of admin calls costs one request. The token carries its user's token generation (`gen`), which
 * auth bumps on a demotion: a demoted admin's token is refused before this cache is read, and the token
 * signed after it is another key. Failures are never cached and never read as "allowed".
 */
export const createAuthAdminClient = ({
  authUrl,
  cacheMs,
  timeoutMs,
  maxEntries = 10_000,
  fetch = globalThis.fetch,
  now = Date.now,
}: AuthAdminClientOptions): AuthAdminClient => {
  const meUrl = new URL(API_PATHS.me, authUrl).toString();
  const cache = new Map<string, Entry>();

  const get = async (url: string, token: string): Promise<Response> => {
    try {
      return await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new AuthUnavailableError(`GET ${url} failed`, { cause: err });
    }
  };

  const readJson = async (url: string, res: Response): Promise<unknown> => {
    try {
      return await res.json();
    } catch (err) {
      throw new AuthUnavailableError(`GET ${url} answered a body that is not JSON`, { cause: err });
    }
  };

  const ask = async (token: string): Promise<AdminAnswer> => {
    const res = await get(meUrl, token);
    if (res.status === 401) {
      await res.body?.cancel();
      return 'unknown_account';
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new AuthUnavailableError(`GET ${meUrl} answered ${res.status}`);
    }
    const body = await readJson(meUrl, res);
    const isAdmin = (body as { is_admin?: unknown } | null)?.is_admin;
    if (typeof isAdmin !== 'boolean') throw new AuthUnavailableError(`GET ${meUrl} answered no is_admin`);
    return isAdmin ? 'admin' : 'user';
  };

  const answersOfUsers: Partial<Record<number, UserLookup>> = {
    401: 'unknown_account',
    403: 'not_admin',
    404: 'not_found',
  };

  const findUser = async (token: string, userId: number): Promise<UserLookup> => {
    const url = new URL(apiPath(API_PATHS.user, { id: userId }), authUrl).toString();
    const res = await get(url, token);
    const refusal = answersOfUsers[res.status];
    if (refusal) {
      await res.body?.cancel();
      return refusal;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new AuthUnavailableError(`GET ${url} answered ${res.status}`);
    }
    const user = AdminUserResponse.safeParse(await readJson(url, res));
    if (!user.success || user.data.id !== userId) {
      throw new AuthUnavailableError(`GET ${url} answered something other than that user`);
    }
    return 'found';
  };

  return {
    findUser,
    check: (token) => {
      if (cacheMs <= 0) return ask(token);
      const key = createHash('sha256').update(token).digest('base64url');
      const at = now();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > at) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.answer;
      }
      if (hit) cache.delete(key);
      const answer = ask(token);
      const entry = { expiresAt: at + cacheMs, answer };
      cache.set(key, entry);
      // A failed lookup is forgotten at once, so the next call asks again.
      answer.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      return answer;
    },
  };
};

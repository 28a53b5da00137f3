import { useEffect, useState, useSyncExternalStore } from 'react';
import { readTokenClaims, session } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { useApi } from './api-context';
import { subscribeToSession } from './session';

/** GET /me gives up after this long; the token's claims answer meanwhile. */
export const ME_TIMEOUT_MS = 10_000;

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true']);

function mentionsAdmin(value: unknown): boolean {
  if (typeof value === 'string') return value.split(/[\s,]+/).some((role) => role.toLowerCase() === 'admin');
  return Array.isArray(value) && value.some(mentionsAdmin);
}

/**
 * SPEC.md section 6, for the current-user answer and for token claims alike: is_admin, isAdmin or
 * admin true, or roles/role containing 'admin'. An id of 1 does NOT make an admin.
 */
export function isAdminRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if ([record.is_admin, record.isAdmin, record.admin].some((flag) => TRUE_VALUES.has(flag))) return true;
  return mentionsAdmin(record.roles) || mentionsAdmin(record.role);
}

/** Who is signed in, for knowing when an answer of /me is about someone else: the token's subject. */
function currentUserKey(): string | null {
  const token = session.getToken();
  if (token === null) return null;
  const sub = readTokenClaims(token)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : token;
}

type MeAnswer = { user: string; admin: boolean | 'unknown' };

/** 'checking' while the first /me of this user is on its way and nothing else says admin. */
export type AdminStatus = 'admin' | 'not-admin' | 'checking';

/**
 * Whether the signed-in user is an admin (SPEC.md section 6), in order:
 * 1. the local flag isAdmin/ADMIN ('1' or 'true');
 * 2. GET /me, the source of truth when online (asked once per signed-in user, again when the device
 *    comes back online after a failed call);
 * 3. the stored token's claims when the call fails (offline), and while it is on its way.
 * A client hint only: the server checks the admin claim on every admin call.
 */
export function useAdminStatus(): AdminStatus {
  const client = useApi();
  const flag = useSyncExternalStore(subscribeToSession, () => session.isAdminFlag());
  const user = useSyncExternalStore(subscribeToSession, currentUserKey);
  const fromClaims = useSyncExternalStore(subscribeToSession, () =>
    isAdminRecord(readTokenClaims(session.getToken())),
  );
  const [me, setMe] = useState<MeAnswer | null>(null);

  useEffect(() => {
    if (flag || user === null) return;
    let active = true;
    let answered = false;
    const ask = () => {
      client.get<unknown>(API_PATHS.me, { timeoutMs: ME_TIMEOUT_MS }).then(
        (body) => {
          answered = true;
          if (active) setMe({ user, admin: isAdminRecord(body) });
        },
        () => {
          // Offline or the server failed: the token's claims stand.
          if (active) setMe((prev) => (prev?.user === user ? prev : { user, admin: 'unknown' }));
        },
      );
    };
    const onOnline = () => {
      if (!answered) ask();
    };
    ask();
    window.addEventListener('online', onOnline);
    return () => {
      active = false;
      window.removeEventListener('online', onOnline);
    };
  }, [client, flag, user]);

  if (flag) return 'admin';
  const answer = me !== null && me.user === user ? me.admin : null;
  if (typeof answer === 'boolean') return answer ? 'admin' : 'not-admin';
  if (fromClaims) return 'admin';
  return answer === null && user !== null ? 'checking' : 'not-admin';
}

/** Whether to show the Admin navigation group (see useAdminStatus): unknown yet counts as not. */
export function useIsAdmin(): boolean {
  return useAdminStatus() === 'admin';
}

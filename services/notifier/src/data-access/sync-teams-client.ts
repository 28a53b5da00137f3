import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { Team } from '@pitclock/contracts/schemas';

/** The sync service could not answer (down, timed out, or an answer that is not its protocol). */
export class SyncUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SyncUnavailableError';
  }
}

/**
 * What the sync service says of a team asked by a user: its members (the caller among them), not a team of
 * the caller's (404, or 403), or the caller's token was refused (401: revoked or expired in between).
 */
export type TeamLookup =
  { kind: 'member'; memberIds: number[] } | { kind: 'not_member' } | { kind: 'unauthorized' };

export type SyncTeamsClient = {
  /**
   * GET {syncUrl}/api/teams/{id} with the caller's bearer token, never cached (a member removed a moment
   * ago is seen at once). Rejects with SyncUnavailableError when the sync service cannot say.
   */
  team: (bearerToken: string, teamId: string) => Promise<TeamLookup>;
};

export type SyncTeamsClientOptions = {
  /** Base URL of the sync service, e.g. http://127.0.0.1:3004. */
  syncUrl: string;
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
};

/** The auth service's user ids as sync writes them (String of the integer). */
const userIdOf = (value: string): number | undefined => {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
};

/**
 * Teams as the sync service's database says (ARCHITECTURE.md: no service reads another's tables): a
 * member gets the team with its members, anyone else 404. Failures are never read as "member".
 */
export const createSyncTeamsClient = ({
  syncUrl,
  timeoutMs,
  fetch = globalThis.fetch,
}: SyncTeamsClientOptions): SyncTeamsClient => ({
  team: async (token, teamId) => {
    const url = new URL(apiPath(API_PATHS.team, { id: teamId }), syncUrl).toString();
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SyncUnavailableError(`GET ${url} failed`, { cause: err });
    }
    if (res.status === 401 || res.status === 403 || res.status === 404) {
      await res.body?.cancel();
      return res.status === 401 ? { kind: 'unauthorized' } : { kind: 'not_member' };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new SyncUnavailableError(`GET ${url} answered ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      throw new SyncUnavailableError(`GET ${url} answered a body that is not JSON`, { cause: err });
    }
    const team = Team.safeParse(body);
    const memberIds = team.success ? team.data.members.map((member) => userIdOf(member.user_id)) : [];
    if (
      !team.success ||
      team.data.id.toLowerCase() !== teamId.toLowerCase() ||
      memberIds.some((id) => id === undefined)
    ) {
      throw new SyncUnavailableError(`GET ${url} answered something other than that team`);
    }
    return { kind: 'member', memberIds: memberIds as number[] };
  },
});

import { PUSH_MESSAGES as m } from '@pitclock/contracts/schemas';
import { dependencyRetryAfterSeconds, unauthorized, unavailable, type Logger } from '@pitclock/kit';
import { SyncUnavailableError, type SyncTeamsClient } from '../data-access';

export type TeamMembersDeps = { teams: SyncTeamsClient; logger: Logger };

/** The user asking, with the bearer token the sync service is asked with. */
export type TeamCaller = { userId: number; token: string };

/**
 * The members of a team as the sync service says, asked with the caller's own token (its database decides,
 * never the request): the member ids when the caller is one of them, null when not (sync answers 404 to a
 * non-member, or 403). 503 with Retry-After when sync cannot say, 401 when it refused the token.
 */
export const teamMembersFor = async (
  { teams, logger }: TeamMembersDeps,
  { userId, token }: TeamCaller,
  teamId: string,
): Promise<number[] | null> => {
  let lookup: Awaited<ReturnType<SyncTeamsClient['team']>>;
  try {
    lookup = await teams.team(token, teamId);
  } catch (err) {
    if (!(err instanceof SyncUnavailableError)) throw err;
    logger.error({ err, teamId }, 'team check failed: the sync service did not answer');
    throw unavailable(m.teamCheckUnavailable, undefined, dependencyRetryAfterSeconds);
  }
  if (lookup.kind === 'unauthorized') throw unauthorized('A valid bearer token is required');
  if (lookup.kind === 'not_member' || !lookup.memberIds.includes(userId)) return null;
  return lookup.memberIds;
};

import { SYNC_MESSAGES } from '@pitclock/contracts/schemas';
import type { ApiErrorCode } from '@pitclock/contracts/error-codes';
import { HttpError } from '@pitclock/kit';
import type { TeamRefusal } from '../domain/teams';

const m = SYNC_MESSAGES;

export type SyncRefusal = TeamRefusal | 'sync_scope_forbidden' | 'sync_client_taken';

/** One status and one clear text per refusal; the error code is the reason itself. */
const refusals: Record<SyncRefusal, [number, string]> = {
  sync_scope_forbidden: [403, m.scopeForbidden],
  sync_client_taken: [403, m.clientTaken],
  team_not_found: [404, m.teamNotFound],
  team_owner_only: [403, m.notTeamOwner],
  team_member_not_found: [404, m.memberNotFound],
  team_invite_invalid: [404, m.inviteInvalid],
  team_already_member: [409, m.alreadyMember],
  team_full: [409, m.teamFull],
  too_many_teams: [409, m.tooManyTeams],
  team_owner_cannot_leave: [409, m.ownerCannotLeave],
};

export const refusal = (reason: SyncRefusal, details?: unknown): HttpError => {
  const [status, message] = refusals[reason];
  return new HttpError(status, reason satisfies ApiErrorCode, message, details);
};

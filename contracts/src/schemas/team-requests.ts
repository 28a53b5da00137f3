// The team forms' requests (POST /sync/teams, POST /sync/teams/join), on zod/mini: the cook-app's team
// forms validate with them in the browser, where classic zod would cost its whole size; the sync service
// parses the same schemas (re-exported by sync.ts) and the OpenAPI document reads their classic view.
import * as z from 'zod/mini';
import { SYNC_MESSAGES } from './sync-messages';

export const TeamName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Team name is required'),
    z.maxLength(60, 'Team name is at most 60 characters'),
  );
export const MemberName = z._default(z.string().check(z.trim(), z.maxLength(80)), '');

export const CreateTeamRequest = z.object({ name: TeamName, member_name: MemberName });
export type CreateTeamRequest = z.infer<typeof CreateTeamRequest>;
export const JoinTeamRequest = z.object({
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{8}$/, SYNC_MESSAGES.inviteInvalid)),
  member_name: MemberName,
});
export type JoinTeamRequest = z.infer<typeof JoinTeamRequest>;

import { z } from 'zod';
import { FIELD_PATTERN } from '../sync/records';
import { ClientId } from './client-id';
import { Cookie, FieldValueSchema, Hlc, SyncScope, SyncStoreName } from './sync-answers';
import { SYNC_LIMITS } from './sync-messages';

// The sync protocol's calls (docs/sync.md): push a device's mutations, pull what changed since its
// cookie, a stream of pokes that say "pull now", and the teams that scopes belong to. The answers the app
// reads, and the parts the requests share with them, are zod/mini schemas (sync-answers.ts).

export { SYNC_EVENTS, SYNC_LIMITS, SYNC_MESSAGES } from './sync-messages';
export {
  SyncPoke,
  SyncPullResponse,
  SyncPushResponse,
  SyncRecordSchema,
  SyncScope,
  Team,
  TeamInviteResponse,
  TeamMember,
  TeamsResponse,
} from './sync-answers';

const FieldsSchema = z
  .record(z.string().regex(FIELD_PATTERN, 'field names are lower-case words'), FieldValueSchema)
  .refine((fields) => Object.keys(fields).length <= SYNC_LIMITS.fieldsPerRecord, 'too many fields')
  .refine((fields) => JSON.stringify(fields).length <= SYNC_LIMITS.fieldsBytes, 'the fields are too large');

export const SyncClientId = ClientId;

export const SyncMutation = z
  .object({
    mid: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    scope: SyncScope,
    store: SyncStoreName,
    id: ClientId,
    hlc: Hlc,
    set: FieldsSchema.optional(),
    delete: z.boolean().optional(),
  })
  .refine(
    (m) => (m.set !== undefined && Object.keys(m.set).length > 0) || m.delete === true,
    'a mutation sets at least one field, or deletes',
  );

export const SyncPushRequest = z.object({
  clientId: SyncClientId,
  mutations: z.array(SyncMutation).max(SYNC_LIMITS.mutationsPerPush),
});
export type SyncPushRequest = z.infer<typeof SyncPushRequest>;

export const SyncPullRequest = z.object({ clientId: SyncClientId, cookie: Cookie });
export type SyncPullRequest = z.infer<typeof SyncPullRequest>;

// Teams.
export const TeamIdParam = z.string().uuid('must be a team id');
export { CreateTeamRequest, JoinTeamRequest, MemberName, TeamName } from './team-requests';

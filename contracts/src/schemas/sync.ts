import { z } from 'zod';
import { isHlc } from '../sync/hlc';
import { FIELD_PATTERN, SCOPE_PATTERN, SYNC_STORES, type FieldValue, type Scope } from '../sync/records';
import { ClientId } from './push';

// The sync protocol's calls (docs/sync.md): push a device's mutations, pull what changed since its
// cookie, a stream of pokes that say "pull now", and the teams that scopes belong to.

export const SYNC_LIMITS = {
  /** Mutations in one push. */
  mutationsPerPush: 500,
  /** A push's mutations as JSON, at most (the service takes bodies of up to 2 MB). */
  pushBytes: 1_500_000,
  /** Records in one pull's answer (a device further behind pulls again). */
  recordsPerPull: 2_000,
  /** One record's fields, as JSON. */
  fieldsBytes: 32_768,
  fieldsPerRecord: 64,
  /** Teams one account may belong to; members of one team. */
  teamsPerUser: 20,
  membersPerTeam: 30,
} as const;

export const SYNC_MESSAGES = {
  scopeForbidden: 'This account may not change these records',
  clientTaken: 'This sync client id belongs to another account',
  teamNotFound: 'No such team',
  memberNotFound: 'No such member in this team',
  notTeamOwner: 'Only the team owner may do this',
  inviteInvalid: 'This invite code is not valid or has expired',
  alreadyMember: 'You are already in this team',
  teamFull: 'This team is full',
  tooManyTeams: 'This account is in as many teams as it may be',
  ownerCannotLeave: 'The owner cannot leave the team',
} as const;

const Hlc = z.string().refine(isHlc, 'must be a clock stamp');
export const SyncScope = z
  .string()
  .regex(SCOPE_PATTERN, 'must be u:<user id> or t:<team id>')
  .transform((s) => s as Scope);
const SyncStoreName = z.enum(SYNC_STORES);
// Not z.json(): a recursive schema has no OpenAPI form. A parsed JSON body holds JSON values only.
const FieldValueSchema = z.union([
  z.null(),
  z.boolean(),
  z.number(),
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]) as unknown as z.ZodType<FieldValue>;
const FieldsSchema = z
  .record(z.string().regex(FIELD_PATTERN, 'field names are lower-case words'), FieldValueSchema)
  .refine((fields) => Object.keys(fields).length <= SYNC_LIMITS.fieldsPerRecord, 'too many fields')
  .refine((fields) => JSON.stringify(fields).length <= SYNC_LIMITS.fieldsBytes, 'the fields are too large');
const ClocksSchema = z.record(z.string().regex(FIELD_PATTERN), Hlc);

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
export const SyncPushResponse = z.object({ lastMutationId: z.number().int().min(0) });

const Cookie = z
  .record(SyncScope, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
  .refine((c) => Object.keys(c).length <= SYNC_LIMITS.teamsPerUser + 1, 'too many scopes');

export const SyncPullRequest = z.object({ clientId: SyncClientId, cookie: Cookie });
export type SyncPullRequest = z.infer<typeof SyncPullRequest>;

export const SyncRecordSchema = z.object({
  scope: SyncScope,
  store: SyncStoreName,
  id: ClientId,
  fields: z.record(z.string(), FieldValueSchema),
  clocks: ClocksSchema,
  deleted: Hlc.nullable(),
});
export const SyncPullResponse = z.object({
  scopes: z.array(SyncScope),
  cookie: Cookie,
  records: z.array(SyncRecordSchema),
  lastMutationId: z.number().int().min(0),
  more: z.boolean(),
});

/** The stream of /api/sync/events: text/event-stream; event 'poke' with data {"scope": "..."}. */
export const SYNC_EVENTS = { poke: 'poke', ready: 'ready' } as const;
export const SyncPoke = z.object({ scope: SyncScope });

// Teams.
export const TeamIdParam = z.string().uuid('must be a team id');
export const TeamName = z
  .string()
  .trim()
  .min(1, 'Team name is required')
  .max(60, 'Team name is at most 60 characters');
export const MemberName = z.string().trim().max(80).default('');

export const CreateTeamRequest = z.object({ name: TeamName, member_name: MemberName });
export const JoinTeamRequest = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/, SYNC_MESSAGES.inviteInvalid),
  member_name: MemberName,
});
export const TeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'member']),
  joined_at: z.string(),
});
export const Team = z.object({
  id: z.string(),
  name: z.string(),
  scope: SyncScope,
  role: z.enum(['owner', 'member']),
  members: z.array(TeamMember),
  created_at: z.string(),
});
export type Team = z.infer<typeof Team>;
export const TeamsResponse = z.object({ teams: z.array(Team) });
export const TeamInviteResponse = z.object({
  code: z.string(),
  expires_at: z.string(),
});

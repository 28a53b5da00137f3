import * as z from 'zod/mini';
import { isHlc } from '../sync/hlc';
import { FIELD_PATTERN, SCOPE_PATTERN, SYNC_STORES, type FieldValue, type Scope } from '../sync/records';
import { ClientId } from './client-id';
import { SYNC_LIMITS } from './sync-messages';

// The sync and team answers the app reads on its first pages (the pull and push of the sync engine, the
// teams list), written with zod/mini: classic zod cannot be tree-shaken, and would cost the first visit
// some 25 KB gzip. Defined here once; sync.ts re-exports them and builds its requests on the same parts,
// and the OpenAPI document reads them through a classic view (api/classic-view.ts). zod/mini has no
// texts of its own: the rules' texts are written out, the rest come from the locale classic zod
// registers in the services (the same texts as before).

export const Hlc = z.string().check(z.refine(isHlc, 'must be a clock stamp'));
export const SyncScope = z.pipe(
  z.string().check(z.regex(SCOPE_PATTERN, 'must be u:<user id> or t:<team id>')),
  z.transform((scope: string) => scope as Scope),
);
export const SyncStoreName = z.enum(SYNC_STORES);
// Not z.json(): a recursive schema has no OpenAPI form. A parsed JSON body holds JSON values only.
export const FieldValueSchema = z.union([
  z.null(),
  z.boolean(),
  z.number(),
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]) as unknown as z.ZodMiniType<FieldValue>;
const ClocksSchema = z.record(z.string().check(z.regex(FIELD_PATTERN)), Hlc);

const mutationId = () => z.number().check(z.int(), z.minimum(0));

export const SyncPushResponse = z.object({ lastMutationId: mutationId() });

/** A device's pull position: per scope, the last change it has seen. */
export const Cookie = z
  .record(SyncScope, z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)))
  .check(
    z.refine(
      (cookie: Record<string, number>) => Object.keys(cookie).length <= SYNC_LIMITS.teamsPerUser + 1,
      'too many scopes',
    ),
  );

export const SyncRecordSchema = z.object({
  scope: SyncScope,
  store: SyncStoreName,
  id: ClientId,
  fields: z.record(z.string(), FieldValueSchema),
  clocks: ClocksSchema,
  deleted: z.nullable(Hlc),
});
export const SyncPullResponse = z.object({
  scopes: z.array(SyncScope),
  cookie: Cookie,
  records: z.array(SyncRecordSchema),
  lastMutationId: mutationId(),
  more: z.boolean(),
});

/** The data of a 'poke' event of /api/sync/events (SYNC_EVENTS). */
export const SyncPoke = z.object({ scope: SyncScope });

// Teams.
const TeamRole = z.enum(['owner', 'member']);
export const TeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  role: TeamRole,
  joined_at: z.string(),
});
export const Team = z.object({
  id: z.string(),
  name: z.string(),
  scope: SyncScope,
  role: TeamRole,
  members: z.array(TeamMember),
  created_at: z.string(),
});
export type Team = z.infer<typeof Team>;
export const TeamsResponse = z.object({ teams: z.array(Team) });
export const TeamInviteResponse = z.object({
  code: z.string(),
  expires_at: z.string(),
});

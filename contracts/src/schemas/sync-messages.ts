// The limits, texts and event names of the sync protocol (docs/sync.md), kept apart from the zod schemas
// of sync.ts and sync-answers.ts (which use them) so that the app can read them without loading a schema.

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

/** The stream of /api/sync/events: text/event-stream; event 'poke' with data {"scope": "..."}. */
export const SYNC_EVENTS = { poke: 'poke', ready: 'ready' } as const;

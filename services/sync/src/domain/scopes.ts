import {
  teamScope,
  userScope,
  type Mutation,
  type NumberedMutation,
  type Scope,
  storeAllowedInScope,
} from '@pitclock/contracts/sync';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The team id of a team scope (t:<uuid>), else undefined: no team has any other id. */
export const teamIdOfScope = (scope: string): string | undefined => {
  if (!scope.startsWith('t:')) return undefined;
  const id = scope.slice(2).toLowerCase();
  return UUID.test(id) ? id : undefined;
};

/** The user id of a user scope (u:<id>), else undefined. */
export const userIdOfScope = (scope: string): number | undefined =>
  /^u:[1-9]\d{0,9}$/.test(scope) ? Number(scope.slice(2)) : undefined;

/** The scopes an account reads and writes: its own, then each of its teams'. */
export const scopesOf = (userId: number, teamIds: readonly string[]): Scope[] => [
  userScope(userId),
  ...[...teamIds].sort().map(teamScope),
];

/** The team ids the mutations name (each once), to check membership of. */
export const teamIdsNamed = (mutations: readonly Pick<Mutation, 'scope'>[]): string[] => [
  ...new Set(mutations.flatMap((m) => teamIdOfScope(m.scope) ?? [])),
];

/**
 * The mutations the account may not make: a scope other than its own user scope or one of the teams it
 * is in, or a store that may not live in that scope (the account's settings, in a team's). A team scope
 * must be written as the team's scope is (lower-case id): another spelling is refused.
 */
export const forbiddenMids = (
  mutations: readonly NumberedMutation[],
  userId: number,
  memberTeamIds: ReadonlySet<string>,
): number[] => {
  const allowed = new Set<string>([userScope(userId), ...[...memberTeamIds].map(teamScope)]);
  return mutations
    .filter((m) => !allowed.has(m.scope) || !storeAllowedInScope(m.store, m.scope))
    .map((m) => m.mid);
};

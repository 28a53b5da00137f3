import type { SyncPullRequest, SyncPushRequest } from '@pitclock/contracts/schemas';
import { mutationsToApply, pullStarts, type PullAnswer, type Scope } from '@pitclock/contracts/sync';
import type { Logger } from '@pitclock/kit';
import type { RecordsRepository, TeamsRepository } from '../data-access';
import { addressesOf, applyAll, versionsNeeded, withVersions } from '../domain/push';
import { forbiddenMids, scopesOf, teamIdsNamed } from '../domain/scopes';
import { refusal } from './refusals';
import type { LiveUpdates } from './live-updates';

export type SyncDeps = {
  records: RecordsRepository;
  teams: TeamsRepository;
  live: Pick<LiveUpdates, 'announce'>;
  logger: Logger;
  recordsPerPull: number;
};

/**
 * Applies a device's mutations in one transaction: skips those already applied, stops at a gap, refuses
 * the whole push (403, nothing applied) when one names a scope the account may not write, or a store
 * that may not live in its scope. Announces the changed scopes once committed.
 */
export const push = async (
  deps: SyncDeps,
  userId: number,
  body: SyncPushRequest,
): Promise<{ lastMutationId: number }> => {
  const { lastMutationId, scopes } = await deps.records.inPushTransaction(async (tx) => {
    const client = await tx.lockClient(body.clientId, userId);
    if (client.userId !== userId) throw refusal('sync_client_taken');
    const { apply, lastMutationId: last } = mutationsToApply(client.lastMutationId, body.mutations);
    if (apply.length === 0) return { lastMutationId: last, scopes: [] as Scope[] };
    const memberOf = await tx.memberTeams(userId, teamIdsNamed(apply));
    const refused = forbiddenMids(apply, userId, memberOf);
    if (refused.length > 0) throw refusal('sync_scope_forbidden', { mids: refused });
    // The scopes' counters first (sorted): their row locks serialize the writers of each scope, so the
    // records' locks below are never waited on in another order (no deadlock).
    const addresses = addressesOf(apply);
    const counts = versionsNeeded(addresses);
    const firsts = await tx.takeVersions(counts);
    const changed = applyAll(await tx.lockRecords(addresses), apply);
    await tx.writeRecords(withVersions(changed, firsts));
    await tx.setLastMutationId(body.clientId, last);
    return { lastMutationId: last, scopes: [...counts.keys()] };
  });
  // The change is stored: a poke that cannot be sent is only late (the devices pull on their own too).
  await deps.live.announce(scopes).catch((err: unknown) => {
    deps.logger.warn({ err }, 'sync pokes not published');
  });
  return { lastMutationId };
};

/** The changes past the device's cookie in every scope the account reads, a page at a time. */
export const pull = async (deps: SyncDeps, userId: number, body: SyncPullRequest): Promise<PullAnswer> => {
  const client = await deps.records.client(body.clientId);
  if (client && client.userId !== userId) throw refusal('sync_client_taken');
  const scopes = scopesOf(userId, await deps.teams.teamIdsOf(userId));
  const starts = pullStarts(scopes, body.cookie);
  const found = await deps.records.changedSince(starts, deps.recordsPerPull + 1);
  const page = found.slice(0, deps.recordsPerPull);
  const cookie: PullAnswer['cookie'] = Object.fromEntries(starts);
  for (const { scope, version } of page) cookie[scope] = version;
  return {
    scopes,
    cookie,
    records: page.map(({ version: _version, ...record }) => record),
    lastMutationId: client?.lastMutationId ?? 0,
    more: found.length > page.length,
  };
};

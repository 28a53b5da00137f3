// The signed-in account's teams, as GET /api/teams last said, kept for the screens that need their names
// (the Team screen, the share select, the "Team: <name>" badges): one list per page, read again when a
// screen asks, shared by every reader. Offline, or when the server cannot be reached, the last list read
// stays (or none): teams need a connection, the rest of the app does not.
import { useEffect, useSyncExternalStore } from 'react';
import { accountIdOf, api, errorText, isApiError, session, type ApiClient } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import type { Team } from '@pitclock/contracts/schemas';

export type { Team };

/** A teams call that has not been answered after this long fails (someone is waiting on a screen). */
export const TEAMS_TIMEOUT_MS = 30_000;

/** What is known of the teams: `teams` is the last list read (null: none yet on this page). */
export type TeamsView =
  | { status: 'loading'; teams: Team[] | null }
  | { status: 'ready'; teams: Team[] }
  | { status: 'offline'; teams: Team[] | null }
  | { status: 'error'; teams: Team[] | null; error: string };

/** The teams of the account, or a failure (ApiError). */
export async function fetchTeams(client: ApiClient = api): Promise<Team[]> {
  // Loaded with the first call, not with the Cook-offs screen: the schemas bring zod.
  const { TeamsResponse } = await import('@pitclock/contracts/schemas');
  const answer = await client.get(API_PATHS.teams, { schema: TeamsResponse, timeoutMs: TEAMS_TIMEOUT_MS });
  return answer.teams;
}

/** A failure that means "no connection": the browser says so, or the request never reached a server. */
export const isConnectionFailure = (failure: unknown) => isApiError(failure) && failure.kind === 'network';

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const currentAccount = () => accountIdOf(session.getToken());

const NOTHING_YET: TeamsView = { status: 'loading', teams: null };
let held: { account: string | null; view: TeamsView } = { account: null, view: NOTHING_YET };
let inFlight: { account: string | null; done: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function publish(account: string | null, view: TeamsView) {
  held = { account, view };
  for (const listener of listeners) listener();
}

/** What is known now, for the signed-in account (another account's list is never shown). */
export function teamsView(): TeamsView {
  return held.account === currentAccount() ? held.view : NOTHING_YET;
}

/** The names by team id, of what is known now. */
export function teamNames(view: TeamsView): ReadonlyMap<string, string> {
  return new Map((view.teams ?? []).map((team) => [team.id, team.name]));
}

/**
 * Reads the teams again (one call at a time per account: a second caller waits for the first). Never
 * fails: the outcome is in the view ('offline' without a connection, 'error' with the failure's text).
 */
export function refreshTeams(client: ApiClient = api, loadFailed = 'Failed to load teams'): Promise<void> {
  const account = currentAccount();
  if (inFlight && inFlight.account === account) return inFlight.done;
  const known = teamsView().teams;
  if (!browserOnline()) {
    publish(account, { status: 'offline', teams: known });
    return Promise.resolve();
  }
  publish(account, { status: 'loading', teams: known });
  const done = fetchTeams(client).then(
    (teams) => publish(account, { status: 'ready', teams }),
    (failure: unknown) =>
      publish(
        account,
        isConnectionFailure(failure)
          ? { status: 'offline', teams: known }
          : { status: 'error', teams: known, error: errorText(failure, loadFailed) },
      ),
  );
  const entry: { account: string | null; done: Promise<void> } = { account, done };
  entry.done = done.finally(() => {
    if (inFlight === entry) inFlight = null;
  });
  inFlight = entry;
  return entry.done;
}

/** Forgets every list (tests; a page keeps its list otherwise). */
export function forgetTeams() {
  held = { account: null, view: NOTHING_YET };
  inFlight = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The teams as known now, without reading them again. */
export function useTeamsView(): TeamsView {
  return useSyncExternalStore(subscribe, teamsView, teamsView);
}

/**
 * The teams as known now, read again when the component mounts (or `when` turns true) and when the
 * browser comes back online. `when` false reads nothing: a screen with nothing shared and no share
 * control open does not ask the server (nor load the schemas).
 */
export function useTeams({
  client = api,
  when = true,
}: { client?: ApiClient; when?: boolean } = {}): TeamsView {
  const view = useTeamsView();
  useEffect(() => {
    if (!when) return;
    const refresh = () => void refreshTeams(client);
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [client, when]);
  return view;
}

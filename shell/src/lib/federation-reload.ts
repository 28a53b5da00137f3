/** A remote as the Module Federation runtime keeps it (the fields we read or write). */
export type FederationRemote = { name: string; alias?: string; entry?: string; [key: string]: unknown };

/** The runtime's instance (globalThis.__FEDERATION__.__INSTANCES__), as far as a retry needs it. */
export type FederationHost = {
  options: { remotes: FederationRemote[] };
  registerRemotes: (remotes: FederationRemote[], options?: { force?: boolean }) => void;
  loadRemote: <T>(id: string) => Promise<T | null>;
};

export type FederationGlobal = { __INSTANCES__?: FederationHost[] };

/** The browser's federation runtime global, when the page has one. */
export function browserFederation(): FederationGlobal | undefined {
  // The runtime declares this global with its full types; a retry needs only the part above.
  return (globalThis as unknown as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
}

/** `entry` with retry=attempt in its query, so that the browser fetches and evaluates it afresh. */
export function entryForAttempt(entry: string, attempt: number, base = globalThis.location?.href): string {
  const url = new URL(entry, base ?? 'http://localhost/');
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

/**
 * Loads module `expose` of remote `alias` afresh, after a failed load: the first load's import keeps
 * its failed promise (the federation plugin caches it per remote module), so this registers the remote
 * again with a cache-busting entry URL (force drops what the runtime kept of it) and loads through the
 * runtime itself.
 */
export async function reloadFederatedModule<T>(
  alias: string,
  expose: string,
  attempt: number,
  federation: FederationGlobal | undefined = browserFederation(),
): Promise<T> {
  const isRemote = (remote: FederationRemote) => remote.alias === alias || remote.name === alias;
  const host = federation?.__INSTANCES__?.find((instance) => instance.options.remotes.some(isRemote));
  const remote = host?.options.remotes.find(isRemote);
  if (!host || !remote?.entry) throw new Error(`No federation host knows the remote ${alias}`);
  host.registerRemotes([{ ...remote, entry: entryForAttempt(remote.entry, attempt) }], { force: true });
  const module = await host.loadRemote<T>(`${alias}/${expose}`);
  if (module === null || module === undefined) throw new Error(`Remote ${alias} has no ${expose}`);
  return module;
}

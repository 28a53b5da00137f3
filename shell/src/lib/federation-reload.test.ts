import { describe, expect, it, vi } from 'vitest';
import {
  entryForAttempt,
  reloadFederatedModule,
  type FederationHost,
  type FederationRemote,
} from './federation-reload';

/** A federation runtime instance as the plugin registers the shell's remotes. */
function fakeHost(remotes: FederationRemote[], exposed: Record<string, unknown>) {
  const host: FederationHost = {
    options: { remotes },
    registerRemotes: vi.fn((next: FederationRemote[], options?: { force?: boolean }) => {
      for (const remote of next) {
        const index = host.options.remotes.findIndex((r) => r.name === remote.name);
        if (index >= 0 && !options?.force) return;
        if (index >= 0) host.options.remotes.splice(index, 1);
        host.options.remotes.push(remote);
      }
    }),
    loadRemote: vi.fn(async (id: string) => exposed[id] ?? null) as FederationHost['loadRemote'],
  };
  return host;
}

const adminRemote: FederationRemote = {
  name: '__mfe_internal__shell__mf_owner__1__admin_console',
  alias: 'admin_console',
  type: 'module',
  entry: 'http://localhost:8080/remotes/admin-console/remoteEntry.js',
};

describe('entryForAttempt', () => {
  it('adds retry=<attempt> to the query, replacing an earlier one and keeping the rest', () => {
    expect(entryForAttempt('/remotes/cook-app/remoteEntry.js', 1, 'http://localhost:8080/contests')).toBe(
      'http://localhost:8080/remotes/cook-app/remoteEntry.js?retry=1',
    );
    expect(entryForAttempt('http://x.test/remoteEntry.js?v=3&retry=1', 2)).toBe(
      'http://x.test/remoteEntry.js?v=3&retry=2',
    );
  });
});

describe('reloadFederatedModule', () => {
  it('registers the remote again, forced, with a cache-busting entry, and loads the module through the runtime', async () => {
    const exposed = { AdminConsole: () => null };
    const host = fakeHost([{ ...adminRemote }], { 'admin_console/AdminConsole': exposed });
    const module = await reloadFederatedModule('admin_console', 'AdminConsole', 2, { __INSTANCES__: [host] });
    expect(module).toBe(exposed);
    expect(host.registerRemotes).toHaveBeenCalledWith(
      [{ ...adminRemote, entry: `${adminRemote.entry}?retry=2` }],
      { force: true },
    );
    expect(host.options.remotes).toEqual([{ ...adminRemote, entry: `${adminRemote.entry}?retry=2` }]);
    expect(host.loadRemote).toHaveBeenCalledWith('admin_console/AdminConsole');
  });

  it('fails (and the error screen stays) when the runtime still cannot load it', async () => {
    const host = fakeHost([{ ...adminRemote }], {});
    vi.mocked(host.loadRemote).mockRejectedValueOnce(new Error('RUNTIME-008'));
    await expect(
      reloadFederatedModule('admin_console', 'AdminConsole', 1, { __INSTANCES__: [host] }),
    ).rejects.toThrow('RUNTIME-008');
    await expect(
      reloadFederatedModule('admin_console', 'AdminConsole', 2, { __INSTANCES__: [host] }),
    ).rejects.toThrow('Remote admin_console has no AdminConsole');
  });

  it('fails without a federation runtime that knows the remote', async () => {
    await expect(reloadFederatedModule('admin_console', 'AdminConsole', 1, undefined)).rejects.toThrow(
      'No federation host knows the remote admin_console',
    );
    const other = fakeHost([{ name: 'cook_app', alias: 'cook_app', entry: '/c.js' }], {});
    await expect(
      reloadFederatedModule('admin_console', 'AdminConsole', 1, { __INSTANCES__: [other] }),
    ).rejects.toThrow('No federation host knows the remote admin_console');
  });
});

// The store of the signed-in account. Each account persists to its own IndexedDB database
// (offlineDbNameFor(accountId): 'PitClock-u<id>'), so that on a shared phone an account never sees
// another's cook-offs, templates and notes, and finds its own as it left them (offline too: the
// account is read from the stored token). The records it creates carry its id as user_id; records of
// older versions say 'local' and stay its own ('Yours' is any category that is not global).
//
// The legacy database 'PitClock' (the device's data from before this change) is claimed by the first
// account whose store is made on the device after the upgrade, exactly once: the claim is recorded in
// localStorage first (contracts' claimLegacyData: nobody else ever claims it), the legacy localStorage
// keys the app names (cloud-backup key, references, local copies, push outbox) move to the account's
// names, the persisted object is copied as is into the account's database (unless that one has a state
// already: a claim cut short is finished at the next start), and then the legacy database is deleted.
// The store reads its database only once the copy is done.
import type { Storage } from 'redux-persist';
import {
  claimLegacyData,
  deleteLegacyDatabase,
  moveLegacyKeys,
  readLegacyState,
  registerAccount,
  type ListableStorage,
} from '@pitclock/contracts/account-data';
import { createMemoryStorage } from '@pitclock/contracts';
import { offlineDbNameFor } from '@pitclock/contracts/offline-db';
import { createCookStore, type CookStoreBundle, type CookStoreOptions } from './create-cook-store';
import { PERSISTED_ITEM_KEY, offlineStorage } from './persist';

export type AccountStoreOptions = Omit<CookStoreOptions, 'storage' | 'userId'> & {
  /** The device's localStorage (default the page's). */
  deviceStorage?: ListableStorage;
  /** The unsuffixed localStorage keys of older versions that belong to the legacy owner. */
  isLegacyKey?: (key: string) => boolean;
  /** Where a failed claim is reported (default console.warn). */
  warn?: (message: string, details: unknown) => void;
};

export type AccountStoreBundle = CookStoreBundle & {
  accountId: string;
  /** Resolves once the legacy data, if this account claimed it, is in its database (and deleted). */
  claimed: Promise<void>;
};

function pageLocalStorage(): ListableStorage {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // Blocked storage.
  }
  return createMemoryStorage();
}

/** A storage whose every call waits for `ready` first (the claimed state is copied in by then). */
function after(ready: Promise<unknown>, inner: Storage): Storage {
  return {
    getItem: (key: string) => ready.then(() => inner.getItem(key)),
    setItem: (key: string, value: unknown) => ready.then(() => inner.setItem(key, value)),
    removeItem: (key: string) => ready.then(() => inner.removeItem(key)),
  };
}

/**
 * Copies the legacy persisted state into `target` (unless it has one already); answers whether there
 * was a legacy state.
 */
async function copyLegacyState(target: Storage): Promise<boolean> {
  const state = await readLegacyState();
  if (state === null) return false;
  if ((await target.getItem(PERSISTED_ITEM_KEY)) === null) await target.setItem(PERSISTED_ITEM_KEY, state);
  return true;
}

/**
 * Makes the store of `accountId` on its own database; the first account on the device claims the
 * legacy data (see above). The localStorage part of the claim is done when this returns.
 */
export function createAccountCookStore(
  accountId: string,
  options: AccountStoreOptions = {},
): AccountStoreBundle {
  const { deviceStorage = pageLocalStorage(), isLegacyKey = () => false, warn, ...storeOptions } = options;
  const report = warn ?? ((message: string, details: unknown) => console.warn(message, details));
  registerAccount(deviceStorage, accountId);
  const storage = offlineStorage(offlineDbNameFor(accountId));
  let copied = Promise.resolve(false);
  let claimed = Promise.resolve();
  if (claimLegacyData(deviceStorage, accountId)) {
    moveLegacyKeys(deviceStorage, accountId, isLegacyKey);
    // A failed copy leaves the legacy database in place; the owner's next start tries again.
    copied = copyLegacyState(storage).catch((failure: unknown) => {
      report('PitClock: the data of the previous version could not be moved to this account', failure);
      return false;
    });
    // The store does not wait for the deletion (another tab of an older version may hold it up).
    claimed = copied.then((found) => (found ? deleteLegacyDatabase() : undefined)).catch(() => undefined);
  }
  const bundle = createCookStore({
    ...storeOptions,
    storage: after(copied, storage),
    userId: () => accountId,
  });
  return { ...bundle, accountId, claimed };
}

let current: AccountStoreBundle | undefined;

/** Writes what is pending, then stops the store's persistence and page listeners. */
async function retire(bundle: CookStoreBundle): Promise<void> {
  await bundle.flush().catch(() => undefined);
  bundle.dispose();
}

/**
 * The one store of the page for `accountId`, made when first asked for and kept across remounts (two
 * stores writing one database would overwrite each other). Asked for another account, it flushes and
 * disposes the previous account's store and makes the new one.
 */
export function cookStoreFor(accountId: string, options: AccountStoreOptions = {}): AccountStoreBundle {
  if (current?.accountId === accountId) return current;
  if (current) void retire(current);
  current = createAccountCookStore(accountId, options);
  return current;
}

/**
 * Flushes and disposes the page's store if it is `accountId`'s (before its data is removed from the
 * device, so that nothing writes the database again); resolves once it is done.
 */
export async function releaseCookStore(accountId: string): Promise<void> {
  if (current?.accountId !== accountId) return;
  const bundle = current;
  current = undefined;
  await bundle.claimed;
  await retire(bundle);
}

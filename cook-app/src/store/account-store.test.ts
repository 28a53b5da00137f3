// Each account's store on its own IndexedDB database, through the real localforage (fake-indexeddb
// provides IndexedDB in Node; it must be loaded before localforage, which detects its drivers when first
// imported). Every test uses accounts of its own, so the databases of one test never meet another's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@pitclock/contracts';
import { databaseNames, deleteDatabase } from '@pitclock/contracts/indexed-db';
import { ACCOUNT_DATA_KEYS } from '@pitclock/contracts/offline-db';
import { categoryOwnerLabel } from '../domain/validation';
import {
  cookStoreFor,
  createAccountCookStore,
  releaseCookStore,
  type AccountStoreBundle,
  type AccountStoreOptions,
} from './account-store';
import { createCookStore, type CookStoreBundle } from './create-cook-store';
import { addCategory } from './operations/categories';
import { addContest } from './operations/contests';
import { addTemplate } from './operations/templates';
import { categorySelectors, contestSelectors, templateSelectors } from './selectors';
import { T0 } from './test-helpers';

let accounts = 100;
/** An account id no other test uses. */
const newAccount = () => String((accounts += 1));

const open: CookStoreBundle[] = [];
let device = createMemoryStorage();

const options = (): AccountStoreOptions => ({
  clock: () => T0,
  timeZone: 'UTC',
  page: null,
  deviceStorage: device,
  isLegacyKey: (key) => key === 'cloudBackupApiKey',
  warn: () => undefined,
});

async function storeOf(accountId: string): Promise<AccountStoreBundle> {
  const bundle = createAccountCookStore(accountId, options());
  open.push(bundle);
  await bundle.rehydrated;
  return bundle;
}

async function close(bundle: CookStoreBundle) {
  await bundle.flush();
  bundle.dispose();
}

const templateNames = (bundle: CookStoreBundle) =>
  templateSelectors.selectAll(bundle.store.getState()).map((template) => template.name);

/** Leaves the legacy database 'PitClock' with one template 'Old brisket' (user_id 'local'), as older versions did. */
async function legacyData() {
  const legacy = createCookStore({ clock: () => T0, timeZone: 'UTC', page: null });
  await legacy.rehydrated;
  await legacy.store.dispatch(addTemplate({ name: 'Old brisket' })).unwrap();
  await legacy.store.dispatch(addCategory({ name: 'Old sauce' })).unwrap();
  await close(legacy);
}

beforeEach(async () => {
  device = createMemoryStorage();
  await deleteDatabase('PitClock');
});

afterEach(async () => {
  for (const bundle of open.splice(0)) await close(bundle);
});

describe('one database per account', () => {
  it("keeps A's records from B, and A finds them again as it left them, owned by A", async () => {
    const [a, b] = [newAccount(), newAccount()];
    const first = await storeOf(a);
    await first.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await first.store
      .dispatch(addContest({ name: 'Odessa', sanctioning_body_id: '1', contest_date: '2026-06-10' }))
      .unwrap();
    await close(first);

    const other = await storeOf(b);
    expect(templateNames(other)).toEqual([]);
    expect(contestSelectors.selectAll(other.store.getState())).toEqual([]);
    await close(other);

    const again = await storeOf(a);
    expect(templateNames(again)).toEqual(['Ribs']);
    expect(templateSelectors.selectAll(again.store.getState())[0]?.user_id).toBe(a);
    expect(contestSelectors.selectAll(again.store.getState()).map((c) => [c.name, c.user_id])).toEqual([
      ['Odessa', a],
    ]);
    expect(await databaseNames()).toEqual(expect.arrayContaining([`PitClock-u${a}`, `PitClock-u${b}`]));
    expect(JSON.parse(device.getItem(ACCOUNT_DATA_KEYS.accounts) ?? '[]')).toEqual([a, b]);
  });
});

describe('the legacy database', () => {
  it('moves, as stored, to the first account that signs in, and is deleted; the second gets none of it', async () => {
    await legacyData();
    device.setItem('cloudBackupApiKey', 'legacy-key');
    device.setItem('theme', 'dark');
    const [a, b] = [newAccount(), newAccount()];

    const first = await storeOf(a);
    await first.claimed;
    expect(templateNames(first)).toEqual(['Old brisket']);
    // Records of older versions say 'local' and stay the account's own.
    const own = categorySelectors.selectAll(first.store.getState()).filter((c) => c.name === 'Old sauce');
    expect(own.map((c) => [c.user_id, categoryOwnerLabel(c)])).toEqual([['local', 'Yours']]);
    expect(await databaseNames()).not.toContain('PitClock');
    expect(device.getItem(`PitClock-u${a}:cloudBackupApiKey`)).toBe('legacy-key');
    expect(device.getItem('cloudBackupApiKey')).toBeNull();
    expect(device.getItem('theme')).toBe('dark');

    const second = await storeOf(b);
    await second.claimed;
    expect(templateNames(second)).toEqual([]);
    expect(device.getItem(`PitClock-u${b}:cloudBackupApiKey`)).toBeNull();
  });

  it('is not claimed by a second account, even while it is still on the device', async () => {
    await legacyData();
    const [a, b] = [newAccount(), newAccount()];
    device.setItem(ACCOUNT_DATA_KEYS.legacyOwner, a);
    const second = await storeOf(b);
    await second.claimed;
    expect(templateNames(second)).toEqual([]);
    expect(await databaseNames()).toContain('PitClock');
  });

  it('a claim cut short after the copy is finished by its owner without overwriting what it has since', async () => {
    await legacyData();
    const a = newAccount();
    const first = await storeOf(a);
    await first.claimed;
    await first.store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await close(first);
    // The legacy database comes back (an older tab wrote it again): the owner's state stays as it is.
    await legacyData();
    const again = await storeOf(a);
    await again.claimed;
    expect(templateNames(again).sort()).toEqual(['Old brisket', 'Ribs']);
    expect(await databaseNames()).not.toContain('PitClock');
  });
});

describe("the page's store", () => {
  it('is kept for one account, and replaced (the old one flushed and disposed) when another signs in', async () => {
    const [a, b] = [newAccount(), newAccount()];
    const first = cookStoreFor(a, options());
    expect(cookStoreFor(a, options())).toBe(first);
    await first.rehydrated;
    void first.store.dispatch(addTemplate({ name: 'Ribs' }));
    const dispose = vi.spyOn(first, 'dispose');

    const second = cookStoreFor(b, options());
    expect(second).not.toBe(first);
    await second.rehydrated;
    expect(templateNames(second)).toEqual([]);
    await releaseCookStore(b);
    // The page's store for b is gone: asking again makes a new one.
    const third = cookStoreFor(b, options());
    expect(third).not.toBe(second);
    open.push(third);

    await vi.waitFor(() => expect(dispose).toHaveBeenCalled());
    const again = await storeOf(a);
    expect(templateNames(again)).toEqual(['Ribs']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryStorage, session, type StorageLike } from '@pitclock/contracts';
import { held, makeJwt } from '@pitclock/contracts/testing';
import {
  addCategory,
  addContest,
  exportBackup,
  selectCategories,
  selectContests,
  STORE_NAMES,
  updateContest,
} from '../../store';
import { cookStore, renderWithStore, type TestBundle } from '../../lib/test-support';
import { BackupRestoreSection, type BackupRestoreSectionProps } from './backup-restore-section';
import { startJsonBinServer, TEST_API_KEY, type JsonBinServer } from './test-support';

const servers: JsonBinServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function jsonBin(...args: Parameters<typeof startJsonBinServer>) {
  const server = await startJsonBinServer(...args);
  servers.push(server);
  return server;
}

type Saved = { file: Blob; fileName: string };

function renderSection(bundle: TestBundle, props: BackupRestoreSectionProps = {}) {
  const saved: Saved[] = [];
  let id = 0;
  const storage = props.storage ?? createMemoryStorage();
  const view = renderWithStore(
    bundle,
    <BackupRestoreSection
      saveFile={(file, fileName) => void saved.push({ file, fileName })}
      deviceId={() => 'device-test-abc123'}
      newId={() => `backup-${++id}`}
      timeZone="UTC"
      {...props}
      storage={storage}
    />,
  );
  return { ...view, saved, storage };
}

/** Every record store of the state (ids and entities), for before/after comparisons. */
function records(bundle: TestBundle) {
  const state = bundle.store.getState();
  return Object.fromEntries(STORE_NAMES.map((name) => [name, state[name]]));
}

const categoryNames = (bundle: TestBundle) => selectCategories(bundle.store.getState()).map((c) => c.name);
const contestNames = (bundle: TestBundle) => selectContests(bundle.store.getState()).map((c) => c.name);

async function withData(bundle: TestBundle) {
  await bundle.store.dispatch(addCategory({ name: 'Jackpot' })).unwrap();
  return bundle.store
    .dispatch(addContest({ name: 'Smoke Fest', sanctioning_body_id: '1', contest_date: '2026-06-10' }))
    .unwrap();
}

async function backupText(bundle: TestBundle) {
  return JSON.stringify(await bundle.store.dispatch(exportBackup()).unwrap());
}

const jsonFile = (text: string, name = 'PitClock-Backup-2026-06-01T15-00-00-000Z.json') =>
  new File([text], name, { type: 'application/json' });

/** Chooses a file, picks the mode in the dialog and confirms. */
async function restoreFile(
  user: ReturnType<typeof renderSection>['user'],
  file: File,
  mode: 'Merge' | 'Overwrite',
) {
  await user.upload(screen.getByLabelText('Restore from file'), file);
  await confirmRestore(user, mode);
}

async function confirmRestore(user: ReturnType<typeof renderSection>['user'], mode: 'Merge' | 'Overwrite') {
  const dialog = within(await screen.findByRole('dialog', { name: 'Restore backup?' }));
  await user.click(dialog.getByRole('radio', { name: mode }));
  await user.click(dialog.getByRole('button', { name: 'Restore' }));
}

function progress(name: 'Backup progress' | 'Restore progress') {
  const bar = screen.getByRole('progressbar', { name });
  return {
    now: bar.getAttribute('aria-valuenow'),
    max: bar.getAttribute('aria-valuemax'),
    text: bar.getAttribute('aria-valuetext'),
  };
}

describe('Backup file', () => {
  it("Download backup saves 'PitClock-Backup-{timestamp}.json' holding the store's backup, with the progress done", async () => {
    const bundle = await cookStore();
    await withData(bundle);
    const expected = await bundle.store.dispatch(exportBackup()).unwrap();
    const { user, saved } = renderSection(bundle);

    await user.click(screen.getByRole('button', { name: 'Download backup' }));
    expect(
      await screen.findByText('Backup saved as PitClock-Backup-2026-06-01T15-00-00-000Z.json.'),
    ).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe('PitClock-Backup-2026-06-01T15-00-00-000Z.json');
    expect(saved[0]?.file.type).toBe('application/json');
    const file = JSON.parse(await saved[0]!.file.text());
    expect(file).toEqual(expected);
    expect(file).toMatchObject({
      version: 15,
      timestamp: '2026-06-01T15:00:00.000Z',
      app_version: '9.9.9-test',
    });
    expect(Object.keys(file.data).sort()).toEqual([...STORE_NAMES].sort());
    expect(file.data.contests.map((c: { name: string }) => c.name)).toEqual(['Smoke Fest']);
    expect(progress('Backup progress')).toEqual({ now: '3', max: '3', text: 'Done (3 of 3)' });
  });

  it('a file that cannot be saved says so', async () => {
    const bundle = await cookStore();
    const { user } = renderSection(bundle, {
      saveFile: () => {
        throw new Error('blocked');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Download backup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save the backup file.');
  });

  it('restore with Overwrite brings back exactly the data of the backup', async () => {
    const bundle = await cookStore();
    const contest = await withData(bundle);
    const text = await backupText(bundle);
    const before = records(bundle);
    await bundle.store.dispatch(addCategory({ name: 'Added later' })).unwrap();
    await bundle.store.dispatch(updateContest({ id: contest.id, name: 'Renamed' })).unwrap();
    const { user } = renderSection(bundle);

    await restoreFile(user, jsonFile(text), 'Overwrite');
    expect(await screen.findByText('Backup restored: your data was replaced.')).toBeTruthy();
    expect(records(bundle)).toEqual(before);
    expect(categoryNames(bundle)).not.toContain('Added later');
    expect(contestNames(bundle)).toEqual(['Smoke Fest']);
    expect(progress('Restore progress')).toEqual({ now: '4', max: '4', text: 'Done (4 of 4)' });
  });

  it("restore with Merge keeps the device's records and brings back the backup's", async () => {
    const bundle = await cookStore();
    const contest = await withData(bundle);
    const text = await backupText(bundle);
    await bundle.store.dispatch(addCategory({ name: 'Added later' })).unwrap();
    await bundle.store.dispatch(updateContest({ id: contest.id, name: 'Renamed' })).unwrap();
    const { user } = renderSection(bundle);

    await restoreFile(user, jsonFile(text), 'Merge');
    expect(await screen.findByText('Backup restored: merged with your data.')).toBeTruthy();
    expect(categoryNames(bundle)).toEqual(expect.arrayContaining(['Jackpot', 'Added later']));
    expect(contestNames(bundle)).toEqual(['Smoke Fest']);
  });

  it('the dialog offers Merge (chosen) and Overwrite; Cancel changes nothing', async () => {
    const bundle = await cookStore();
    await withData(bundle);
    const text = await backupText(bundle);
    await bundle.store.dispatch(addCategory({ name: 'Added later' })).unwrap();
    const before = bundle.store.getState();
    const { user } = renderSection(bundle);

    await user.upload(screen.getByLabelText('Restore from file'), jsonFile(text, 'mine.json'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restore backup?' }));
    expect(dialog.getByText('Restore from mine.json.')).toBeTruthy();
    expect((dialog.getByRole('radio', { name: 'Merge' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('radio', { name: 'Overwrite' }) as HTMLInputElement).checked).toBe(false);
    await user.click(dialog.getByRole('radio', { name: 'Overwrite' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(bundle.store.getState()).toBe(before);
  });

  it.each([
    ['corrupt JSON', '{"version": 15, "data": {', 'Restore failed: Invalid backup file format'],
    ['no data object', '{"version": 15}', 'Restore failed: Invalid backup file format'],
    [
      'a newer version',
      '{"version": 16, "data": {"categories": []}}',
      'Restore failed: Unsupported backup version',
    ],
    [
      'a store that is not a list',
      '{"version": 15, "data": {"categories": {}}}',
      'Restore failed: Invalid backup payload',
    ],
    [
      'a record without id',
      '{"version": 15, "data": {"categories": [{"name": "x"}]}}',
      'Restore failed: Invalid backup data format',
    ],
  ])(
    'a file with %s is refused with its text and the store stays as it was',
    async (_case, text, message) => {
      const bundle = await cookStore();
      await withData(bundle);
      const before = bundle.store.getState();
      const { user } = renderSection(bundle);

      for (const mode of ['Overwrite', 'Merge'] as const) {
        await restoreFile(user, jsonFile(text, 'broken.json'), mode);
        await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
        expect(bundle.store.getState()).toBe(before);
      }
    },
  );
});

describe('Cloud backup', () => {
  it('without a key, explains that cloud backup requires one and sends nothing', async () => {
    const bundle = await cookStore();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderSection(bundle);
    expect(screen.getByText(/^Cloud backup requires an API key\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload to cloud' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Restore from bin' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('No backups yet.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("keeps the key on this device (the account's localStorage key by default) and reads it back; another account does not see it", async () => {
    session.setTokens({ token: makeJwt({ sub: '7' }) });
    const bundle = await cookStore();
    const first = renderWithStore(bundle, <BackupRestoreSection />);
    await first.user.type(screen.getByLabelText('JSONBin API key (X-Master-Key)'), 'my-key');
    expect(localStorage.getItem('PitClock-u7:cloudBackupApiKey')).toBe('my-key');
    expect(localStorage.getItem('cloudBackupApiKey')).toBeNull();
    first.unmount();
    const again = renderWithStore(bundle, <BackupRestoreSection />);
    expect((screen.getByLabelText('JSONBin API key (X-Master-Key)') as HTMLInputElement).value).toBe(
      'my-key',
    );
    again.unmount();
    session.setTokens({ token: makeJwt({ sub: '8' }) });
    renderWithStore(bundle, <BackupRestoreSection />);
    expect((screen.getByLabelText('JSONBin API key (X-Master-Key)') as HTMLInputElement).value).toBe('');
    expect(
      screen.getByText(/sent only to https:\/\/api\.jsonbin\.io\/v3, never to PitClock's servers/),
    ).toBeTruthy();
  });

  it('uploads to the configured service and restores from it: every request goes there, with the key, and the backup does not hold the key', async () => {
    const server = await jsonBin();
    const bundle = await cookStore();
    const contest = await withData(bundle);
    const before = records(bundle);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    // The base URL as e2e sets it: the localStorage setting.
    const storage = createMemoryStorage({ cloudBackupBaseUrl: server.baseUrl });
    const { user } = renderSection(bundle, { storage });

    await user.type(screen.getByLabelText('JSONBin API key (X-Master-Key)'), TEST_API_KEY);
    await user.click(screen.getByRole('button', { name: 'Upload to cloud' }));
    expect(await screen.findByText('Backup uploaded (bin bin0001).')).toBeTruthy();

    const [upload] = server.requests;
    expect(upload?.headers['x-master-key']).toBe(TEST_API_KEY);
    expect(upload?.headers['x-bin-name']).toBe('PitClock-Backup-2026-06-01T15-00-00-000Z.json');
    expect(upload?.json).toMatchObject({
      version: 15,
      timestamp: '2026-06-01T15:00:00.000Z',
      deviceId: 'device-test-abc123',
      uploadedAt: '2026-06-01T15:00:00.000Z',
      backupId: 'backup-1',
    });
    expect(upload?.text).not.toContain(TEST_API_KEY);
    expect(JSON.parse(storage.getItem('cloudBackupRefs') ?? '')).toEqual([
      {
        binId: 'bin0001',
        uploadedAt: '2026-06-01T15:00:00.000Z',
        backupId: 'backup-1',
        filename: 'PitClock-Backup-2026-06-01T15-00-00-000Z.json',
        isLocal: false,
      },
    ]);
    const list = within(screen.getByRole('list', { name: 'Recent backups' }));
    expect(list.getByText('Cloud')).toBeTruthy();
    expect(list.getByText('Bin bin0001')).toBeTruthy();
    expect(list.getByText('Jun 1, 2026, 3:00 PM')).toBeTruthy();

    await bundle.store.dispatch(addCategory({ name: 'Added later' })).unwrap();
    await bundle.store.dispatch(updateContest({ id: contest.id, name: 'Renamed' })).unwrap();
    await user.click(
      list.getByRole('button', {
        name: 'Restore PitClock-Backup-2026-06-01T15-00-00-000Z.json from the cloud',
      }),
    );
    await confirmRestore(user, 'Overwrite');
    expect(await screen.findByText('Backup restored: your data was replaced.')).toBeTruthy();
    expect(records(bundle)).toEqual(before);

    const read = server.requests[1];
    expect(read?.method).toBe('GET');
    expect(read?.path).toBe('/v3/b/bin0001/latest');
    expect(read?.headers['x-master-key']).toBe(TEST_API_KEY);
    expect(server.requests).toHaveLength(2);
    const urls = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls).toEqual([`${server.baseUrl}/b`, `${server.baseUrl}/b/bin0001/latest`]);
  });

  it('restores a backup made on another device by its bin ID', async () => {
    const server = await jsonBin();
    const source = await cookStore();
    await withData(source);
    const first = renderSection(source, { cloudBaseUrl: server.baseUrl });
    await first.user.type(screen.getByLabelText('JSONBin API key (X-Master-Key)'), TEST_API_KEY);
    await first.user.click(screen.getByRole('button', { name: 'Upload to cloud' }));
    await screen.findByText('Backup uploaded (bin bin0001).');
    first.unmount();

    const target = await cookStore();
    expect(contestNames(target)).toEqual([]);
    const { user } = renderSection(target, {
      cloudBaseUrl: server.baseUrl,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
    });
    expect(screen.getByText('No backups yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Bin ID'), 'bin0001');
    await user.click(screen.getByRole('button', { name: 'Restore from bin' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Restore backup?' })).getByText('Restore from Bin bin0001.'),
    ).toBeTruthy();
    await confirmRestore(user, 'Merge');
    expect(await screen.findByText('Backup restored: merged with your data.')).toBeTruthy();
    expect(contestNames(target)).toEqual(['Smoke Fest']);
    expect(categoryNames(target)).toContain('Jackpot');
  });

  it("a refused upload shows 'Upload failed: {status} {text}' and keeps no reference", async () => {
    const server = await jsonBin();
    const bundle = await cookStore();
    const { user, storage } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      storage: createMemoryStorage({ cloudBackupApiKey: 'wrong-key' }),
    });
    await user.click(screen.getByRole('button', { name: 'Upload to cloud' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload failed: 401 Invalid X-Master-Key provided',
    );
    expect(storage.getItem('cloudBackupRefs')).toBeNull();
    expect(screen.getByText('No backups yet.')).toBeTruthy();
  });

  it("a bin that cannot be read is 'Restore failed: Download failed: {status}' and the store stays as it was", async () => {
    const server = await jsonBin();
    const bundle = await cookStore();
    await withData(bundle);
    const before = bundle.store.getState();
    const { user } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
    });
    await user.type(screen.getByLabelText('Bin ID'), 'missing');
    await user.click(screen.getByRole('button', { name: 'Restore from bin' }));
    await confirmRestore(user, 'Overwrite');
    expect((await screen.findByRole('alert')).textContent).toBe('Restore failed: Download failed: 404');
    expect(bundle.store.getState()).toBe(before);
  });

  it('a bin holding something that is not a backup is refused and changes nothing', async () => {
    const server = await jsonBin((req) =>
      req.method === 'GET' ? { json: { record: { hello: 'world' }, metadata: { id: 'x' } } } : undefined,
    );
    const bundle = await cookStore();
    await withData(bundle);
    const before = bundle.store.getState();
    const { user } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
    });
    await user.type(screen.getByLabelText('Bin ID'), 'x');
    await user.click(screen.getByRole('button', { name: 'Restore from bin' }));
    await confirmRestore(user, 'Overwrite');
    expect((await screen.findByRole('alert')).textContent).toBe('Restore failed: Invalid backup file format');
    expect(bundle.store.getState()).toBe(before);
  });

  it('shows the stages while a backup is uploaded: prepare, upload, then done', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const server = await jsonBin();
    const slow: typeof fetch = async (input, init) => {
      await answered;
      return fetch(input, init);
    };
    const bundle = await cookStore();
    const { user } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      fetch: slow,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
    });
    await user.click(screen.getByRole('button', { name: 'Upload to cloud' }));
    await waitFor(() =>
      expect(progress('Backup progress')).toEqual({ now: '2', max: '3', text: 'Uploading (2 of 3)' }),
    );
    expect((screen.getByRole('button', { name: 'Download backup' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Save on this device' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer?.();
    await screen.findByText('Backup uploaded (bin bin0001).');
    expect(progress('Backup progress')).toEqual({ now: '3', max: '3', text: 'Done (3 of 3)' });
    expect((screen.getByRole('button', { name: 'Download backup' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the stages of a restore: download, validate, apply', async () => {
    const server = await jsonBin();
    const bundle = await cookStore();
    await withData(bundle);
    const text = await backupText(bundle);
    server.bins.set('b1', JSON.parse(text));
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const seen: (string | null)[] = [];
    const { user } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
      fetch: async (input, init) => {
        await answered;
        return fetch(input, init);
      },
    });
    await user.type(screen.getByLabelText('Bin ID'), 'b1');
    await user.click(screen.getByRole('button', { name: 'Restore from bin' }));
    await confirmRestore(user, 'Merge');
    await waitFor(() => expect(progress('Restore progress').text).toBe('Downloading (1 of 4)'));
    const observer = new MutationObserver(() =>
      seen.push(screen.queryByRole('progressbar')?.getAttribute('aria-valuetext') ?? null),
    );
    observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['aria-valuetext'] });
    answer?.();
    await screen.findByText('Backup restored: merged with your data.');
    observer.disconnect();
    expect(seen.filter((t, i) => t !== seen[i - 1])).toEqual([
      'Checking the backup (2 of 4)',
      'Restoring data (3 of 4)',
      'Done (4 of 4)',
    ]);
  });

  it('a call the service does not answer in time fails with its text', async () => {
    const server = await jsonBin(() => held({ json: {} }).reply);
    const bundle = await cookStore();
    const { user } = renderSection(bundle, {
      cloudBaseUrl: server.baseUrl,
      cloudTimeoutMs: 50,
      storage: createMemoryStorage({ cloudBackupApiKey: TEST_API_KEY }),
    });
    await user.click(screen.getByRole('button', { name: 'Upload to cloud' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload failed: the cloud service did not answer in time',
    );
  });
});

describe('Local-only copies', () => {
  it('Save on this device keeps a copy in local storage (no request), listed and restorable', async () => {
    const bundle = await cookStore();
    const contest = await withData(bundle);
    const before = records(bundle);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user, storage } = renderSection(bundle);

    await user.click(screen.getByRole('button', { name: 'Save on this device' }));
    expect(await screen.findByText('Backup saved on this device.')).toBeTruthy();
    const copy = JSON.parse(storage.getItem('cloudBackupLocal:backup-1') ?? '');
    expect(copy).toMatchObject({ version: 15, deviceId: 'device-test-abc123', backupId: 'backup-1' });
    const list = within(screen.getByRole('list', { name: 'Recent backups' }));
    expect(list.getByText('This device')).toBeTruthy();

    await bundle.store.dispatch(updateContest({ id: contest.id, name: 'Renamed' })).unwrap();
    await user.click(
      list.getByRole('button', {
        name: 'Restore PitClock-Backup-2026-06-01T15-00-00-000Z.json from this device',
      }),
    );
    await confirmRestore(user, 'Overwrite');
    expect(await screen.findByText('Backup restored: your data was replaced.')).toBeTruthy();
    expect(records(bundle)).toEqual(before);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a full local storage shows 'Local cloud storage is full. Please clear some data.'", async () => {
    const bundle = await cookStore();
    const memory = createMemoryStorage();
    const full: StorageLike = {
      getItem: (key) => memory.getItem(key),
      removeItem: (key) => memory.removeItem(key),
      setItem: (key, value) => {
        if (key.startsWith('cloudBackupLocal:'))
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        memory.setItem(key, value);
      },
    };
    const { user } = renderSection(bundle, { storage: full });
    await user.click(screen.getByRole('button', { name: 'Save on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Local cloud storage is full. Please clear some data.',
    );
    expect(progress('Backup progress').text).toBe('Saving on this device (2 of 3)');
    expect(screen.getByText('No backups yet.')).toBeTruthy();
  });

  it("a copy that is gone is 'Restore failed: Local backup not found' and changes nothing", async () => {
    const bundle = await cookStore();
    const { user, storage } = renderSection(bundle);
    await user.click(screen.getByRole('button', { name: 'Save on this device' }));
    await screen.findByText('Backup saved on this device.');
    storage.removeItem('cloudBackupLocal:backup-1');
    const before = bundle.store.getState();

    await user.click(screen.getByRole('button', { name: /from this device$/ }));
    await confirmRestore(user, 'Merge');
    expect((await screen.findByRole('alert')).textContent).toBe('Restore failed: Local backup not found');
    expect(bundle.store.getState()).toBe(before);
  });

  it('lists the newest 10 backups, newest first', async () => {
    const bundle = await cookStore();
    const { user } = renderSection(bundle);
    for (let minute = 1; minute <= 12; minute += 1) {
      bundle.clock.now = Date.parse(`2026-06-01T15:${String(minute).padStart(2, '0')}:00.000Z`);
      await user.click(screen.getByRole('button', { name: 'Save on this device' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Save on this device' }).hasAttribute('disabled')).toBe(
          false,
        ),
      );
    }
    const items = within(screen.getByRole('list', { name: 'Recent backups' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^PitClock-Backup/).textContent)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(
        (m) => `PitClock-Backup-2026-06-01T15-${String(m).padStart(2, '0')}-00-000Z.json`,
      ),
    );
  });
});

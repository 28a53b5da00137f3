import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  selectCookData,
  templateSelectors,
  contestSelectors,
  sanctioningBodySelectors,
  templateStepSelectors,
  runStepSelectors,
} from '../selectors';
import { STORE_NAMES } from '../types';
import { expectRejectedUnchanged, readyStore, type TestStore } from '../test-helpers';
import { downloadBackup, exportBackup, importRestore } from './backup';
import { addCategory } from './categories';
import { addContest, attachTemplate, setContestClock } from './contests';
import { getOrStartRunForContest } from './runs';
import { addTemplateStep } from './steps';
import { addTemplate } from './templates';

async function withData(store: TestStore, prefix: string) {
  const category = await store.dispatch(addCategory({ name: `${prefix} jackpot` })).unwrap();
  const template = await store
    .dispatch(addTemplate({ name: `${prefix} ribs`, category_id: category.id, turn_in_time: '12:00' }))
    .unwrap();
  await store
    .dispatch(addTemplateStep({ template_id: template.id, name: 'Wrap', minutes_before_turn_in: 90 }))
    .unwrap();
  const contest = await store
    .dispatch(
      addContest({ name: `${prefix} cook-off`, sanctioning_body_id: '2', contest_date: '2026-06-10' }),
    )
    .unwrap();
  await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
  await store.dispatch(setContestClock({ contest_id: contest.id, shown: '15:02' })).unwrap();
  await store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
  return { category, template, contest };
}

/** A store whose ids do not collide with another test store's ('b-1', 'b-2'...). */
function otherIds() {
  let next = 0;
  return () => `b-${++next}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exportBackup', () => {
  it('produces version, timestamp, app_version and data keyed by store name', async () => {
    const store = await readyStore();
    const { template } = await withData(store, 'A');
    const backup = await store.dispatch(exportBackup()).unwrap();
    expect(backup).toMatchObject({
      version: 15,
      timestamp: '2026-06-01T15:00:00.000Z',
      app_version: '9.9.9-test',
    });
    expect(Object.keys(backup.data).sort()).toEqual([...STORE_NAMES].sort());
    expect(backup.data.sanctioning_bodies).toHaveLength(10);
    expect(backup.data.templates.find((t) => t.id === template.id)).toMatchObject({
      usage_contests: 1,
      usage_run_steps: 1,
    });
    expect(backup.data.run_steps).toHaveLength(1);
  });
});

describe('downloadBackup', () => {
  it("saves the backup as 'PitClock-Backup-{timestamp}.json' through a download link", async () => {
    const store = await readyStore();
    await withData(store, 'A');
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:backup';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const fileName = await store.dispatch(downloadBackup()).unwrap();
    expect(fileName).toBe('PitClock-Backup-2026-06-01T15-00-00-000Z.json');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(fileName);
    expect(clicked[0]!.href).toBe('blob:backup');
    expect(document.querySelector('a[download]')).toBeNull();
    const saved = JSON.parse(await blob!.text());
    expect(saved).toMatchObject({ version: 15, app_version: '9.9.9-test' });
    expect(saved.data.contests).toHaveLength(1);
  });
});

describe('importRestore', () => {
  it('overwrite: the restored store holds exactly the backup (round trip)', async () => {
    const source = await readyStore();
    await withData(source, 'A');
    const backup = await source.dispatch(exportBackup()).unwrap();

    const target = await readyStore({ newId: otherIds() });
    await withData(target, 'B');
    const result = await target
      .dispatch(importRestore({ json: JSON.stringify(backup), mode: 'overwrite' }))
      .unwrap();
    expect(result).toMatchObject({ mode: 'overwrite', format: 'backup' });
    expect(result.counts).toMatchObject({
      sanctioning_bodies: 10,
      categories: 5,
      templates: 1,
      run_steps: 1,
    });
    expect(selectCookData(target.getState())).toEqual(selectCookData(source.getState()));
  });

  it('merge: keeps current records and adds or replaces the backup ones by id', async () => {
    const source = await readyStore();
    const a = await withData(source, 'A');
    const backup = await source.dispatch(exportBackup()).unwrap();
    const target = await readyStore({ newId: otherIds() });
    const b = await withData(target, 'B');
    await target.dispatch(importRestore({ json: backup, mode: 'merge' })).unwrap();
    const names = templateSelectors
      .selectAll(target.getState())
      .map((t) => t.name)
      .sort();
    expect(names).toEqual(['A ribs', 'B ribs']);
    expect(contestSelectors.selectIds(target.getState())).toEqual(
      expect.arrayContaining([a.contest.id, b.contest.id]),
    );
    expect(sanctioningBodySelectors.selectTotal(target.getState())).toBe(10);
  });

  it('accepts the five-store export variant and reads alternative field names', async () => {
    const store = await readyStore();
    const exported = {
      meta: { version: 15, exported_at: '2026-05-01T00:00:00.000Z' },
      contests: [
        {
          id: 7,
          title: 'Lubbock',
          date: '2026-07-04',
          sanctioning_body_id: 1,
          walk_time_adjust_minutes: '30',
        },
      ],
      templates: [{ id: 3, name: 'Brisket', turn_in_time: '1:30 PM', category_id: 4 }],
      template_steps: [
        { id: 9, template_id: 3, step_name: 'Trim', mins_before_turn_in: '720', time: '13:30' },
      ],
      categories: [],
      contest_templates: [{ id: 1, contest_id: 7, template_id: 3, override_turn_in_time: null }],
    };
    const result = await store.dispatch(importRestore({ json: exported, mode: 'merge' })).unwrap();
    expect(result.format).toBe('export');
    const state = store.getState();
    expect(contestSelectors.selectById(state, '7')).toMatchObject({
      name: 'Lubbock',
      contest_date: '2026-07-04',
      sanctioning_body_id: '1',
      walk_time_adjust_minutes: 20,
      created_at: '2026-06-01T15:00:00.000Z',
      is_local: true,
    });
    expect(templateSelectors.selectById(state, '3')).toMatchObject({
      turn_in_time: '13:30',
      is_archived: false,
      category_id: '4',
    });
    expect(templateStepSelectors.selectById(state, '9')).toMatchObject({
      name: 'Trim',
      minutes_before_turn_in: 720,
      turn_in_time: '13:30',
    });
  });

  it('reads run steps by step_id with due_at and a nested template', async () => {
    const store = await readyStore();
    const json = {
      version: 15,
      data: {
        runs: [{ id: 'r1', contest_id: 'c1', status: 'active', contest_date: '2026-06-10', name: 'X' }],
        run_steps: [
          {
            step_id: 's1',
            run_id: 'r1',
            step_name: 'Box',
            due_at: '2026-06-10T11:45:00Z',
            template: { name: 'Ribs', description: 'Six bones' },
          },
        ],
      },
    };
    await store.dispatch(importRestore({ json, mode: 'merge' })).unwrap();
    expect(runStepSelectors.selectById(store.getState(), 's1')).toMatchObject({
      name: 'Box',
      template_name: 'Ribs',
      description: 'Six bones',
      scheduled_at: '2026-06-10T11:45:00.000Z',
      status: 'pending',
    });
  });

  it('accepts a file without a version and older versions (as numbers or numeric text)', async () => {
    const store = await readyStore();
    for (const version of [undefined, null, 1, 14, '15']) {
      const id = `v-${String(version)}`;
      const json = { version, data: { categories: [{ id, name: `Old ${id}` }] } };
      await store.dispatch(importRestore({ json, mode: 'merge' })).unwrap();
    }
    expect(
      selectCookData(store.getState())
        .categories.map((c) => c.id)
        .filter((id) => id.startsWith('v-')),
    ).toEqual(['v-undefined', 'v-null', 'v-1', 'v-14', 'v-15']);
  });

  it('puts back the seeded records an overwrite lacks', async () => {
    const store = await readyStore();
    await store
      .dispatch(
        importRestore({
          json: { version: 15, data: { sanctioning_bodies: [], categories: [] } },
          mode: 'overwrite',
        }),
      )
      .unwrap();
    expect(sanctioningBodySelectors.selectTotal(store.getState())).toBe(10);
  });

  it.each([
    ['not JSON', '{nope', 'Invalid backup file format'],
    ['no data object', { version: 15 }, 'Invalid backup file format'],
    ['data not an object', { data: [1] }, 'Invalid backup file format'],
    ['a store that is not a list', { data: { templates: { a: 1 } } }, 'Invalid backup payload'],
    ['no known store', { data: { recipes: [] } }, 'Invalid backup payload'],
    ['a record that is not an object', { data: { templates: [1] } }, 'Invalid backup data format'],
    ['a record without id', { data: { templates: [{ name: 'x' }] } }, 'Invalid backup data format'],
    [
      'a bad record after good ones',
      { data: { templates: [{ id: 1, name: 'ok' }], contests: [{ id: 2, name: 'no date' }] } },
      'Invalid backup data format',
    ],
    ['a version from a newer app', { version: 16, data: { templates: [] } }, 'Unsupported backup version'],
    [
      'a version that is not a number',
      { version: 'x', data: { templates: [] } },
      'Unsupported backup version',
    ],
    ['version 0', { version: 0, data: { templates: [] } }, 'Unsupported backup version'],
    [
      'an export variant from a newer app',
      { meta: { version: 99 }, contests: [], templates: [] },
      'Unsupported backup version',
    ],
    ['a newer version in JSON text', '{"version":16,"data":{"templates":[]}}', 'Unsupported backup version'],
  ])('refuses %s, in both modes, leaving the state as it was', async (_case, json, message) => {
    const store = await readyStore();
    await withData(store, 'A');
    for (const mode of ['overwrite', 'merge'] as const) {
      await expectRejectedUnchanged(
        store,
        () => store.dispatch(importRestore({ json, mode })).unwrap(),
        message,
      );
    }
  });
});

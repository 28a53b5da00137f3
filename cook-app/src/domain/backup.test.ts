import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BACKUP_STORES,
  backupFileName,
  buildBackup,
  keepNewestBackupRefs,
  mergeBackup,
  parseBackup,
  type BackupData,
} from './backup';
import {
  normaliseContest,
  normaliseRunStep,
  normaliseTemplate,
  normaliseTemplateStep,
  type AnyRecord,
} from './readers';

const NOW = '2026-05-16T18:04:05.678Z';

describe('buildBackup and backupFileName', () => {
  it('produces version 15, the timestamp, the app version and every store', () => {
    const file = buildBackup(
      { contests: [{ id: 'c1', name: 'Fest' }] },
      { nowIso: NOW, appVersion: '1.2.3' },
    );
    expect(file.version).toBe(15);
    expect(file.timestamp).toBe(NOW);
    expect(file.app_version).toBe('1.2.3');
    expect(Object.keys(file.data)).toEqual([...BACKUP_STORES]);
    expect(file.data.contests).toEqual([{ id: 'c1', name: 'Fest' }]);
    expect(file.data.runs).toEqual([]);
    expect(file).not.toHaveProperty('deviceId');
  });
  it('adds the cloud fields when given', () => {
    const file = buildBackup(
      {},
      { nowIso: NOW, appVersion: '1', deviceId: 'device-x', uploadedAt: NOW, backupId: 'b1' },
    );
    expect(file).toMatchObject({ deviceId: 'device-x', uploadedAt: NOW, backupId: 'b1' });
  });
  it("names the file 'PitClock-Backup-{timestamp}.json' with a file-safe timestamp", () => {
    expect(backupFileName(NOW)).toBe('PitClock-Backup-2026-05-16T18-04-05-678Z.json');
  });
});

describe('parseBackup', () => {
  const good = buildBackup(
    {
      contests: [{ id: 'c1', name: 'Fest', contest_date: '2026-06-01', walk_time_adjust_minutes: 5 }],
      contest_environment: [{ contest_id: 'c1', lat: 1, lon: 2 }],
      run_steps: [{ id: 'rs1', run_id: 'r1', name: 'Box', scheduled_at: '2026-06-01T18:00:00.000Z' }],
    },
    { nowIso: NOW, appVersion: '1' },
  );

  it('accepts the main format, as an object or as JSON text', () => {
    const parsed = parseBackup(JSON.parse(JSON.stringify(good)));
    expect(parsed).toMatchObject({ ok: true, format: 'backup', version: 15, timestamp: NOW });
    expect(parseBackup(JSON.stringify(good))).toEqual(parsed);
  });

  it('accepts the export variant: meta and five stores at the top level', () => {
    const exported = {
      meta: { exported_at: NOW, app: 'PitClock' },
      contests: [{ id: 'c1', title: 'Fest', date: '2026-06-01' }],
      templates: [{ id: 't1', name: 'Ribs', turn_in_time: '1:00 PM' }],
      template_steps: [{ id: 's1', template_id: 't1', step_name: 'Wrap', offset_minutes: 90 }],
      categories: [],
      contest_templates: [{ id: 'a1', contest_id: 'c1', template_id: 't1', override_turn_in_time: null }],
      runs: [{ id: 'ignored' }],
    };
    const parsed = parseBackup(exported);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.format).toBe('export');
    expect(parsed.timestamp).toBe(NOW);
    expect(Object.keys(parsed.data).sort()).toEqual([
      'categories',
      'contest_templates',
      'contests',
      'template_steps',
      'templates',
    ]);
    expect(parsed.data.contests?.[0]).toMatchObject({
      name: 'Fest',
      contest_date: '2026-06-01',
      walk_time_adjust_minutes: 0,
    });
    expect(parsed.data.templates?.[0]).toMatchObject({ turn_in_time: '13:00' });
    expect(parsed.data.template_steps?.[0]).toMatchObject({ name: 'Wrap', minutes_before_turn_in: 90 });
  });

  it("'Invalid backup file format' when it is not an object with a data object (or the export variant)", () => {
    for (const bad of [
      'not json',
      '[]',
      42,
      null,
      [],
      {},
      { version: 15 },
      { data: [] },
      { data: 'x' },
      { contests: [] },
    ]) {
      expect(parseBackup(bad)).toEqual({ ok: false, error: 'Invalid backup file format' });
    }
  });

  it("'Invalid backup payload' when a store is not a list or no known store is present", () => {
    expect(parseBackup({ data: {} })).toEqual({ ok: false, error: 'Invalid backup payload' });
    expect(parseBackup({ data: { unknown_store: [] } })).toEqual({
      ok: false,
      error: 'Invalid backup payload',
    });
    expect(parseBackup({ data: { contests: [], runs: { r1: {} } } })).toEqual({
      ok: false,
      error: 'Invalid backup payload',
    });
    expect(parseBackup({ meta: {}, contests: 'all of them' })).toEqual({
      ok: false,
      error: 'Invalid backup payload',
    });
    expect(parseBackup({ meta: {} })).toEqual({ ok: false, error: 'Invalid backup payload' });
  });

  it("'Invalid backup data format' when a record is not an object or has no id, anywhere in the file", () => {
    const withBad = (store: string, record: unknown) => ({
      ...good,
      data: { ...good.data, [store]: [...(good.data[store as 'runs'] ?? []), record] },
    });
    expect(parseBackup(withBad('runs', 'r1'))).toEqual({ ok: false, error: 'Invalid backup data format' });
    expect(parseBackup(withBad('categories', { name: 'no id' }))).toEqual({
      ok: false,
      error: 'Invalid backup data format',
    });
    expect(parseBackup(withBad('contest_environment', { id: 'e', lat: 1 }))).toEqual({
      ok: false,
      error: 'Invalid backup data format',
    });
    expect(parseBackup(withBad('run_steps', { step_id: 'ok' }))).toMatchObject({ ok: true });
  });

  it('ignores unknown stores and treats null stores as absent', () => {
    const parsed = parseBackup({ data: { contests: [], extra: [1, 2], runs: null } });
    expect(parsed).toMatchObject({ ok: true, data: { contests: [] } });
    expect(parsed.ok && Object.keys(parsed.data)).toEqual(['contests']);
  });
});

describe('mergeBackup', () => {
  const current: BackupData = {
    contests: [
      { id: 1, name: 'Old A' },
      { id: 2, name: 'Keep B' },
    ],
    runs: [{ id: 'r1' }],
    contest_environment: [{ contest_id: 1, lat: 0 }],
  };
  const incoming: BackupData = {
    contests: [
      { id: '1', name: 'New A' },
      { id: 3, name: 'New C' },
    ],
    contest_environment: [{ contest_id: 1, lat: 5 }],
  };

  it('overwrite replaces the stores the backup holds and keeps the others', () => {
    expect(mergeBackup(current, incoming, 'overwrite')).toEqual({
      contests: incoming.contests,
      runs: [{ id: 'r1' }],
      contest_environment: [{ contest_id: 1, lat: 5 }],
    });
  });

  it('merge matches by id (1 and "1" alike), the incoming record wins, new ones are appended', () => {
    expect(mergeBackup(current, incoming, 'merge')).toEqual({
      contests: [
        { id: '1', name: 'New A' },
        { id: 2, name: 'Keep B' },
        { id: 3, name: 'New C' },
      ],
      runs: [{ id: 'r1' }],
      contest_environment: [{ contest_id: 1, lat: 5 }],
    });
  });

  it('does not change its inputs', () => {
    const before = structuredClone(current);
    mergeBackup(current, incoming, 'merge');
    mergeBackup(current, incoming, 'overwrite');
    expect(current).toEqual(before);
  });
});

describe('backup references', () => {
  it('keeps the newest 10', () => {
    const refs = Array.from({ length: 12 }, (_, i) => ({
      backupId: `b${i}`,
      uploadedAt: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    }));
    const kept = keepNewestBackupRefs(refs.slice(0, 11), refs[11]);
    expect(kept.map((r) => r.backupId)).toEqual([
      'b11',
      'b10',
      'b9',
      'b8',
      'b7',
      'b6',
      'b5',
      'b4',
      'b3',
      'b2',
    ]);
  });
});

describe('backup round trip (property)', () => {
  const NORMALISE: Partial<Record<string, (r: AnyRecord) => AnyRecord>> = {
    templates: normaliseTemplate,
    template_steps: normaliseTemplateStep,
    contests: normaliseContest,
    run_steps: normaliseRunStep,
  };
  const fields = fc
    .dictionary(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((k) => !['id', 'step_id', 'contest_id', '__proto__'].includes(k)),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 5 },
    )
    .map((f) => JSON.parse(JSON.stringify(f)) as AnyRecord); // JSON values as JSON keeps them (-0 is written 0)
  const known = fc.record(
    {
      name: fc.string(),
      contest_date: fc.constantFrom('2026-03-08', '2026-11-01T05:00:00Z', 'soon'),
      turn_in_time: fc.constantFrom('13:00', '1:30 PM', '12 AM', 'noon'),
      minutes_before_turn_in: fc.oneof(fc.integer({ min: -100, max: 2000 }), fc.constant('90')),
      scheduled_at: fc.constantFrom('2026-03-08T18:00:00Z', '2026-03-08T12:00:00-06:00', 'later'),
      walk_time_adjust_minutes: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.string()),
    },
    { requiredKeys: [] },
  );
  const record = (key: string) =>
    fc
      .tuple(fc.oneof(fc.uuid(), fc.integer({ min: 1, max: 1e6 })), fields, known)
      .map(([id, extra, k]) => ({ ...extra, ...k, [key]: id }) as AnyRecord);
  const data = fc.record(
    Object.fromEntries(
      BACKUP_STORES.map((store) => [
        store,
        fc.array(record(store === 'contest_environment' ? 'contest_id' : 'id'), { maxLength: 4 }),
      ]),
    ) as Record<(typeof BACKUP_STORES)[number], fc.Arbitrary<AnyRecord[]>>,
  );

  it('buildBackup -> JSON -> parseBackup gives back the (normalised) data unchanged', () => {
    fc.assert(
      fc.property(data, (raw) => {
        // What the store holds is normalised (it imports through the same readers).
        const stored = Object.fromEntries(
          Object.entries(raw).map(([store, list]) => [store, list.map((r) => NORMALISE[store]?.(r) ?? r)]),
        ) as BackupData;
        const file = buildBackup(stored, { nowIso: NOW, appVersion: '1.0.0' });
        const parsed = parseBackup(JSON.stringify(file));
        expect(parsed).toEqual({ ok: true, format: 'backup', version: 15, timestamp: NOW, data: file.data });
        expect(parsed.ok && mergeBackup({}, parsed.data, 'overwrite')).toEqual(file.data);
      }),
    );
  });
});

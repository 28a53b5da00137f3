import { describe, expect, it } from 'vitest';
import { toDiagnostics } from './offline-diagnostics';
import { SEEDED_BODIES, bodies, cookState, entityState, globalCategories } from './test-support';

describe('toDiagnostics (the offline diagnostics of SPEC.md section 3)', () => {
  it('is null when nothing is stored', () => {
    expect(toDiagnostics(null)).toBeNull();
    expect(toDiagnostics(undefined)).toBeNull();
  });

  it('reads version, migrated and seeded flags, counts per store and the sanctioning-body names', () => {
    const state = cookState({
      migratedFrom: 14,
      migratedAt: '2026-05-02T08:00:00.000Z',
      records: {
        sanctioning_bodies: bodies(SEEDED_BODIES),
        categories: globalCategories(),
        templates: [{ id: 't1', name: 'Ribs' }],
        contests: [
          { id: 'c1', name: 'Odessa' },
          { id: 'c2', name: 'Lubbock' },
        ],
      },
    });
    expect(toDiagnostics(state)).toEqual({
      dbVersion: 15,
      migrated: true,
      migratedFrom: 14,
      migratedAt: '2026-05-02T08:00:00.000Z',
      seeded: true,
      seededAt: '2026-05-01T09:00:00.000Z',
      counts: {
        sanctioning_bodies: 10,
        categories: 4,
        templates: 1,
        template_steps: 0,
        contests: 2,
        contest_templates: 0,
        runs: 0,
        run_steps: 0,
        step_notes: 0,
        contest_environment: 0,
      },
      sanctioningBodyNames: SEEDED_BODIES,
      duplicateSanctioningBodies: [],
      duplicates: [],
    });
  });

  it('finds sanctioning bodies and global categories stored twice by name (trimmed, any case)', () => {
    const state = cookState({
      records: {
        sanctioning_bodies: [
          ...bodies(['Unsanctioned', 'Kansas City Barbecue Society (KCBS)']),
          { id: '11', name: ' unsanctioned ' },
          { id: '12', name: 'Unsanctioned' },
        ],
        categories: [
          ...globalCategories(['Chicken', 'Ribs']),
          { id: '9', name: 'chicken', user_id: null },
          { id: '10', name: 'Ribs', user_id: 'local' },
        ],
      },
    });
    const report = toDiagnostics(state)!;
    expect(report.duplicateSanctioningBodies).toEqual(['Unsanctioned']);
    expect(report.duplicates).toEqual([
      { store: 'sanctioning_bodies', kind: 'name', value: 'Unsanctioned', count: 3 },
      { store: 'categories', kind: 'name', value: 'Chicken', count: 2 },
    ]);
  });

  it('finds an id listed twice in a store (a damaged entity state) and counts its record once', () => {
    const state = {
      ...cookState(),
      templates: { ids: ['a', 'b', 'a'], entities: { a: { id: 'a' }, b: { id: 'b' } } },
    };
    const report = toDiagnostics(state)!;
    expect(report.counts.templates).toBe(2);
    expect(report.duplicates).toEqual([{ store: 'templates', kind: 'id', value: 'a', count: 2 }]);
  });

  it('reads a state not migrated yet: version 12 with plain lists, no seed time', () => {
    const report = toDiagnostics({
      sanctioning_bodies: [
        { id: 1, name: 'KCBS' },
        { id: 1, name: 'KCBS' },
      ],
      contests: [{ id: 4, title: 'Old one', date: '2025-01-01' }],
      appMeta: {},
      _persist: { version: 12, rehydrated: true },
    })!;
    expect(report).toMatchObject({ dbVersion: 12, migrated: false, seeded: false, seededAt: null });
    expect(report.counts).toMatchObject({ sanctioning_bodies: 2, contests: 1, templates: 0 });
    expect(report.duplicates).toEqual([
      { store: 'sanctioning_bodies', kind: 'id', value: '1', count: 2 },
      { store: 'sanctioning_bodies', kind: 'name', value: 'KCBS', count: 2 },
    ]);
  });

  it("reads redux-persist's JSON format too (serialize: true: JSON of JSON slices)", () => {
    const state = cookState({ records: { sanctioning_bodies: bodies(['Unsanctioned']) } });
    const json = JSON.stringify(
      Object.fromEntries(Object.entries(state).map(([k, v]) => [k, JSON.stringify(v)])),
    );
    expect(toDiagnostics(json)).toMatchObject({ dbVersion: 15, sanctioningBodyNames: ['Unsanctioned'] });
  });

  it('a state without _persist has no version and is not migrated', () => {
    const state: Record<string, unknown> = { ...cookState(), sanctioning_bodies: entityState([]) };
    delete state._persist;
    expect(toDiagnostics(state)).toMatchObject({ dbVersion: null, migrated: false });
  });

  it('throws on a record that is not readable at all', () => {
    expect(() => toDiagnostics('{not json')).toThrow();
    expect(() => toDiagnostics(42)).toThrow('The stored state is not an object.');
  });
});

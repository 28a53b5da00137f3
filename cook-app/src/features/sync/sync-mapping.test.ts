import { describe, expect, it } from 'vitest';
import type { SyncRecord } from '@pitclock/contracts/sync';
import { diffSnapshots, emptySnapshot, snapshotFromSync } from './sync-mapping';

const NOW = '2026-06-01T15:00:00.000Z';
const TEAM = 't:0b4c2f4e-1d1a-4c1e-9a51-3f1c2b6d7e8f';
const settingsRecord = (scope: SyncRecord['scope'], temperature: string): SyncRecord => ({
  scope,
  store: 'settings',
  id: 'account',
  fields: { temperature_unit: temperature, wind_unit: 'mph', created_at: NOW, updated_at: NOW },
  clocks: { temperature_unit: '1', wind_unit: '1', created_at: '1', updated_at: '1' },
  deleted: null,
});

describe('the settings store in the sync mapping', () => {
  it('reads the account’s settings from its own scope, never from a team’s', () => {
    const fromTeamOnly = snapshotFromSync([settingsRecord(TEAM, 'celsius')], NOW);
    expect(fromTeamOnly.settings.ids).toEqual([]);
    const both = snapshotFromSync(
      [settingsRecord(TEAM, 'celsius'), settingsRecord('u:7', 'fahrenheit')],
      NOW,
    );
    expect(both.settings.entities.account).toMatchObject({ temperature_unit: 'fahrenheit', is_local: false });
  });

  it('a changed setting is one mutation of that field, in the account’s scope', () => {
    const before = emptySnapshot();
    const record = {
      id: 'account',
      temperature_unit: 'celsius' as const,
      wind_unit: null,
      created_at: NOW,
      updated_at: NOW,
      is_local: true,
    };
    const after = { ...before, settings: { ids: ['account'], entities: { account: record } } };
    const changed = {
      ...after,
      settings: { ids: ['account'], entities: { account: { ...record, wind_unit: 'kmh' as const } } },
    };
    let n = 0;
    const stamp = () => String(++n);
    expect(diffSnapshots(before, after, '7', stamp)).toEqual([
      {
        scope: 'u:7',
        store: 'settings',
        id: 'account',
        hlc: '1',
        set: { temperature_unit: 'celsius', wind_unit: null, created_at: NOW, updated_at: NOW },
      },
    ]);
    expect(diffSnapshots(after, changed, '7', stamp)).toEqual([
      { scope: 'u:7', store: 'settings', id: 'account', hlc: '2', set: { wind_unit: 'kmh' } },
    ]);
  });
});

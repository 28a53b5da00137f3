import fc from 'fast-check';
import { AUDIT_ACTIONS, type AuditEntry } from '@pitclock/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, AREA_ACTIONS, changesOf, userIdsOf, valueText } from './audit-rows';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  created_at: '2026-11-29T12:00:00.000Z',
  actor_id: 1,
  action: 'user.update',
  target_id: '7',
  subject_user_id: 7,
  before: null,
  after: null,
  ...overrides,
});

describe('audit rows', () => {
  it('every action has a label and belongs to exactly one trail', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(ACTION_LABELS[action]).toBeTruthy();
      expect(AREA_ACTIONS.accounts.includes(action) !== AREA_ACTIONS.licensing.includes(action)).toBe(true);
    }
  });

  it('shows only the fields that changed, after-side order first', () => {
    const changes = changesOf(
      entry({ before: { name: 'Ann', email: 'a@x.io' }, after: { email: 'b@x.io', name: 'Ann' } }),
    );
    expect(changes).toEqual([{ field: 'email', before: 'a@x.io', after: 'b@x.io' }]);
  });

  it('a creation has only after values, a deletion only before values', () => {
    expect(changesOf(entry({ after: { code: 'SMOKE', max_uses: null } }))).toEqual([
      { field: 'code', before: '—', after: 'SMOKE' },
    ]);
    expect(changesOf(entry({ before: { is_admin: true } }))).toEqual([
      { field: 'is_admin', before: 'yes', after: '—' },
    ]);
  });

  it('an action that changed nothing still shows its fields', () => {
    const same = { revoked_at: '2026-11-29T10:00:00.000Z' };
    expect(changesOf(entry({ before: same, after: same }))).toEqual([
      { field: 'revoked_at', before: same.revoked_at, after: same.revoked_at },
    ]);
  });

  it('any stored values give one line per field and never throw', () => {
    const values = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue());
    fc.assert(
      fc.property(fc.option(values, { nil: null }), fc.option(values, { nil: null }), (before, after) => {
        const changes = changesOf(entry({ before, after }));
        const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
        expect(changes.length).toBeLessThanOrEqual(fields.size);
        for (const change of changes) expect(fields.has(change.field)).toBe(true);
      }),
    );
  });

  it('values read as text', () => {
    expect([null, undefined, false, 3, '', 'x', { a: 1 }].map(valueText)).toEqual([
      '—',
      '—',
      'no',
      '3',
      '""',
      'x',
      '{"a":1}',
    ]);
  });

  it('the users to look up are the actors and subjects, once each', () => {
    expect(
      userIdsOf([
        entry({ actor_id: 1, subject_user_id: 7 }),
        entry({ actor_id: 1, subject_user_id: null }),
        entry({ actor_id: 2, subject_user_id: 1 }),
      ]),
    ).toEqual([1, 7, 2]);
  });
});

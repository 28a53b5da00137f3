// What an audit entry says to an admin: the action in words, and the fields it changed as before -> after.
import {
  AUDIT_TRAIL_ACTIONS,
  AUDIT_TRAILS,
  type AuditAction,
  type AuditEntry,
  type AuditTrail,
} from '@pitclock/contracts/schemas';

/** The two audit trails: each service keeps its own (contracts' audit.ts). */
export const AUDIT_AREAS = AUDIT_TRAILS;
export type AuditArea = AuditTrail;

export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.update': 'User edited',
  'user.delete': 'User deleted',
  'user.toggle_admin': 'Admin role changed',
  'promo_code.create': 'Promo code created',
  'promo_code.toggle': 'Promo code enabled or disabled',
  'credits.adjust': 'Credits adjusted',
  'credits.grant': 'Credits granted',
  'activation_code.mint': 'Activation code minted',
  'device.activate': 'Device activated',
  'device.revoke': 'Device revoked',
  'device.restore': 'Device restored',
};

/** The actions each trail records. */
export const AREA_ACTIONS: Record<AuditArea, readonly AuditAction[]> = AUDIT_TRAIL_ACTIONS;

/** One field an action changed (or set, or cleared): its name and its values as text ('—' for none). */
export type AuditChange = { field: string; before: string; after: string };

const NONE = '—';

/** A stored value as a line of text: instants and strings as they are, yes/no, JSON for the rest. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields of an entry, each with its value before and after the action, in the order the entry names
 * them (after's first): a field whose value did not change is left out, unless nothing changed (a revoke
 * of a device already revoked), when every field is shown as it was.
 */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const all = fields.map((field) => ({
    field,
    before: valueText(before[field]),
    after: valueText(after[field]),
  }));
  const changed = all.filter((change) => change.before !== change.after);
  return changed.length > 0 ? changed : all;
}

/** The users an audit page names (who acted, whom it concerned), to look up in one request. */
export const userIdsOf = (entries: readonly AuditEntry[]): number[] => [
  ...new Set(
    entries.flatMap((entry) =>
      [entry.actor_id, entry.subject_user_id].filter((id): id is number => id !== null),
    ),
  ),
];

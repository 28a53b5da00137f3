// The audit trail of admin actions (issue 23, item 5). Each service records the admin actions it performs
// in its own append-only table, in the same transaction as the action, and lists them on its own path
// (accounts: auth; licensing: licensing), both in this shape; the console shows them as two tabs.
import { z } from 'zod';
import { definePage, pageAnswer, pageQueryShape, toPageRequest } from './pages';
import { PG_INTEGER_MAX } from './stored-values';

/** A user id in an audit entry (classic zod: auth-answers' UserId is zod/mini). */
const UserId = z.number().int().positive();

/** The two audit trails: each service keeps its own. */
export const AUDIT_TRAILS = ['accounts', 'licensing'] as const;
export type AuditTrail = (typeof AUDIT_TRAILS)[number];

/** What an admin did, by the trail that records it. The part before the dot is the kind of record it touched. */
export const AUDIT_TRAIL_ACTIONS = {
  accounts: ['user.update', 'user.delete', 'user.toggle_admin'],
  licensing: [
    'promo_code.create',
    'promo_code.toggle',
    'credits.adjust',
    'credits.grant',
    'activation_code.mint',
    'device.activate',
    'device.revoke',
    'device.restore',
  ],
} as const;

export const AUDIT_ACTIONS = [...AUDIT_TRAIL_ACTIONS.accounts, ...AUDIT_TRAIL_ACTIONS.licensing] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** The fields of a record an action changed, as they were before and after it (null: none, e.g. a creation). */
export const AuditValues = z.record(z.string(), z.unknown()).nullable();
export type AuditValues = z.infer<typeof AuditValues>;

/** One admin action. */
export const AuditEntry = z.object({
  id: z.number().int().positive(),
  created_at: z.string(),
  /** The admin who acted (null only if the action had none, which no admin route allows). */
  actor_id: UserId.nullable(),
  action: AuditAction,
  /** The id of the record acted on (a user id, a promo code id, a device id...). */
  target_id: z.string(),
  /** The user the action concerns (the user edited, the owner of a device, the holder of credits). */
  subject_user_id: UserId.nullable(),
  before: AuditValues,
  after: AuditValues,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The sorts of an audit page: by time, newest first unless asked. */
export const AUDIT_PAGE = definePage({
  columns: { created_at: 'instant', action: 'text' },
  defaultSort: '-created_at',
});

const optionalUserId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().max(PG_INTEGER_MAX))
    .optional(),
);

/**
 * GET /admin/audit/accounts and /admin/audit/licensing (admin): always a page. q: part of the action, the
 * target id or a before/after value, any case; actor_id: one admin's actions; subject_user_id: the
 * actions on one user; action: one action.
 */
export const AuditQuery = z
  .object({
    ...pageQueryShape(AUDIT_PAGE),
    actor_id: optionalUserId,
    subject_user_id: optionalUserId,
    action: z.preprocess((value) => (value === '' ? undefined : value), AuditAction.optional()),
  })
  .transform(({ actor_id, subject_user_id, action, ...fields }, ctx) => ({
    actor_id,
    subject_user_id,
    action,
    page: toPageRequest(AUDIT_PAGE, fields, ctx),
  }));
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPageResponse = pageAnswer(AuditEntry);
export type AuditPageResponse = z.infer<typeof AuditPageResponse>;

// What the audit trail says of each admin action of this service (and of every device activation): who
// acted, on which record, for which user, and the fields the action changed as they were before and after
// it. Never an activation code or its hash.
import { AUDIT_TRAIL_ACTIONS, type AuditValues } from '@pitclock/contracts/schemas';
import type { AdminCreditReason } from './credits';

/** The actions this service records: all but the accounts' (auth's); its table's CHECK allows only these. */
export type LicensingAuditAction = (typeof AUDIT_TRAIL_ACTIONS.licensing)[number];
export const LICENSING_AUDIT_ACTIONS: readonly LicensingAuditAction[] = AUDIT_TRAIL_ACTIONS.licensing;

/** One row of the audit trail, as an action writes it (its id and time are the table's). */
export type AuditRecord = {
  actorId: number;
  action: LicensingAuditAction;
  targetId: string;
  subjectUserId: number | null;
  before: AuditValues;
  after: AuditValues;
};

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export const promoCodeCreated = (
  actorId: number,
  promo: {
    id: number;
    code: string;
    maxUses: number | null;
    licenseDays: number | null;
    expiresAt: Date | null;
    isActive: boolean;
  },
): AuditRecord => ({
  actorId,
  action: 'promo_code.create',
  targetId: String(promo.id),
  subjectUserId: null,
  before: null,
  after: {
    code: promo.code,
    max_uses: promo.maxUses,
    license_days: promo.licenseDays,
    expires_at: iso(promo.expiresAt),
    is_active: promo.isActive,
  },
});

export const promoCodeToggled = (actorId: number, promoCodeId: number, isActive: boolean): AuditRecord => ({
  actorId,
  action: 'promo_code.toggle',
  targetId: String(promoCodeId),
  subjectUserId: null,
  before: { is_active: !isActive },
  after: { is_active: isActive },
});

const creditActions: Record<AdminCreditReason, LicensingAuditAction> = {
  admin_adjust: 'credits.adjust',
  admin_grant: 'credits.grant',
};

/** An admin's change of a user's credits; the balance is the one after the change. */
export const creditsChanged = (
  actorId: number,
  reason: AdminCreditReason,
  { userId, delta, balance }: { userId: number; delta: number; balance: number },
): AuditRecord => ({
  actorId,
  action: creditActions[reason],
  targetId: String(userId),
  subjectUserId: userId,
  before: { balance: balance - delta },
  after: { balance, delta },
});

export const activationCodeMinted = (
  actorId: number,
  code: { id: number; userId: number; expiresAt: Date },
): AuditRecord => ({
  actorId,
  action: 'activation_code.mint',
  targetId: String(code.id),
  subjectUserId: code.userId,
  before: null,
  after: { expires_at: iso(code.expiresAt) },
});

/**
 * A device licensed with an activation code and one of its owner's credits, by whoever activated it;
 * `previous` is the device's licence before (undefined for a device new to its owner).
 */
export const deviceActivated = (
  callerId: number,
  {
    device,
    previous,
    balance,
    activationCodeId,
  }: {
    device: {
      id: number;
      userId: number;
      deviceUid: string;
      deviceName: string | null;
      licenseExpiresAt: Date;
    };
    previous: { licenseExpiresAt: Date } | undefined;
    balance: number;
    activationCodeId: number;
  },
): AuditRecord => ({
  actorId: callerId,
  action: 'device.activate',
  targetId: String(device.id),
  subjectUserId: device.userId,
  before: { balance: balance + 1, license_expires_at: previous ? iso(previous.licenseExpiresAt) : null },
  after: {
    balance,
    license_expires_at: iso(device.licenseExpiresAt),
    device_uid: device.deviceUid,
    device_name: device.deviceName,
    activation_code_id: activationCodeId,
  },
});

/** A device revoked or restored; revoking a revoked device keeps its first time (before = after). */
export const deviceRevocationSet = (
  actorId: number,
  device: { id: number; userId: number; revokedAt: Date | null },
  revokedBefore: Date | null,
): AuditRecord => ({
  actorId,
  action: device.revokedAt === null ? 'device.restore' : 'device.revoke',
  targetId: String(device.id),
  subjectUserId: device.userId,
  before: { revoked_at: iso(revokedBefore) },
  after: { revoked_at: iso(device.revokedAt) },
});

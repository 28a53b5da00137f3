import { isUniqueViolation, type Db } from '@pitclock/kit';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ActivationRefusal } from '../domain/activation';
import { activationCodeMinted, deviceActivated } from '../domain/audit';
import { CREDIT_REASONS } from '../domain/credits';
import { recordAudit } from './audit-repository';
import { applyCreditChange } from './credits-repository';
import { upsertDevice } from './devices-repository';
import { activationCodes, creditBalances, devices, type ActivationCodeRow, type DeviceRow } from './schema';

export type ActivateResult =
  | { kind: 'refused'; reason: ActivationRefusal }
  | { kind: 'activated'; code: ActivationCodeRow; device: DeviceRow; balance: number };

export type ActivationCodesRepository = {
  /**
   * 'code_taken' when a code with that hash exists already (the caller draws another). Recorded in the
   * audit trail as createdBy's, in the same transaction (the row's id and user, never the code or its hash).
   */
  mint: (input: {
    codeHash: string;
    userId: number;
    createdBy: number;
    expiresAt: Date;
    now: Date;
  }) => Promise<ActivationCodeRow | 'code_taken'>;
  /**
   * One transaction: lock the code row stored under one of codeHashes; decide judges it (used, expired); a revoked device of that user
   * is refused; one credit of the code's user is taken only when the balance is above 0; then the device
   * is registered or refreshed, the ledger gets -1 (reason activation), the code is marked used and the
   * activation is recorded in the audit trail as callerId's. Any refusal writes nothing.
   */
  activate: (input: {
    callerId: number;
    codeHashes: string[];
    deviceUid: string;
    deviceName: string | undefined;
    now: Date;
    licenseExpiresAt: Date;
    decide: (code: ActivationCodeRow | undefined) => ActivationRefusal | null;
  }) => Promise<ActivateResult>;
};

export const createActivationCodesRepository = (db: Db): ActivationCodesRepository => ({
  mint: async ({ codeHash, userId, createdBy, expiresAt, now }) => {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(activationCodes)
          .values({ codeHash, userId, createdBy, expiresAt, createdAt: now })
          .returning();
        await recordAudit(tx, activationCodeMinted(createdBy, row!));
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'activation_codes_code_hash_unique')) return 'code_taken';
      throw err;
    }
  },

  activate: ({ callerId, codeHashes, deviceUid, deviceName, now, licenseExpiresAt, decide }) =>
    db.transaction(async (tx): Promise<ActivateResult> => {
      const [row] = await tx
        .select()
        .from(activationCodes)
        .where(inArray(activationCodes.codeHash, codeHashes))
        .for('update');
      const refusal = decide(row);
      if (refusal || !row) return { kind: 'refused', reason: refusal ?? 'activation_code_unknown' };
      const [existing] = await tx
        .select({ revokedAt: devices.revokedAt, licenseExpiresAt: devices.licenseExpiresAt })
        .from(devices)
        .where(and(eq(devices.userId, row.userId), eq(devices.deviceUid, deviceUid)));
      if (existing?.revokedAt) return { kind: 'refused', reason: 'device_revoked' };
      // Is there a credit to take? The row lock makes concurrent activations of one user wait here.
      const [credit] = await tx
        .select({ balance: creditBalances.balance })
        .from(creditBalances)
        .where(and(eq(creditBalances.userId, row.userId), gt(creditBalances.balance, 0)))
        .for('update');
      if (!credit) return { kind: 'refused', reason: 'no_credits' };
      const device = await upsertDevice(tx, {
        userId: row.userId,
        deviceUid,
        deviceName,
        licenseExpiresAt,
        now,
      });
      if (!device) return { kind: 'refused', reason: 'device_revoked' };
      const change = await applyCreditChange(tx, {
        userId: row.userId,
        delta: -1,
        reason: CREDIT_REASONS.activation,
        actorId: null,
        activationCodeId: row.id,
        now,
      });
      // Cannot happen with the row locked above 0; throwing rolls the device write back.
      if (typeof change === 'string') throw new Error('credit balance changed under its lock');
      const { balance } = change;
      const [used] = await tx
        .update(activationCodes)
        .set({ usedAt: now, deviceId: device.id })
        .where(and(eq(activationCodes.id, row.id), sql`${activationCodes.usedAt} is null`))
        .returning();
      await recordAudit(
        tx,
        deviceActivated(callerId, { device, previous: existing, balance, activationCodeId: row.id }),
      );
      return { kind: 'activated', code: used!, device, balance };
    }),
});

import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  DeviceIdParam,
  DevicesQuery,
  LICENSING_LIMITS,
  LICENSING_MESSAGES,
  LicenseStatusesQuery,
  UserIdParam,
  type DevicesResponse,
  type LicenseStatusesResponse,
  type UserLicensesResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, notFound, parse, type Logger } from '@pitclock/kit';
import { Router, type Request, type Response } from 'express';
import type { CreditsRepository, DevicesRepository } from '../../data-access';
import { licenseStatusOf } from '../../domain/license-status';
import type { Guards } from './guards';
import { input } from './input';
import { toDevice, toLedgerEntry } from './views';

export type DeviceRoutesDeps = {
  devices: DevicesRepository;
  credits: CreditsRepository;
  guards: Guards;
  logger: Logger;
  clock: () => Date;
};

const m = LICENSING_MESSAGES;

/**
 * GET /api/licenses/devices, PATCH /api/licenses/devices/{id}/revoke|restore, GET /api/licenses/statuses,
 * GET /api/users/{id}/licenses, POST /api/users/{id}/licenses/{deviceId}/revoke|restore (admin).
 */
export const createDeviceRoutes = ({ devices, credits, guards, logger, clock }: DeviceRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.devices, guards.requireAdmin, async (req, res) => {
    const { user_id: userId } = input(DevicesQuery, req.query);
    res.json((await devices.list({ userId })).map(toDevice) satisfies DevicesResponse);
  });

  router.get(API_PATHS.licenseStatuses, guards.requireAdmin, async (req, res) => {
    const { user_ids: userIds } = input(LicenseStatusesQuery, req.query);
    const now = clock();
    const byUser = new Map<number, Awaited<ReturnType<DevicesRepository['states']>>>();
    for (const id of userIds ?? []) byUser.set(id, []);
    for (const state of await devices.states(userIds)) {
      byUser.set(state.userId, [...(byUser.get(state.userId) ?? []), state]);
    }
    const body: LicenseStatusesResponse = [...byUser.entries()]
      .sort(([a], [b]) => a - b)
      .map(([userId, states]) => ({ user_id: userId, license_status: licenseStatusOf(states, now) }));
    res.json(body);
  });

  /** Revoke (revokedAt = now) or restore (null) a device, of the user in the path when there is one. */
  const setRevoked =
    (revoke: boolean, ownerOf: (req: Request) => number | undefined, missing: string) =>
    async (req: Request, res: Response) => {
      const userId = ownerOf(req);
      const deviceId = parse(DeviceIdParam, req.params.deviceId ?? req.params.id, 'Device id');
      const device = await devices.setRevoked(
        deviceId,
        revoke ? clock() : null,
        userId === undefined ? undefined : { userId },
      );
      if (!device) throw notFound(missing);
      logger.info(
        { actorId: getAuthUser(req).id, deviceId, revoked: revoke },
        revoke ? 'device revoked' : 'device restored',
      );
      res.json(toDevice(device));
    };
  const noOwner = () => undefined;
  const pathUser = (req: Request) => parse(UserIdParam, req.params.id, 'User id');

  router.patch(API_PATHS.deviceRevoke, guards.requireAdmin, setRevoked(true, noOwner, m.noDeviceToRevoke));
  router.patch(API_PATHS.deviceRestore, guards.requireAdmin, setRevoked(false, noOwner, m.noDeviceToRestore));

  router.get(API_PATHS.userLicenses, guards.requireAdmin, async (req, res) => {
    const userId = pathUser(req);
    const rows = await devices.list({ userId });
    res.json({
      user_id: userId,
      license_status: licenseStatusOf(rows, clock()),
      balance: await credits.balance(userId),
      devices: rows.map(toDevice),
      ledger: (await credits.recent(userId, LICENSING_LIMITS.recentLedger)).map(toLedgerEntry),
    } satisfies UserLicensesResponse);
  });

  router.post(
    API_PATHS.userDeviceRevoke,
    guards.requireAdmin,
    setRevoked(true, pathUser, m.noDeviceToRevoke),
  );
  router.post(
    API_PATHS.userDeviceRestore,
    guards.requireAdmin,
    setRevoked(false, pathUser, m.noDeviceToRestore),
  );

  return router;
};

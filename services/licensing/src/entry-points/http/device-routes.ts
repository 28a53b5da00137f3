import { API_PATHS } from '@pitclock/contracts/api-paths';
import {
  asksForPage,
  DEVICES_PAGE_FILTER_KEYS,
  DeviceIdParam,
  DevicesPageQuery,
  DevicesQuery,
  LicenseStatusesQuery,
  UserIdParam,
  type DevicesPageResponse,
  type DevicesResponse,
  type LicenseStatusesResponse,
  type UserLicensesResponse,
} from '@pitclock/contracts/schemas';
import { getAuthUser, parse, type Auth, mapPage } from '@pitclock/kit';
import { Router, type Request, type Response } from 'express';
import {
  devicesPage,
  licenseStatuses,
  listDevices,
  setDeviceRevoked,
  userLicenses,
  type DevicesDeps,
} from '../../application/devices';
import { toDevice, toLedgerEntry } from './views';

export type DeviceRoutesDeps = DevicesDeps & { auth: Auth };

const userIdOf = (req: Request) => parse(UserIdParam, req.params.id, 'User id');

/**
 * GET /api/licenses/devices, PATCH /api/licenses/devices/{id}/revoke|restore, GET /api/licenses/statuses,
 * GET /api/users/{id}/licenses, POST /api/users/{id}/licenses/{deviceId}/revoke|restore (admin).
 */
export const createDeviceRoutes = ({ auth, ...deps }: DeviceRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.devices, auth.requireAdmin, async (req, res) => {
    if (asksForPage(req.query) || DEVICES_PAGE_FILTER_KEYS.some((key) => req.query[key] !== undefined)) {
      const { user_id: userId, status, page } = parse(DevicesPageQuery, req.query);
      const devices = await devicesPage(deps, { userId, status, page });
      res.json(mapPage(devices, toDevice) satisfies DevicesPageResponse);
      return;
    }
    const { user_id: userId } = parse(DevicesQuery, req.query);
    res.json((await listDevices(deps, userId)).map(toDevice) satisfies DevicesResponse);
  });

  router.get(API_PATHS.licenseStatuses, auth.requireAdmin, async (req, res) => {
    const { user_ids: userIds } = parse(LicenseStatusesQuery, req.query);
    const statuses = await licenseStatuses(deps, userIds);
    res.json(
      statuses.map(({ userId, status }) => ({
        user_id: userId,
        license_status: status,
      })) satisfies LicenseStatusesResponse,
    );
  });

  /** Revoke or restore a device, of the user in the path when there is one. */
  const setRevoked = (revoke: boolean, withOwner: boolean) => async (req: Request, res: Response) => {
    const owner = withOwner ? userIdOf(req) : undefined;
    const deviceId = parse(DeviceIdParam, req.params.deviceId ?? req.params.id, 'Device id');
    res.json(toDevice(await setDeviceRevoked(deps, getAuthUser(req).id, { deviceId, revoke, owner })));
  };

  router.patch(API_PATHS.deviceRevoke, auth.requireAdmin, setRevoked(true, false));
  router.patch(API_PATHS.deviceRestore, auth.requireAdmin, setRevoked(false, false));

  router.get(API_PATHS.userLicenses, auth.requireAdmin, async (req, res) => {
    const userId = userIdOf(req);
    const licenses = await userLicenses(deps, userId);
    res.json({
      user_id: userId,
      license_status: licenses.status,
      balance: licenses.balance,
      devices: licenses.devices.map(toDevice),
      ledger: licenses.ledger.map(toLedgerEntry),
    } satisfies UserLicensesResponse);
  });

  router.post(API_PATHS.userDeviceRevoke, auth.requireAdmin, setRevoked(true, true));
  router.post(API_PATHS.userDeviceRestore, auth.requireAdmin, setRevoked(false, true));

  return router;
};

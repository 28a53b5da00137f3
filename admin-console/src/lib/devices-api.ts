import { API_PATHS } from '@pitclock/contracts/api-paths';
import { DevicesPageResponse, type Device } from '@pitclock/contracts/schemas';
import { adminApi } from '../store';
import type { PageArgs } from './list-state';
import { pageEndpoint } from './page-endpoint';

/** A page of GET /licenses/devices: q (UID or name), sort, limit, cursor, one user's, active or revoked. */
export type DevicesPageArgs = PageArgs & { user_id?: number; status?: 'active' | 'revoked' };

/**
 * GET /licenses/devices (licensing, admin) as pages (DevicesPageResponse): the licences screen's devices
 * and a user's devices in the users screen. A revoke or restore invalidates the device, so every page
 * that shows it refetches.
 */
export const devicesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    devicesPage: build.query<DevicesPageResponse, DevicesPageArgs>(
      pageEndpoint({
        path: API_PATHS.devices,
        tag: 'Device',
        idOf: (device: Device) => device.device_id,
        answer: DevicesPageResponse,
      }),
    ),
  }),
});

export const { useDevicesPageQuery } = devicesApi;

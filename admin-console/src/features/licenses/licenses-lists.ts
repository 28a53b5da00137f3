import { devicesListSpec } from '../../lib/devices-list';
import { ledgerListSpec } from '../../lib/ledger-list';
import { idFilter, oneOfFilter } from '../../lib/list-state';

/** The URL key of the user whose credits are shown (New Code mints for them too). */
export const CREDITS_USER_KEY = 'user';

/** The chosen user's ledger; another user starts on its first page. */
export const CREDITS_LEDGER_LIST = ledgerListSpec('ledger.');
export const CREDITS_USER_DEPENDENTS = [CREDITS_LEDGER_LIST.prefix];

export const DEVICE_STATUSES = ['active', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Every registered device, filtered by owner (a user id) and status, under 'devices.' in the URL. */
export const REGISTERED_DEVICES_LIST = devicesListSpec('devices.', {
  filters: { user: idFilter, status: oneOfFilter(DEVICE_STATUSES) },
});

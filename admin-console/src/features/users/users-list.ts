import { PAGE_LIMITS, USERS_PAGE } from '@pitclock/contracts/schemas';
import { devicesListSpec } from '../../lib/devices-list';
import { ledgerListSpec } from '../../lib/ledger-list';
import type { ListSpec } from '../../lib/list-state';

/** The URL key of the user whose details are open. */
export const DETAILS_KEY = 'details';

/** The open details' devices and ledger, each under its own URL keys. */
export const DETAILS_DEVICES_LIST = devicesListSpec('devices.', { limit: 10 });
export const DETAILS_LEDGER_LIST = ledgerListSpec('ledger.');
/** The URL keys of the open details' lists: another user's details start on their first pages. */
export const DETAILS_LISTS = [DETAILS_DEVICES_LIST.prefix, DETAILS_LEDGER_LIST.prefix];

/**
 * The users list in the URL (q, sort, cursor): oldest first as SPEC.md's GET /users. A new page, search
 * or sort closes the details (they belong to a row of the page).
 */
export const USERS_LIST: ListSpec<keyof typeof USERS_PAGE.columns> = {
  prefix: '',
  page: USERS_PAGE,
  limit: PAGE_LIMITS.limitDefault,
  dependents: [DETAILS_KEY, ...DETAILS_LISTS],
};

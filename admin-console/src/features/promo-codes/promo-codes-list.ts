import { PAGE_LIMITS, PROMO_CODES_PAGE } from '@pitclock/contracts/schemas';
import type { ListSpec } from '../../lib/list-state';

export type PromoColumn = keyof typeof PROMO_CODES_PAGE.columns;

/** The promo codes list in the URL (q: part of the code, sort, cursor): newest first. */
export const PROMO_CODES_LIST: ListSpec<PromoColumn> = {
  prefix: '',
  page: PROMO_CODES_PAGE,
  limit: PAGE_LIMITS.limitDefault,
};

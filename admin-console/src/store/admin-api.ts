import { createApi } from '@reduxjs/toolkit/query/react';
import { adminBaseQuery } from './base-query';

/** What a change invalidates: the tags of the admin API's queries. */
export const ADMIN_TAG_TYPES = [
  'PromoCode',
  'User',
  'Device',
  'Credits',
  'Ledger',
  'SignupEvent',
  'Audit',
] as const;
export type AdminTagType = (typeof ADMIN_TAG_TYPES)[number];

/**
 * The one RTK Query API of the admin console. Each feature adds its endpoints with
 * `adminApi.injectEndpoints` in its own folder; the tags below are what a change invalidates.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: ADMIN_TAG_TYPES,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

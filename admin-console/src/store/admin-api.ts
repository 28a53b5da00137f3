import { createApi } from '@reduxjs/toolkit/query/react';
import { adminBaseQuery } from './base-query';

/**
 * The one RTK Query API of the admin console. Each feature adds its endpoints with
 * `adminApi.injectEndpoints` in its own folder; the tags below are what a change invalidates.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: ['PromoCode', 'User', 'Device', 'Credits', 'Ledger', 'SignupEvent'],
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

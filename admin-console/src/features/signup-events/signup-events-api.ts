import { API_PATHS } from '@pitclock/contracts/api-paths';
import { SignupEventsResponse } from '@pitclock/contracts/schemas';
import { invalidResponse } from '../../lib/schema-failure';
import { adminApi } from '../../store';
import { SIGNUP_EVENTS_PAGE, toSignupQuery, type SignupFilters } from './signup-filters-rules';

/**
 * GET /admin/signup-events of the auth service (services/auth/README.md) as an infinite query: pages of
 * 100, newest first; the next page is `before=<id of the last event>`, and there is none after a page
 * shorter than 100. Each filter set is its own cache entry; a refetch (Refresh, focus, invalidation of
 * 'SignupEvent') fetches every page shown again.
 */
export const signupEventsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSignupEvents: build.infiniteQuery<SignupEventsResponse, SignupFilters, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.length < SIGNUP_EVENTS_PAGE ? undefined : (lastPage[lastPage.length - 1]?.id ?? undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: API_PATHS.signupEvents,
        params: toSignupQuery(queryArg, pageParam),
      }),
      responseSchema: SignupEventsResponse,
      catchSchemaFailure: invalidResponse,
      providesTags: ['SignupEvent'],
    }),
  }),
});

export const { useGetSignupEventsInfiniteQuery } = signupEventsApi;

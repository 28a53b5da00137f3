import { API_PATHS } from '@pitclock/contracts/api-paths';
import { SignupEventsPageResponse } from '@pitclock/contracts/schemas';
import type { PageArgs } from '../../lib/list-state';
import { pageEndpoint } from '../../lib/page-endpoint';
import { adminApi } from '../../store';
import type { SignupFilterQuery } from './signup-filters-rules';

/** A page of GET /admin/signup-events: the page keys with the filters (see toSignupQuery). */
export type SignupEventsPageArgs = PageArgs & SignupFilterQuery;

/**
 * GET /admin/signup-events of the auth service (services/auth/README.md) as pages
 * (SignupEventsPageResponse): each search, sort, filter set and page is its own cache entry; a refetch
 * (Refresh, focus, invalidation of 'SignupEvent') fetches the page shown again.
 */
export const signupEventsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    signupEventsPage: build.query<SignupEventsPageResponse, SignupEventsPageArgs>(
      pageEndpoint({ path: API_PATHS.signupEvents, tag: 'SignupEvent', answer: SignupEventsPageResponse }),
    ),
  }),
});

export const { useSignupEventsPageQuery } = signupEventsApi;

import { API_PATHS } from '@pitclock/contracts/api-paths';
import { LIMITS, UsersPageResponse, type AdminUser } from '@pitclock/contracts/schemas';
import { adminApi } from '../store';
import type { PageArgs } from './list-state';
import { pageEndpoint } from './page-endpoint';

/** A page of GET /users: q (e-mail, name or id), sort, limit, cursor; ids= looks users up by id. */
export type UsersPageArgs = PageArgs & { ids?: string };

/**
 * GET /users (auth, admin) as pages (UsersPageResponse). Shared by the users screen, the user pickers and
 * the device owners, so that every user change refetches whatever shows that user.
 */
export const adminUsersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    usersPage: build.query<UsersPageResponse, UsersPageArgs>(
      pageEndpoint({
        path: API_PATHS.users,
        tag: 'User',
        idOf: (user: AdminUser) => user.id,
        answer: UsersPageResponse,
      }),
    ),
  }),
});

export const { useUsersPageQuery } = adminUsersApi;

/** The ids query of a lookup: distinct, in order ('3,7,12'); '' for none. */
export const idsQueryOf = (ids: Iterable<number>): string =>
  [...new Set(ids)].sort((a, b) => a - b).join(',');

/** The request that looks up the users `ids` names (at most LIMITS.userIdsMax of them), all on one page. */
export const usersByIdsArgs = (ids: string): UsersPageArgs => ({
  ids,
  sort: 'id',
  limit: Math.min(LIMITS.userIdsMax, Math.max(1, ids.split(',').length)),
});

/**
 * The users with these ids, in ONE request (GET /users?ids=1,2,3): a map by id once the answer is in (a
 * user it lacks was not found), undefined before.
 */
export function useUsersByIds(ids: Iterable<number>) {
  const query = idsQueryOf(ids);
  const result = useUsersPageQuery(usersByIdsArgs(query), { skip: query === '' });
  const byId = result.currentData
    ? new Map(result.currentData.data.map((user) => [user.id, user]))
    : query === ''
      ? new Map<number, AdminUser>()
      : undefined;
  return { byId, error: result.error, isError: result.isError, isFetching: result.isFetching };
}

/** The text of a user in pickers: 'e-mail — name', or the e-mail alone when there is no name. */
export const userLabel = (user: { email: string; name: string }): string =>
  user.name.trim() === '' ? user.email : `${user.email} — ${user.name}`;

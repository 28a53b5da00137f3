import { API_PATHS } from '@pitclock/contracts/api-paths';
import { AdminUsersResponse } from '@pitclock/contracts/schemas';
import { adminApi } from '../store';
import { invalidResponse } from './schema-failure';

/**
 * GET /users (auth, admin): every account, oldest first. Shared by the licences screen (its user picker)
 * and the users screen, so both read one cache entry and every user change refetches it.
 */
export const adminUsersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUsersResponse, void>({
      query: () => API_PATHS.users,
      responseSchema: AdminUsersResponse,
      catchSchemaFailure: invalidResponse,
      providesTags: (users = []) => [
        { type: 'User', id: 'LIST' },
        ...users.map((user) => ({ type: 'User' as const, id: user.id })),
      ],
    }),
  }),
});

export const { useAdminUsersQuery } = adminUsersApi;

/** The text of a user in pickers: 'e-mail — name', or the e-mail alone when there is no name. */
export const userLabel = (user: { email: string; name: string }): string =>
  user.name.trim() === '' ? user.email : `${user.email} — ${user.name}`;

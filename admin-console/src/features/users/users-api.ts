import { type UpdateUserRequest } from '@pitclock/contracts';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { AdminUser, LicenseStatusesResponse, UserLicensesResponse } from '@pitclock/contracts/schemas';
import { adminApi, type AdminState } from '../../store';
import { invalidResponse } from '../../lib/schema-failure';
import { adminUsersApi } from '../../lib/users-api';

/** Who is looking at the screen: their id (to lock their own role) and whether they are an admin. */
export type CurrentUser = { id: number | null; isAdmin: boolean };

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true']);
const mentionsAdmin = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.split(/[\s,]+/).some((role) => role.toLowerCase() === 'admin')
    : Array.isArray(value) && value.some(mentionsAdmin);

/**
 * GET /me read as SPEC.md section 6 allows (is_admin, isAdmin or admin true, or roles/role containing
 * admin); an id of 1 does not make an admin. The id may come as a number or a numeric string.
 */
export function readCurrentUser(body: unknown): CurrentUser {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const rawId = record.id;
  const id =
    typeof rawId === 'number' && Number.isInteger(rawId)
      ? rawId
      : typeof rawId === 'string' && /^\d+$/.test(rawId)
        ? Number(rawId)
        : null;
  const isAdmin =
    [record.is_admin, record.isAdmin, record.admin].some((flag) => TRUE_VALUES.has(flag)) ||
    mentionsAdmin(record.roles) ||
    mentionsAdmin(record.role);
  return { id, isAdmin };
}

/**
 * A user change answers the stored user: it goes into every cached page of users that shows them at once
 * (no flash of the old values while the pages refetch), and the refetch the tags start confirms it.
 */
async function applyStoredUser(
  queryFulfilled: Promise<{ data: unknown }>,
  dispatch: (action: ReturnType<typeof adminUsersApi.util.updateQueryData>) => unknown,
  state: unknown,
) {
  const answer = await queryFulfilled.catch(() => null);
  const parsed = AdminUser.safeParse(answer?.data);
  if (!parsed.success) return;
  const cached = adminUsersApi.util.selectCachedArgsForQuery(state as AdminState, 'usersPage');
  for (const args of cached) {
    dispatch(
      adminUsersApi.util.updateQueryData('usersPage', args, (page) => {
        const index = page.data.findIndex((user) => user.id === parsed.data.id);
        const shown = page.data[index];
        if (shown) page.data[index] = { ...parsed.data, license_status: shown.license_status };
      }),
    );
  }
}

const creditTags = (userId: number) => [
  { type: 'Credits' as const, id: userId },
  { type: 'Ledger' as const, id: userId },
];
const deviceTags = (deviceId: number) => [
  { type: 'Device' as const, id: 'LIST' },
  { type: 'Device' as const, id: deviceId },
];

/** The auth and licensing calls of the Users screen (services/auth and services/licensing READMEs). */
export const usersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /me */
    currentUser: build.query<CurrentUser, void>({
      query: () => API_PATHS.me,
      transformResponse: readCurrentUser,
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
    /** GET /licenses/statuses?user_ids=1,2,3: merged into auth's users list. Devices decide a status. */
    userLicenseStatuses: build.query<LicenseStatusesResponse, string>({
      query: (userIds) => ({ url: API_PATHS.licenseStatuses, params: { user_ids: userIds } }),
      responseSchema: LicenseStatusesResponse,
      catchSchemaFailure: invalidResponse,
      providesTags: [{ type: 'Device', id: 'LIST' }],
    }),
    /** PATCH /users/{id}: display name and e-mail (trimmed); 409 email_taken. */
    updateUser: build.mutation<unknown, { id: number } & UpdateUserRequest>({
      query: ({ id, ...body }) => ({ url: apiPath(API_PATHS.user, { id }), method: 'PATCH', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled, getState }) =>
        applyStoredUser(queryFulfilled, dispatch, getState()),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
        { type: 'User', id: 'ME' },
      ],
    }),
    /** DELETE /users/{id} */
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPath(API_PATHS.user, { id }), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    /** POST /users/{id}/toggle-admin: 403 for one's own role, 409 when no admin would remain. */
    toggleUserAdmin: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPath(API_PATHS.userToggleAdmin, { id }), method: 'POST' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled, getState }) =>
        applyStoredUser(queryFulfilled, dispatch, getState()),
      invalidatesTags: (_result, _error, id) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
        { type: 'User', id: 'ME' },
      ],
    }),
    /** GET /users/{id}/licenses: status, balance, devices and the recent ledger of one user (Restore reads it). */
    userLicenses: build.query<UserLicensesResponse, number>({
      query: (id) => apiPath(API_PATHS.userLicenses, { id }),
      responseSchema: UserLicensesResponse,
      catchSchemaFailure: invalidResponse,
      providesTags: (result, _error, id) => [
        ...creditTags(id),
        { type: 'Device', id: 'LIST' },
        ...(result?.devices ?? []).map((device) => ({ type: 'Device' as const, id: device.device_id })),
      ],
    }),
    /** POST /users/{id}/credits: amount > 0. */
    addUserCredits: build.mutation<unknown, { userId: number; amount: number }>({
      query: ({ userId, amount }) => ({
        url: apiPath(API_PATHS.userCredits, { id: userId }),
        method: 'POST',
        body: { amount },
      }),
      invalidatesTags: (_result, _error, { userId }) => creditTags(userId),
    }),
    /** POST /users/{id}/licenses/{deviceId}/revoke */
    revokeUserDevice: build.mutation<unknown, { userId: number; deviceId: number }>({
      query: ({ userId, deviceId }) => ({
        url: apiPath(API_PATHS.userDeviceRevoke, { id: userId, deviceId }),
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { deviceId }) => deviceTags(deviceId),
    }),
    /** POST /users/{id}/licenses/{deviceId}/restore: 404 'No device to restore'. */
    restoreUserDevice: build.mutation<unknown, { userId: number; deviceId: number }>({
      query: ({ userId, deviceId }) => ({
        url: apiPath(API_PATHS.userDeviceRestore, { id: userId, deviceId }),
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { deviceId }) => deviceTags(deviceId),
    }),
  }),
});

export const {
  useCurrentUserQuery,
  useUserLicenseStatusesQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useToggleUserAdminMutation,
  useUserLicensesQuery,
  useLazyUserLicensesQuery,
  useAddUserCreditsMutation,
  useRevokeUserDeviceMutation,
  useRestoreUserDeviceMutation,
} = usersApi;

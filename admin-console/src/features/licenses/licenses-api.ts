import { type CreditChangeResponse, type ActivateRequest } from '@pitclock/contracts';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { ActivationCodeResponse } from '@pitclock/contracts/schemas';
import { adminApi } from '../../store';
import { invalidResponse } from '../../lib/schema-failure';

/** What the screen needs of POST /license/activate: the device token, if the answer carries one. */
export type ActivationResult = { deviceToken: string | null; userId: number | null; error: string | null };

/** Read leniently: an answer without a token is a case the screen reports (SPEC.md section 8). */
export function readActivation(body: unknown): ActivationResult {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const token = record.device_token;
  const userId = record.user_id;
  const error = record.error;
  return {
    deviceToken: typeof token === 'string' && token.trim() !== '' ? token : null,
    userId: typeof userId === 'number' ? userId : null,
    error: typeof error === 'string' && error.trim() !== '' ? error : null,
  };
}

const creditTags = (userId: number) => [
  { type: 'Credits' as const, id: userId },
  { type: 'Ledger' as const, id: userId },
];

/**
 * The licensing calls of the Licenses screen (services/licensing/README.md); its ledger and devices pages
 * are lib's (ledger-api.ts, devices-api.ts), shared with the users screen.
 */
export const licensesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /licenses/credits/admin-adjust: a signed whole number; 409 when the balance would go below 0. */
    adjustUserCredits: build.mutation<CreditChangeResponse, { user_id: number; amount: number }>({
      query: (body) => ({ url: API_PATHS.creditsAdminAdjust, method: 'POST', body }),
      invalidatesTags: (_result, _error, { user_id }) => creditTags(user_id),
    }),
    /**
     * POST /licenses/codes: a code for the user chosen on the screen ({ user_id }, issue 23), or with an
     * empty body, as SPEC.md section 7 has it, for the calling admin.
     */
    mintActivationCode: build.mutation<ActivationCodeResponse, number | null>({
      query: (userId) =>
        userId === null
          ? { url: API_PATHS.activationCodes, method: 'POST' }
          : { url: API_PATHS.activationCodes, method: 'POST', body: { user_id: userId } },
      responseSchema: ActivationCodeResponse,
      catchSchemaFailure: invalidResponse,
    }),
    /** POST /license/activate: a device token; takes a credit of the code's user and registers the device. */
    activateDevice: build.mutation<ActivationResult, ActivateRequest>({
      query: (body) => ({ url: API_PATHS.licenseActivate, method: 'POST', body }),
      transformResponse: readActivation,
      invalidatesTags: (result) => [
        { type: 'Device', id: 'LIST' },
        ...(result?.userId ? creditTags(result.userId) : []),
      ],
    }),
    /** PATCH /licenses/devices/{id}/revoke (the answer, the device, is not needed: the list refetches). */
    revokeDevice: build.mutation<unknown, number>({
      query: (deviceId) => ({ url: apiPath(API_PATHS.deviceRevoke, { id: deviceId }), method: 'PATCH' }),
      invalidatesTags: (_result, _error, deviceId) => [
        { type: 'Device', id: 'LIST' },
        { type: 'Device', id: deviceId },
      ],
    }),
    /** PATCH /licenses/devices/{id}/restore */
    restoreDevice: build.mutation<unknown, number>({
      query: (deviceId) => ({ url: apiPath(API_PATHS.deviceRestore, { id: deviceId }), method: 'PATCH' }),
      invalidatesTags: (_result, _error, deviceId) => [
        { type: 'Device', id: 'LIST' },
        { type: 'Device', id: deviceId },
      ],
    }),
  }),
});

export const {
  useAdjustUserCreditsMutation,
  useMintActivationCodeMutation,
  useActivateDeviceMutation,
  useRevokeDeviceMutation,
  useRestoreDeviceMutation,
} = licensesApi;

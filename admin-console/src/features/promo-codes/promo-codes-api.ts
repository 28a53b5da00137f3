import { type CreatePromoCodeRequest } from '@pitclock/contracts';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { PromoCode, PromoCodesResponse } from '@pitclock/contracts/schemas';
import { invalidResponse } from '../../lib/schema-failure';
import { adminApi } from '../../store';

const LIST = { type: 'PromoCode', id: 'LIST' } as const;

/**
 * The promo-code calls of the licensing service (services/licensing/README.md), answers checked with the
 * contracts' schemas. Every change invalidates the list, so it is fetched again; a toggle also puts the
 * answered code into the cached list at once, so the row never shows the old state meanwhile.
 */
export const promoCodesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getPromoCodes: build.query<PromoCodesResponse, void>({
      query: () => API_PATHS.promoCodes,
      responseSchema: PromoCodesResponse,
      catchSchemaFailure: invalidResponse,
      providesTags: (codes) => [LIST, ...(codes ?? []).map(({ id }) => ({ type: 'PromoCode' as const, id }))],
    }),
    createPromoCode: build.mutation<PromoCode, CreatePromoCodeRequest>({
      query: (body) => ({ url: API_PATHS.promoCodes, method: 'POST', body }),
      responseSchema: PromoCode,
      catchSchemaFailure: invalidResponse,
      invalidatesTags: (created) => (created ? [LIST] : []),
    }),
    togglePromoCode: build.mutation<PromoCode, number>({
      query: (id) => ({ url: apiPath(API_PATHS.promoCodeToggle, { id }), method: 'POST' }),
      responseSchema: PromoCode,
      catchSchemaFailure: invalidResponse,
      invalidatesTags: (_toggled, _error, id) => [{ type: 'PromoCode', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data: toggled } = await queryFulfilled;
          dispatch(
            promoCodesApi.util.updateQueryData('getPromoCodes', undefined, (codes) =>
              codes.map((code) => (code.id === toggled.id ? toggled : code)),
            ),
          );
        } catch {
          // The screen shows the failure; the list is refetched anyway.
        }
      },
    }),
  }),
});

export const { useGetPromoCodesQuery, useCreatePromoCodeMutation, useTogglePromoCodeMutation } =
  promoCodesApi;

import type { CreatePromoCodeRequest, PromoCode } from '@pitclock/contracts';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import { invalidResponse } from '../../lib/schema-failure';
import { adminApi } from '../../store';
import { PromoCodeAnswer, PromoListAnswer, promoRows, readableCodes, type PromoRow } from './promo-answers';

const LIST = { type: 'PromoCode', id: 'LIST' } as const;

/**
 * The promo-code calls of the licensing service (services/licensing/README.md), answers read with the
 * alternative shapes SPEC.md allows (promo-answers.ts): a list that is not a list fails the load, a code in
 * it that cannot be read is an unreadable row. Every change invalidates the list, so it is fetched again; a toggle also puts the
 * answered code into the cached list at once, so the row never shows the old state meanwhile.
 */
export const promoCodesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getPromoCodes: build.query<PromoRow[], void>({
      query: () => API_PATHS.promoCodes,
      rawResponseSchema: PromoListAnswer,
      transformResponse: promoRows,
      catchSchemaFailure: invalidResponse,
      providesTags: (rows) => [
        LIST,
        ...readableCodes(rows ?? []).map(({ id }) => ({ type: 'PromoCode' as const, id })),
      ],
    }),
    createPromoCode: build.mutation<PromoCode, CreatePromoCodeRequest>({
      query: (body) => ({ url: API_PATHS.promoCodes, method: 'POST', body }),
      rawResponseSchema: PromoCodeAnswer,
      catchSchemaFailure: invalidResponse,
      invalidatesTags: (created) => (created ? [LIST] : []),
    }),
    togglePromoCode: build.mutation<PromoCode, number>({
      query: (id) => ({ url: apiPath(API_PATHS.promoCodeToggle, { id }), method: 'POST' }),
      rawResponseSchema: PromoCodeAnswer,
      catchSchemaFailure: invalidResponse,
      invalidatesTags: (_toggled, _error, id) => [{ type: 'PromoCode', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data: toggled } = await queryFulfilled;
          dispatch(
            promoCodesApi.util.updateQueryData('getPromoCodes', undefined, (rows) =>
              rows.map((row) =>
                row.kind === 'code' && row.code.id === toggled.id ? { kind: 'code', code: toggled } : row,
              ),
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

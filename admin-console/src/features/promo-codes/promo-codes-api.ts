import type { CreatePromoCodeRequest, PromoCode } from '@pitclock/contracts';
import { API_PATHS, apiPath } from '@pitclock/contracts/api-paths';
import type { PageAnswer } from '@pitclock/contracts/schemas';
import type { PageArgs } from '../../lib/list-state';
import { pageEndpoint } from '../../lib/page-endpoint';
import { invalidResponse } from '../../lib/schema-failure';
import { adminApi, type AdminState } from '../../store';
import { PromoCodeAnswer, PromoPageAnswer, promoPage, type PromoRow } from './promo-answers';

const LIST = { type: 'PromoCode', id: 'LIST' } as const;

/**
 * The promo-code calls of the licensing service (services/licensing/README.md). The list comes in pages
 * (q: part of the code; sort; cursor); each code is read with the alternative shapes SPEC.md allows
 * (promo-answers.ts): an answer that is not a page fails the load, a code in it that cannot be read is an
 * unreadable row. Every change invalidates the list, so it is fetched again; a toggle also puts the
 * answered code into the cached pages at once, so the row never shows the old state meanwhile.
 */
export const promoCodesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    promoCodesPage: build.query<PageAnswer<PromoRow>, PageArgs>(
      pageEndpoint({
        path: API_PATHS.promoCodes,
        tag: 'PromoCode',
        idOf: (row: PromoRow) => (row.kind === 'code' ? row.code.id : undefined),
        raw: PromoPageAnswer,
        transform: promoPage,
      }),
    ),
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
      async onQueryStarted(_id, { dispatch, queryFulfilled, getState }) {
        try {
          const { data: toggled } = await queryFulfilled;
          const cached = promoCodesApi.util.selectCachedArgsForQuery(
            getState() as AdminState,
            'promoCodesPage',
          );
          for (const args of cached) {
            dispatch(
              promoCodesApi.util.updateQueryData('promoCodesPage', args, (page) => {
                page.data = page.data.map((row) =>
                  row.kind === 'code' && row.code.id === toggled.id ? { kind: 'code', code: toggled } : row,
                );
              }),
            );
          }
        } catch {
          // The screen shows the failure; the list is refetched anyway.
        }
      },
    }),
  }),
});

export const { usePromoCodesPageQuery, useCreatePromoCodeMutation, useTogglePromoCodeMutation } =
  promoCodesApi;

import { API_PATHS } from '@pitclock/contracts/api-paths';
import { CreditsPageResponse } from '@pitclock/contracts/schemas';
import { adminApi } from '../store';
import type { PageArgs } from './list-state';
import { pageEndpoint } from './page-endpoint';

/** A page of one user's credit ledger (GET /licenses/credits?user_id=): q (the reason), sort, limit, cursor. */
export type LedgerPageArgs = PageArgs & { user_id: number };

/**
 * GET /licenses/credits (licensing, admin) as pages: the user's balance with a page of their ledger
 * (CreditsPageResponse). A credit change invalidates the user's Credits and Ledger, so it refetches.
 */
export const ledgerApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    ledgerPage: build.query<CreditsPageResponse, LedgerPageArgs>(
      pageEndpoint({
        path: API_PATHS.credits,
        // Entries never change: a page is refetched when its user's credits do.
        tag: 'Ledger',
        moreTags: ({ user_id }) => [
          { type: 'Credits', id: user_id },
          { type: 'Ledger', id: user_id },
        ],
        answer: CreditsPageResponse,
      }),
    ),
  }),
});

export const { useLedgerPageQuery } = ledgerApi;

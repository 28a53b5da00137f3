import { API_PATHS } from '@pitclock/contracts/api-paths';
import { AuditPageResponse, type AuditAction } from '@pitclock/contracts/schemas';
import type { PageArgs } from '../../lib/list-state';
import { pageEndpoint } from '../../lib/page-endpoint';
import { adminApi } from '../../store';
import type { AuditArea } from './audit-rows';

/** A page of one audit trail: the page keys, one action, the actions on one user. */
export type AuditPageArgs = PageArgs & {
  trail: AuditArea;
  action?: AuditAction;
  subject_user_id?: number;
};

/** Each service lists its own trail (contracts' audit.ts). */
const TRAIL_PATHS: Record<AuditArea, string> = {
  accounts: API_PATHS.auditAccounts,
  licensing: API_PATHS.auditLicensing,
};

/**
 * GET /admin/audit/accounts (auth) and /admin/audit/licensing (licensing) as pages (AuditPageResponse).
 * Read-only: the API has no way to change an entry, so nothing here invalidates them.
 */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    auditPage: build.query<AuditPageResponse, AuditPageArgs>(
      pageEndpoint({
        path: (args: AuditPageArgs) => TRAIL_PATHS[args.trail],
        params: ({ trail: _trail, ...query }: AuditPageArgs) => query,
        tag: 'Audit',
        answer: AuditPageResponse,
      }),
    ),
  }),
});

export const { useAuditPageQuery } = auditApi;

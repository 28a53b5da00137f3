import { API_PATHS } from '@pitclock/contracts/api-paths';
import { AuditQuery, type AuditPageResponse } from '@pitclock/contracts/schemas';
import { parse, type Auth, mapPage, toAuditEntry } from '@pitclock/kit';
import { Router } from 'express';
import { auditPage, type AuditDeps } from '../../application/audit';

export type AuditRoutesDeps = AuditDeps & { auth: Auth };

/** GET /api/admin/audit/licensing (admin): always a page. No route changes or deletes the audit trail. */
export const createAuditRoutes = ({ auth, ...deps }: AuditRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.auditLicensing, auth.requireAdmin, async (req, res) => {
    const { actor_id: actorId, subject_user_id: subjectUserId, action, page } = parse(AuditQuery, req.query);
    const entries = await auditPage(deps, { actorId, subjectUserId, action, page });
    res.json(mapPage(entries, toAuditEntry) satisfies AuditPageResponse);
  });

  return router;
};

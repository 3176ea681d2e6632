import { Router } from 'express';
import type { Container } from 'inversify';
import { adminListQuery, parseAdminList, sendAdminList } from '../../platform/http/admin-rest.js';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { FitmentEvidenceService } from './fitment-evidence.service.js';
import { FitmentReportService } from './fitment-report.service.js';
import { fitmentReportFilter, fitmentReportSchema } from './garage.schemas.js';

/** "Did it fit?" (issue 35): POST/GET /api/orders/{id}/fitment-report, the buyer's report of a delivered order. */
export function fitmentReportRoutes(container: Container): Router {
  const reports = container.get(FitmentReportService);
  const router = Router();
  router.get(
    '/orders/:id/fitment-report',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => reports.find(await requireActor(req), params.id)),
  );
  router.post(
    '/orders/:id/fitment-report',
    requireSignIn,
    handle({ params: idParams, body: fitmentReportSchema }, async ({ params, body }, req) => reports.report(await requireActor(req), params.id, body), 201),
  );
  return router;
}

/** The console's list of fitment reports (GET /api/admin/fitment-reports, ra-data-simple-rest), read-only. */
export function fitmentReportAdminRoutes(container: Container): Router {
  const evidence = container.get(FitmentEvidenceService);
  const router = Router();
  router.get(
    '/fitment-reports',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['createdAt', 'fits', 'make', 'model'], defaultSort: ['createdAt', 'DESC'], filter: fitmentReportFilter });
      const { rows, total } = await evidence.list({ ...list.filter, ids: list.ids }, list);
      sendAdminList(res, 'fitment-reports', rows, list.offset, total);
    }),
  );
  return router;
}

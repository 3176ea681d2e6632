import { Router } from 'express';
import type { Container } from 'inversify';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { requireActor } from '../../platform/http/auth.js';
import { PolicyGate } from '../../platform/http/policy-gate.js';
import { handle } from '../../platform/http/validate.js';
import { PolicyAcceptanceService } from './policy-acceptance.service.js';
import { PolicyGateImpl } from './policy.gate.js';
import { COMPLIANCE_SORTS, complianceFilterSchema, policyVersionFilterSchema, publishPolicySchema, type ComplianceSort } from './policy.schemas.js';

/**
 * Console resources of Policy & Compliance: `policy-acceptances` (the Policy Acceptance Dashboard, one row per user,
 * read-only) and `policy-versions` (the published versions; POST publishes a new current one).
 */
export function policyAdminRoutes(container: Container): Router {
  const policies = container.get(PolicyAcceptanceService);
  const router = Router();

  router.get(
    '/policy-acceptances',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: Object.keys(COMPLIANCE_SORTS) as ComplianceSort[],
        defaultSort: ['createdAt', 'DESC'],
        filter: complianceFilterSchema,
      });
      const { rows, total } = await policies.compliance({ ...list.filter, ids: list.ids }, list);
      sendAdminList(res, 'policy-acceptances', rows, list.offset, total);
    }),
  );
  refuseMethods(router, '/policy-acceptances', ['POST'], 'GET', 'Users accept policies themselves; the console cannot accept for them');

  router.get(
    '/policy-versions',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['publishedAt'], defaultSort: ['publishedAt', 'DESC'], filter: policyVersionFilterSchema });
      const { rows, total } = await policies.versions(list.filter, list);
      sendAdminList(res, 'policy-versions', rows, list.offset, total);
    }),
  );

  router.post(
    '/policy-versions',
    handle(
      { body: publishPolicySchema },
      async ({ body }, req) => {
        const published = await policies.publish(await requireActor(req), body);
        const gate = container.get(PolicyGate);
        if (gate instanceof PolicyGateImpl) gate.refresh();
        return published;
      },
      201,
    ),
  );
  refuseMethods(router, '/policy-versions/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'A published policy version is kept as it is: publish a new one instead');
  return router;
}

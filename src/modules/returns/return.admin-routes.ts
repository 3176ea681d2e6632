import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { RETURN_STATES } from './return.rules.js';
import { decideSchema, returnIdParams } from './return.schemas.js';
import { ReturnEscalationService } from './return-escalation.service.js';
import { ReturnViewService } from './return-view.service.js';

/** The console's `returns` resource: every return with its photos and messages; PUT decides an escalated one. */
export function returnAdminRoutes(container: Container): Router {
  const views = container.get(ReturnViewService);
  const escalations = container.get(ReturnEscalationService);
  const router = Router();
  router.get(
    '/returns',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'updatedAt', 'state', 'respondBy', 'reason'],
        defaultSort: ['createdAt', 'DESC'],
        filter: z.object({ state: z.enum(RETURN_STATES, { error: 'Unknown state' }).optional() }),
      });
      const { rows, total } = await views.adminList(list, { state: list.filter.state, ids: list.ids });
      sendAdminList(res, 'returns', rows, list.offset, total);
    }),
  );
  router.get('/returns/:id', handle({ params: returnIdParams }, async ({ params }, req) => views.view(params.id, await requireActor(req))));
  router.put(
    '/returns/:id',
    handle({ params: returnIdParams, body: decideSchema }, async ({ params, body }, req) => escalations.decide(params.id, body, await requireActor(req))),
  );
  refuseMethods(router, '/returns', ['POST'], 'GET', 'Buyers request returns from their orders; the console cannot create them');
  refuseMethods(router, '/returns/:id', ['DELETE', 'PATCH'], 'GET, PUT', 'Returns are kept; decide an escalated one instead');
  return router;
}

import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { contactRequestFilter, contactRequestUpdateSchema } from './contact-request.schemas.js';
import { ContactRequestService } from './contact-request.service.js';

/** Console resource `contact-requests`: list, show, and mark handled (or open again). */
export function contactRequestAdminRoutes(container: Container): Router {
  const requests = container.get(ContactRequestService);
  const router = Router();
  router.get(
    '/contact-requests',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'status', 'topic', 'name', 'email', 'subject', 'handledAt'],
        defaultSort: ['createdAt', 'DESC'],
        filter: contactRequestFilter,
      });
      const { rows, total } = await requests.adminList(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: list.orderBy },
      );
      sendAdminList(res, 'contact-requests', rows, list.offset, total);
    }),
  );
  router.get('/contact-requests/:id', handle({ params: idParams }, async ({ params }) => requests.get(params.id)));
  const update = handle({ params: idParams, body: contactRequestUpdateSchema }, async ({ params, body }, req) =>
    requests.setStatus(params.id, body.status, (await requireActor(req)).id),
  );
  router.put('/contact-requests/:id', update);
  router.patch('/contact-requests/:id', update);
  refuseMethods(router, '/contact-requests/:id', ['DELETE'], 'GET, PUT, PATCH', 'Contact requests are kept: mark them handled instead.');
  refuseMethods(router, '/contact-requests', ['POST'], 'GET', 'Contact requests come from the Contact Us page.');
  return router;
}

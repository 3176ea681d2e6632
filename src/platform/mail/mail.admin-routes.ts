import { Database } from '../db/database.js';
import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { handle, idParams } from '../http/validate.js';
import { adminListQuery, consoleOrder, parseAdminList, refuseMethods, sendAdminList } from '../http/admin-rest.js';
import { Errors } from '../errors.js';
import { containsConditions, containsPattern } from '../db/like.js';
import { MailMessage } from './mail-message.entity.js';

const toDto = (m: MailMessage) => ({
  id: m.id,
  to: m.to,
  from: m.from,
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  createdAt: m.createdAt.toISOString(),
});

/** The outbox's filters: a text in the address or subject, a text in the address. */
const mailFilter = z.object({
  q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  to: z.string().trim().max(320, 'Must be at most 320 characters').optional(),
});

/** Console resource `mail-outbox`: the development outbox, read-only. */
export function mailAdminRoutes(container: Container): Router {
  const orm = container.get(Database).orm;
  const router = Router();
  router.get(
    '/mail-outbox',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['createdAt', 'to', 'subject'], defaultSort: ['createdAt', 'DESC'], filter: mailFilter });
      const { q, to } = list.filter;
      const where = {
        ...(list.ids ? { id: { $in: list.ids } } : {}),
        ...(q ? { $or: containsConditions<MailMessage>(['to', 'subject'], q) } : {}),
        ...(to ? { to: { $ilike: containsPattern(to) } } : {}),
      };
      const [rows, total] = await orm.em.findAndCount(MailMessage, where, {
        orderBy: consoleOrder(list.orderBy),
        offset: list.offset,
        limit: list.limit,
      });
      sendAdminList(res, 'mail-outbox', rows.map(toDto), list.offset, total);
    }),
  );
  router.get(
    '/mail-outbox/:id',
    handle({ params: idParams }, async ({ params }) => {
      const message = await orm.em.findOne(MailMessage, { id: params.id });
      if (!message) throw Errors.notFound('Message');
      return toDto(message);
    }),
  );
  refuseMethods(router, '/mail-outbox', ['POST'], 'GET', 'The mail outbox is read-only: mail is queued by the application');
  refuseMethods(router, '/mail-outbox/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'The mail outbox is read-only: sent mail cannot be changed or deleted');
  return router;
}

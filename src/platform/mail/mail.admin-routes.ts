import { Router } from 'express';
import type { Container } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { TOKENS } from '../tokens.js';
import { handle, idParams } from '../http/validate.js';
import { adminListQuery, parseAdminList, sendAdminList } from '../http/admin-rest.js';
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

/** Console resource `mail-outbox`: the development outbox, read-only. */
export function mailAdminRoutes(container: Container): Router {
  const orm = container.get<MikroORM>(TOKENS.Orm);
  const router = Router();
  router.get(
    '/mail-outbox',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: ['createdAt', 'to', 'subject'], defaultSort: ['createdAt', 'DESC'] });
      const q = z.string().optional().parse(typeof list.filter.q === 'string' ? list.filter.q : undefined);
      const where = {
        ...(list.ids ? { id: { $in: list.ids } } : {}),
        ...(q ? { $or: containsConditions<MailMessage>(['to', 'subject'], q) } : {}),
        ...(typeof list.filter.to === 'string' ? { to: { $ilike: containsPattern(list.filter.to) } } : {}),
      };
      const [rows, total] = await orm.em.findAndCount(MailMessage, where, {
        orderBy: list.orderBy,
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
  return router;
}

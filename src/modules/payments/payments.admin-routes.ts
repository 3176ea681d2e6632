import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams, parseOrThrow } from '../../platform/http/validate.js';
import { AppError } from '../../platform/errors.js';
import { parseMoney } from '../../platform/money.js';
import { featuredRevenue, FinanceService, ORDER_SORT } from './finance.service.js';
import { OrderViewsService } from './order-views.service.js';
import { adminOrderFilter, financeQuery, idempotencyKey, refundBody } from './payments.schemas.js';
import { RefundService } from './refund.service.js';

/** The console's orders resource (ra-data-simple-rest) with its refund action, and the Finance page. */
export function paymentsAdminRoutes(container: Container): Router {
  const finance = container.get(FinanceService);
  const views = container.get(OrderViewsService);
  const refunds = container.get(RefundService);
  const router = Router();

  router.get(
    '/orders',
    handle({ query: adminListQuery }, async ({ query }, req, res) => {
      const list = parseAdminList(query, { sortable: ORDER_SORT, defaultSort: ['createdAt', 'DESC'], filter: adminOrderFilter });
      const page = await finance.adminList(await requireActor(req), { offset: list.offset, limit: list.limit, orderBy: list.orderBy }, list.filter, list.ids);
      sendAdminList(res, 'orders', page.rows, list.offset, page.total);
      return undefined;
    }),
  );
  router.get('/orders/:id', handle({ params: idParams }, async ({ params }, req) => views.get(params.id, await requireActor(req))));
  // 200 with the order and `refund` (the refund this request made); 409 when it is not made. With an
  // Idempotency-Key, a repeat is answered with the first answer, and the key with another amount is a 409.
  router.post(
    '/orders/:id/refund',
    handle({ params: idParams, body: refundBody }, async ({ params, body }, req, res) => {
      const actor = await requireActor(req);
      const amount = parseMoney(body.amount);
      if (!amount.ok || amount.cents <= 0) throw new AppError('invalid', 'validation_failed', 'Enter an amount such as 25.00', { amount: 'Enter an amount such as 25.00' });
      const header = req.get('Idempotency-Key');
      const key = header === undefined ? undefined : parseOrThrow(idempotencyKey, header);
      const refund = { orderId: params.id, amountCents: amount.cents, reason: body.reason, actor: 'admin' as const, actorId: actor.id };
      const answer = await refunds.consoleRefund(refund, key, () => views.get(params.id, actor));
      res.status(answer.status).json(answer.body);
      return undefined;
    }),
  );
  refuseMethods(router, '/orders/:id', ['PUT', 'PATCH', 'DELETE'], 'GET', 'Orders change through their actions (refund), not by editing');

  router.get('/finance/owed', handle({}, async () => finance.owedBySellers()));
  router.get(
    '/finance',
    handle({ query: financeQuery }, async ({ query }, _req, res) => {
      const rows = await finance.finance(query.months, featuredRevenue(container));
      if (query.format === 'csv') {
        res.set('Content-Type', 'text/csv; charset=utf-8').set('Content-Disposition', 'attachment; filename="finance.csv"').send(finance.financeCsv(rows));
        return undefined;
      }
      res.set('Content-Range', `finance 0-${Math.max(rows.length - 1, 0)}/${rows.length}`).set('Access-Control-Expose-Headers', 'Content-Range');
      return rows;
    }),
  );
  return router;
}

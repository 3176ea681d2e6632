import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { AppError } from '../../platform/errors.js';
import { parseMoney } from '../../platform/money.js';
import { featuredRevenue, FinanceService, ORDER_SORT } from './finance.service.js';
import { OrderService } from './order.service.js';
import { PaymentService } from './payment.service.js';
import { adminOrderFilter, financeQuery, refundBody } from './payments.schemas.js';

/** The console's orders resource (ra-data-simple-rest) with its refund action, and the Finance page. */
export function paymentsAdminRoutes(container: Container): Router {
  const finance = container.get(FinanceService);
  const orders = container.get(OrderService);
  const payments = container.get(PaymentService);
  const router = Router();

  router.get(
    '/orders',
    handle({ query: adminListQuery }, async ({ query }, req, res) => {
      const list = parseAdminList(query, { sortable: Object.keys(ORDER_SORT) as (keyof typeof ORDER_SORT)[], defaultSort: ['createdAt', 'DESC'], filter: adminOrderFilter });
      const page = await finance.adminList(await requireActor(req), { offset: list.offset, limit: list.limit, orderBy: list.orderBy }, list.filter, list.ids);
      sendAdminList(res, 'orders', page.rows, list.offset, page.total);
      return undefined;
    }),
  );
  router.get('/orders/:id', handle({ params: idParams }, async ({ params }, req) => orders.get(params.id, await requireActor(req))));
  router.post(
    '/orders/:id/refund',
    handle({ params: idParams, body: refundBody }, async ({ params, body }, req) => {
      const actor = await requireActor(req);
      const amount = parseMoney(body.amount);
      if (!amount.ok || amount.cents <= 0) throw new AppError('invalid', 'validation_failed', 'Enter an amount such as 25.00', { amount: 'Enter an amount such as 25.00' });
      await payments.refund({ orderId: params.id, amountCents: amount.cents, reason: body.reason, actorId: actor.id, actor: 'admin' });
      return orders.get(params.id, actor);
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

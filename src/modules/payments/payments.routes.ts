import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { CheckoutService } from './checkout.service.js';
import { ConnectService } from './connect.service.js';
import { FinanceService } from './finance.service.js';
import { OrderCreationService } from './order-creation.service.js';
import { OrderStepsService } from './order-steps.service.js';
import { OrderViewsService } from './order-views.service.js';
import { cancelBody, checkoutBody, createOrderBody, earningsQuery, listOrdersQuery, shipBody, testConfirmBody } from './payments.schemas.js';

/** The buyers' and sellers' orders and payments API (mounted under /api). */
export function paymentsRoutes(container: Container): Router {
  const creation = container.get(OrderCreationService);
  const views = container.get(OrderViewsService);
  const checkout = container.get(CheckoutService);
  const steps = container.get(OrderStepsService);
  const connect = container.get(ConnectService);
  const finance = container.get(FinanceService);
  const router = Router();

  router.post(
    '/orders',
    requireSignIn,
    handle({ body: createOrderBody }, async ({ body }, req) => creation.buyNow(await requireActor(req), body.partId), 201),
  );
  router.get(
    '/orders',
    requireSignIn,
    handle({ query: listOrdersQuery }, async ({ query }, req, res) => sendList(res, await views.list(await requireActor(req), query))),
  );
  router.get('/orders/:id', requireSignIn, handle({ params: idParams }, async ({ params }, req) => views.get(params.id, await requireActor(req))));
  router.post(
    '/orders/:id/checkout',
    requireSignIn,
    handle({ params: idParams, body: checkoutBody }, async ({ params, body }, req) =>
      checkout.checkout(params.id, await requireActor(req), body, {
        ip: req.ip ?? req.socket.remoteAddress ?? null,
        userAgent: req.get('user-agent') ?? null,
      }),
    ),
  );
  router.post(
    '/orders/:id/ship',
    requireSignIn,
    handle({ params: idParams, body: shipBody }, async ({ params, body }, req) => steps.ship(params.id, await requireActor(req), body)),
  );
  router.post(
    '/orders/:id/confirm-delivery',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => steps.confirmDelivery(params.id, await requireActor(req))),
  );
  router.post(
    '/orders/:id/cancel',
    requireSignIn,
    handle({ params: idParams, body: cancelBody }, async ({ params, body }, req) => steps.cancel(params.id, await requireActor(req), body.reason)),
  );

  router.post(
    '/payments/test/confirm',
    requireSignIn,
    handle({ body: testConfirmBody }, async ({ body }, req) => checkout.testConfirm(body.orderId, await requireActor(req))),
  );
  router.post('/payments/connect/onboarding', requireSignIn, handle({}, async (_input, req) => connect.onboarding(await requireActor(req))));
  router.get('/payments/connect/status', requireSignIn, handle({}, async (_input, req) => connect.status(await requireActor(req))));
  router.get(
    '/payments/earnings',
    requireSignIn,
    handle({ query: earningsQuery }, async ({ query }, req, res) => {
      const earnings = await finance.earnings(await requireActor(req));
      if (query.format !== 'csv') return earnings;
      res.set('Content-Type', 'text/csv; charset=utf-8').set('Content-Disposition', 'attachment; filename="earnings.csv"').send(finance.earningsCsv(earnings));
      return undefined;
    }),
  );
  return router;
}

import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { historyQuery, listQuery, userParams, watchCreateSchema, watchSearchQuery, watchUpdateSchema } from './garage.schemas.js';
import { MarketWatchService } from './market-watch.service.js';
import { PriceHistoryService } from './price-history.service.js';

/**
 * Market watch (GET /api/market-watch/{userId}, POST /api/market-watch, PATCH/DELETE /api/market-watch/item/{id},
 * the item's price line, the form's picker) and sold-price history (GET /api/market/history).
 */
export function marketWatchRoutes(container: Container): Router {
  const watches = container.get(MarketWatchService);
  const prices = container.get(PriceHistoryService);
  const router = Router();

  router.get('/market/history', handle({ query: historyQuery }, async ({ query }) => prices.soldHistory(query)));
  // The fixed paths before `/market-watch/:userId`.
  router.get(
    '/market-watch/search',
    requireSignIn,
    handle({ query: watchSearchQuery }, async ({ query }) => watches.search(query.q, query.watchType)),
  );
  router.post(
    '/market-watch',
    requireSignIn,
    handle({ body: watchCreateSchema }, async ({ body }, req) => watches.create(await requireActor(req), body), 201),
  );
  router.get(
    '/market-watch/item/:id/history',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => watches.history(await requireActor(req), params.id)),
  );
  router.patch(
    '/market-watch/item/:id',
    requireSignIn,
    handle({ params: idParams, body: watchUpdateSchema }, async ({ params, body }, req) => watches.update(await requireActor(req), params.id, body)),
  );
  router.delete(
    '/market-watch/item/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => watches.remove(await requireActor(req), params.id)),
  );
  router.get(
    '/market-watch/:userId',
    requireSignIn,
    handle({ params: userParams, query: listQuery }, async ({ params, query }, req, res) =>
      sendList(res, await watches.list(await requireActor(req), params.userId, query)),
    ),
  );
  return router;
}

import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { OfferWindowService } from './offer-window.service.js';
import { declineSchema, offerListQuery, offerPricesSchema, offerSchema, secondChanceSchema } from './offer.schemas.js';
import { OfferPricesService } from './offer-prices.service.js';
import { OfferService } from './offer.service.js';
import { OfferViewService } from './offer-view.service.js';

/** Make an Offer, answers, the caller's offers, per-part auto prices and Second Chance offers (mounted under /api). */
export function offerRoutes(container: Container): Router {
  const offers = container.get(OfferService);
  const windows = container.get(OfferWindowService);
  const views = container.get(OfferViewService);
  const prices = container.get(OfferPricesService);
  const router = Router();

  router.post(
    '/parts/:id/offers',
    requireSignIn,
    handle({ params: idParams, body: offerSchema }, async ({ params, body }, req) => offers.make(params.id, body, await requireActor(req)), 201),
  );
  router.get(
    '/parts/:id/offer-prices',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => prices.prices(params.id, await requireActor(req))),
  );
  router.put(
    '/parts/:id/offer-prices',
    requireSignIn,
    handle({ params: idParams, body: offerPricesSchema }, async ({ params, body }, req) => prices.setPrices(params.id, body, await requireActor(req))),
  );
  router.get(
    '/offers',
    requireSignIn,
    handle({ query: offerListQuery }, async ({ query }, req, res) => sendList(res, await views.list(query, await requireActor(req)))),
  );
  router.get('/offers/second-chances', requireSignIn, handle({}, async (_input, req) => windows.unpaidWins(await requireActor(req))));
  router.get('/offers/:id', requireSignIn, handle({ params: idParams }, async ({ params }, req) => views.get(params.id, await requireActor(req))));
  router.post('/offers/:id/accept', requireSignIn, handle({ params: idParams }, async ({ params }, req) => offers.accept(params.id, await requireActor(req))));
  router.post(
    '/offers/:id/decline',
    requireSignIn,
    handle({ params: idParams, body: declineSchema }, async ({ params, body }, req) => offers.decline(params.id, body.reason, await requireActor(req))),
  );
  router.post(
    '/offers/:id/counter',
    requireSignIn,
    handle({ params: idParams, body: offerSchema }, async ({ params, body }, req) => offers.counter(params.id, body, await requireActor(req))),
  );
  router.get(
    '/auctions/:id/second-chance',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => windows.secondChance(params.id, await requireActor(req))),
  );
  router.post(
    '/auctions/:id/second-chance',
    requireSignIn,
    handle({ params: idParams, body: secondChanceSchema }, async ({ params, body }, req) => windows.sendSecondChance(params.id, body, await requireActor(req)), 201),
  );
  return router;
}

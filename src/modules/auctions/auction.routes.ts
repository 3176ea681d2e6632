import { Router, type Request } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, parseOrThrow, sendList } from '../../platform/http/validate.js';
import { AuctionCancelService } from './auction-cancel.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { auctionCreateSchema, auctionListQuery, bidListQuery, bidSchema, idempotencyKey } from './auction.schemas.js';
import { AuctionSchedulingService } from './auction-scheduling.service.js';
import { AuctionService } from './auction.service.js';
import type { RequestMeta } from './bid.rules.js';
import { BiddingService } from './bidding.service.js';
import { BuyItNowService } from './buy-it-now.service.js';

/** The request facts stored with a bid; the Idempotency-Key header, if any. */
function requestMeta(req: Request): RequestMeta {
  const key = req.get('Idempotency-Key');
  return {
    ip: req.ip,
    userAgent: req.get('User-Agent') ?? undefined,
    idempotencyKey: key === undefined ? undefined : parseOrThrow(idempotencyKey, key),
  };
}

/** Auctions, bids, Buy It Now, watching and the scheduling form's settings (mounted under /api). */
export function auctionRoutes(container: Container): Router {
  const auctions = container.get(AuctionService);
  const scheduling = container.get(AuctionSchedulingService);
  const bidding = container.get(BiddingService);
  const buyItNow = container.get(BuyItNowService);
  const settings = container.get(AuctionSettingsService);
  const cancelling = container.get(AuctionCancelService);
  const router = Router();

  router.get(
    '/auctions',
    handle({ query: auctionListQuery }, async ({ query }, req, res) => sendList(res, await auctions.list(query, await getActor(req)))),
  );
  router.post(
    '/auctions',
    requireSignIn,
    handle({ body: auctionCreateSchema }, async ({ body }, req) => scheduling.create(body, await requireActor(req), req.ip), 201),
  );
  router.get(
    '/auctions/:id',
    handle({ params: idParams }, async ({ params }, req) => auctions.get(params.id, await getActor(req))),
  );
  router.get(
    '/auctions/:id/bids',
    handle({ params: idParams, query: bidListQuery }, async ({ params, query }, _req, res) => sendList(res, await auctions.bids(params.id, query))),
  );
  router.post(
    '/auctions/:id/bids',
    requireSignIn,
    handle({ params: idParams, body: bidSchema }, async ({ params, body }, req, res) => {
      const { status, body: answer } = await bidding.bid(params.id, body, await requireActor(req), requestMeta(req));
      res.status(status).json(answer);
    }),
  );
  router.post(
    '/auctions/:id/buy-it-now',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req, res) => {
      const { status, body: answer } = await buyItNow.buy(params.id, await requireActor(req), requestMeta(req));
      res.status(status).json(answer);
    }),
  );
  // The seller calls off a scheduled auction that has no bids.
  router.post(
    '/auctions/:id/cancel',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => cancelling.cancelBySeller(params.id, await requireActor(req))),
  );
  router.post(
    '/auctions/:id/watch',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => auctions.watch(params.id, await requireActor(req))),
  );
  router.delete(
    '/auctions/:id/watch',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => auctions.unwatch(params.id, await requireActor(req))),
  );
  router.get('/auction-settings/public', requireSignIn, handle({}, () => settings.publicSettings()));
  return router;
}

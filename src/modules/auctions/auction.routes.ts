import { Router, type Request } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { Errors } from '../../platform/errors.js';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, parseOrThrow } from '../../platform/http/validate.js';
import { auctionCreateSchema, auctionListQuery, bidListQuery, bidSchema, idempotencyKey } from './auction.schemas.js';
import { AuctionService } from './auction.service.js';
import { BiddingService, type RequestMeta } from './bidding.service.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { AuctionSettingsService, SETTINGS_GROUPS, settingsSchemas, type SettingsGroup } from './auction-settings.service.js';

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
  const bidding = container.get(BiddingService);
  const settings = container.get(AuctionSettingsService);
  const router = Router();

  router.get(
    '/auctions',
    handle({ query: auctionListQuery }, async ({ query }, req) => auctions.list(query, await getActor(req))),
  );
  router.post(
    '/auctions',
    requireSignIn,
    handle({ body: auctionCreateSchema }, async ({ body }, req) => auctions.create(body, await requireActor(req), req.ip), 201),
  );
  router.get(
    '/auctions/:id',
    handle({ params: idParams }, async ({ params }, req) => auctions.get(params.id, await getActor(req))),
  );
  router.get(
    '/auctions/:id/bids',
    handle({ params: idParams, query: bidListQuery }, ({ params, query }) => auctions.bids(params.id, query)),
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
      const { status, body: answer } = await bidding.buyItNow(params.id, await requireActor(req), requestMeta(req));
      res.status(status).json(answer);
    }),
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

const groupParams = z.object({ group: z.enum(SETTINGS_GROUPS, { error: 'Settings group must be auction, bidder or pricing' }) });

/** Admin: auction settings and relists (mounted under /api/admin, admins only). */
export function auctionAdminRoutes(container: Container): Router {
  const settings = container.get(AuctionSettingsService);
  const lifecycle = container.get(AuctionLifecycleService);
  const router = Router();
  router.get('/settings', handle({}, () => settings.all()));
  router.put(
    '/settings/:group',
    handle({ params: groupParams }, async ({ params }, req) => {
      const group: SettingsGroup = params.group;
      // The body may carry the whole group or only the fields that change; the result is validated whole.
      const body: unknown = req.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw Errors.invalid('validation_failed', 'Settings must be a JSON object');
      }
      const changes = body;
      const current = (await settings.all())[group];
      const value = parseOrThrow(settingsSchemas[group] as z.ZodType<unknown>, { ...current, ...changes });
      return settings.save(group, value as never, (await requireActor(req)).id);
    }),
  );
  router.get('/auto-relist/status', handle({}, () => lifecycle.relistStatus()));
  router.post(
    '/auto-relist/manual/auction/:id',
    handle({ params: idParams }, async ({ params }) => {
      const newAuctionId = await lifecycle.relist(params.id, true);
      return { originalId: params.id, newAuctionId, message: 'Auction relisted' };
    }),
  );
  return router;
}

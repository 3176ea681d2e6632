import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { gatherRelistStatus } from '../../platform/relist-status.js';
import { ADMIN_AUCTION_SORT, ADMIN_AUCTION_STATUSES, AuctionAdminService, type AdminAuctionSort } from './auction-admin.service.js';
import { SETTINGS_GROUPS } from './auction-settings.schemas.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionsApi } from './auctions.api.js';

const groupParams = z.object({ group: z.enum(SETTINGS_GROUPS, { error: 'Settings group must be auction, bidder or pricing' }) });

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
const statusMessage = `Status must be one of ${ADMIN_AUCTION_STATUSES.join(', ')}`;
const status = z.enum(ADMIN_AUCTION_STATUSES, { message: statusMessage });

/** The console's auction filters: status (one or several), title text, seller, part, flagged bids. */
export const adminAuctionFilter = z.object({
  q: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
  status: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(status).max(ADMIN_AUCTION_STATUSES.length).optional()),
  sellerId: z.uuid({ message: 'Not a valid seller id' }).optional(),
  partId: z.uuid({ message: 'Not a valid part id' }).optional(),
  flagged: flag,
});

export const CLOSE_REASON_MESSAGE = 'A reason is required: it is mailed to the bidders and the seller';
/** An admin's early end or cancellation: the reason the bidders and the seller are told. */
export const closeBody = z.object({
  reason: z
    .string({ message: CLOSE_REASON_MESSAGE })
    .trim()
    .min(1, CLOSE_REASON_MESSAGE)
    .max(1000, 'The reason must be at most 1000 characters'),
});

const SORTABLE = Object.keys(ADMIN_AUCTION_SORT).filter((k) => k !== 'id') as AdminAuctionSort[];

/** The console's auctions, auction settings and relists (mounted under /api/admin, admins only). */
export function auctionAdminRoutes(container: Container): Router {
  const settings = container.get(AuctionSettingsService);
  const admin = container.get(AuctionAdminService);
  const api = container.get(AuctionsApi);
  const router = Router();
  router.get('/settings', handle({}, () => settings.all()));
  router.put(
    '/settings/:group',
    handle({ params: groupParams }, async ({ params, body }, req) => settings.update(params.group, body, (await requireActor(req)).id)),
  );
  // Every module's relists (auctions and reverse auctions), through the platform's multi-bound RelistStatusSource.
  router.get('/auto-relist/status', handle({}, () => gatherRelistStatus(container)));
  router.post(
    '/auto-relist/manual/auction/:id',
    handle({ params: idParams }, async ({ params }) => ({
      originalId: params.id,
      newAuctionId: await api.relistNow(params.id),
      message: 'Auction relisted',
    })),
  );

  // Console resource `auctions`: list, show, and the actions of its page (end early, cancel, relist).
  router.get(
    '/auctions',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, { sortable: SORTABLE, defaultSort: ['endTime', 'DESC'], filter: adminAuctionFilter });
      const { rows, total } = await admin.list(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: list.orderBy },
      );
      sendAdminList(res, 'auctions', rows, list.offset, total);
    }),
  );
  router.get('/auctions/:id', handle({ params: idParams }, async ({ params }) => admin.get(params.id)));
  router.post(
    '/auctions/:id/end',
    handle({ params: idParams, body: closeBody }, async ({ params, body }, req) => admin.endEarly(params.id, body.reason, await requireActor(req))),
  );
  router.post(
    '/auctions/:id/cancel',
    handle({ params: idParams, body: closeBody }, async ({ params, body }, req) => admin.cancel(params.id, body.reason, await requireActor(req))),
  );
  router.post('/auctions/:id/relist', handle({ params: idParams }, async ({ params }) => admin.relist(params.id)));
  refuseMethods(router, '/auctions', ['POST'], 'GET', 'Auctions are scheduled by sellers, not created in the console');
  refuseMethods(
    router,
    '/auctions/:id',
    ['PUT', 'PATCH', 'DELETE'],
    'GET',
    'Auctions cannot be edited or deleted in the console: end them early or cancel them with a reason',
  );
  return router;
}

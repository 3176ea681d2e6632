import { Router } from 'express';
import type { Container } from 'inversify';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { gatherRelistStatus } from '../../platform/relist-status.js';
import { adminAuctionFilter, closeBody, settingsGroupParams } from './auction-admin.schemas.js';
import { ADMIN_AUCTION_SORT, AuctionAdminService, type AdminAuctionSort } from './auction-admin.service.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionsApi } from './auctions.api.js';

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
    handle({ params: settingsGroupParams }, async ({ params, body }, req) => settings.update(params.group, body, (await requireActor(req)).id)),
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

import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { handle, idParams } from '../../platform/http/validate.js';
import { AuctionLifecycleService } from './auction-lifecycle.service.js';
import { SETTINGS_GROUPS } from './auction-settings.schemas.js';
import { AuctionSettingsService } from './auction-settings.service.js';
import { AuctionsApi } from './auctions.api.js';

const groupParams = z.object({ group: z.enum(SETTINGS_GROUPS, { error: 'Settings group must be auction, bidder or pricing' }) });

/** The console's auction settings and relists (mounted under /api/admin, admins only). */
export function auctionAdminRoutes(container: Container): Router {
  const settings = container.get(AuctionSettingsService);
  const lifecycle = container.get(AuctionLifecycleService);
  const api = container.get(AuctionsApi);
  const router = Router();
  router.get('/settings', handle({}, () => settings.all()));
  router.put(
    '/settings/:group',
    handle({ params: groupParams }, async ({ params, body }, req) => settings.update(params.group, body, (await requireActor(req)).id)),
  );
  router.get('/auto-relist/status', handle({}, () => lifecycle.relistStatus()));
  router.post(
    '/auto-relist/manual/auction/:id',
    handle({ params: idParams }, async ({ params }) => ({
      originalId: params.id,
      newAuctionId: await api.relistNow(params.id),
      message: 'Auction relisted',
    })),
  );
  return router;
}

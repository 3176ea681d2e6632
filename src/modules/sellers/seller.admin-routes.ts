import { Router } from 'express';
import type { Container } from 'inversify';
import { z } from 'zod';
import { requireActor } from '../../platform/http/auth.js';
import { adminListQuery, parseAdminList, refuseMethods, sendAdminList } from '../../platform/http/admin-rest.js';
import { handle } from '../../platform/http/validate.js';
import { SELLER_STATUSES } from './seller.entity.js';
import { SellerService } from './seller.service.js';
import { BadgeService } from './badge.service.js';
import { BADGE_CATEGORIES, BADGE_RARITIES, BADGE_TYPES } from './reputation.rules.js';
import { badgeCreateSchema, badgeUpdateSchema } from './reputation.schemas.js';
import { SELLER_MESSAGES, sellerIdParams } from './seller.schemas.js';

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

const sellerFilter = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(SELLER_STATUSES, { message: 'Status must be pending, approved or rejected' }).optional(),
});

const badgeFilter = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.enum(BADGE_CATEGORIES).optional(),
  type: z.enum(BADGE_TYPES).optional(),
  rarity: z.enum(BADGE_RARITIES).optional(),
  isActive: flag,
});

const badgeIdParams = z.object({ id: z.uuid({ message: 'Not a valid badge id' }) });

/** The console's update of a seller: a decision and/or the listing-approval switch (react-admin sends the record). */
const sellerUpdateSchema = z
  .object({
    status: z.enum(SELLER_STATUSES, { message: SELLER_MESSAGES.status }).optional(),
    rejectionReason: z.string().nullish(),
    requiresListingApproval: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.rejectionReason?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: SELLER_MESSAGES.rejectionReason });
    }
  });

/** Console resources `sellers` and `badges`, plus seller counts and badge stats (Seller Analytics is the analytics module's). */
export function sellerAdminRoutes(container: Container): Router {
  const sellers = container.get(SellerService);
  const badges = container.get(BadgeService);
  const router = Router();

  router.get(
    '/sellers',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['createdAt', 'updatedAt', 'businessName', 'status', 'approvedAt'],
        defaultSort: ['createdAt', 'DESC'],
        filter: sellerFilter,
      });
      const { rows, total } = await sellers.adminList(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: list.orderBy },
      );
      sendAdminList(res, 'sellers', rows, list.offset, total);
    }),
  );
  router.get('/sellers/:id', handle({ params: sellerIdParams }, async ({ params }) => sellers.adminGet(params.id)));
  router.put(
    '/sellers/:id',
    handle({ params: sellerIdParams, body: sellerUpdateSchema }, async ({ params, body }, req) => {
      const admin = await requireActor(req);
      const current = await sellers.adminGet(params.id);
      if (body.status && body.status !== current.status) {
        if (body.status === 'approved') await sellers.decide(params.id, { status: 'approved' }, admin);
        else if (body.status === 'rejected') {
          await sellers.decide(params.id, { status: 'rejected', rejectionReason: body.rejectionReason!.trim() }, admin);
        }
      }
      if (body.requiresListingApproval !== undefined && body.requiresListingApproval !== current.requiresListingApproval) {
        await sellers.setListingApproval(params.id, body.requiresListingApproval, admin);
      }
      return sellers.adminGet(params.id);
    }),
  );
  refuseMethods(router, '/sellers', ['POST'], 'GET', 'Sellers apply from the web app; the console cannot create them');
  refuseMethods(router, '/sellers/:id', ['DELETE'], 'GET, PUT', 'Seller applications cannot be deleted: reject them with a reason instead');
  router.get('/seller-counts', handle({}, () => sellers.counts()));

  router.get(
    '/badges',
    handle({ query: adminListQuery }, async ({ query }, _req, res) => {
      const list = parseAdminList(query, {
        sortable: ['sortOrder', 'name', 'category', 'rarity', 'pointsAwarded', 'createdAt', 'isActive'],
        defaultSort: ['sortOrder', 'ASC'],
        filter: badgeFilter,
      });
      const { rows, total } = await badges.adminList(
        { ...list.filter, ids: list.ids },
        { offset: list.offset, limit: list.limit, orderBy: list.orderBy },
      );
      sendAdminList(res, 'badges', rows, list.offset, total);
    }),
  );
  router.get('/badges/:id', handle({ params: badgeIdParams }, async ({ params }) => badges.get(params.id)));
  router.post('/badges', handle({ body: badgeCreateSchema }, async ({ body }) => badges.create(body), 201));
  const update = handle({ params: badgeIdParams, body: badgeUpdateSchema }, async ({ params, body }) =>
    badges.update(params.id, body),
  );
  router.patch('/badges/:id', update);
  router.put('/badges/:id', update);
  router.delete('/badges/:id', handle({ params: badgeIdParams }, async ({ params }) => badges.remove(params.id)));
  router.get('/badge-stats', handle({}, () => badges.stats()));

  return router;
}

import { Router, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import { Errors } from '../../platform/errors.js';
import { getActor, requireActor, requireRole, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import {
  approveSchema,
  pageQuery,
  partCreateSchema,
  partIdParams,
  partListQuery,
  partUpdateSchema,
  rejectSchema,
  sellerPartsQuery,
  watchlistAddSchema,
} from './part.schemas.js';
import { NOT_A_SELLER_MESSAGE, PartListingService } from './part-listing.service.js';
import { PartReviewService } from './part-review.service.js';
import { PartService } from './part.service.js';
import { SellerPolicy } from './seller-policy.js';
import { photoUploadHandlers } from './upload.middleware.js';
import { serveStoredFile } from '../../platform/storage/index.js';
import { RateLimits } from '../../platform/http/rate-limit.js';
import { UPLOAD_FILE_NAME, UploadService } from './upload.service.js';
import { WatchlistService } from './watchlist.service.js';

/** Categories, makes, parts, review, uploads and the watchlist (mounted under /api). */
export function catalogRoutes(container: Container): Router {
  const parts = container.get(PartService);
  const listings = container.get(PartListingService);
  const review = container.get(PartReviewService);
  const watchlist = container.get(WatchlistService);
  const uploads = container.get(UploadService);
  const sellers = container.get(SellerPolicy);
  const router = Router();

  // Lists answer a JSON array with the full count in X-Total-Count (sendList); these two are whole lists.
  router.get(
    '/categories',
    handle({}, async (_input, _req, res) => {
      const rows = await parts.listCategories();
      return sendList(res, { rows, total: rows.length });
    }),
  );
  router.get(
    '/makes',
    handle({}, async (_input, _req, res) => {
      const rows = await parts.listMakes();
      return sendList(res, { rows, total: rows.length });
    }),
  );

  // X-Corrected-Query is the typo-corrected text, and X-Unmatched-Words (only when nothing matched) the typed words
  // no listing holds, space-separated; both encodeURIComponent-encoded (header values must be ASCII).
  // X-Total-Count is exact up to the count bound; past it, it is the bound and X-Total-Count-Exact is false ("1,000+").
  // X-Next-Cursor, when more parts follow, is the `after` of the next page (keyset paging).
  router.get(
    '/parts',
    handle({ query: partListQuery }, async ({ query }, req, res) => {
      const page = await parts.search(query, await getActor(req));
      const corrected = page.correctedQuery === null ? undefined : encodeURIComponent(page.correctedQuery);
      const unmatched = page.unmatchedWords.length ? encodeURIComponent(page.unmatchedWords.join(' ')) : undefined;
      return sendList(res, page, {
        'X-Corrected-Query': corrected,
        'X-Unmatched-Words': unmatched,
        'X-Total-Count-Exact': String(page.totalExact),
        'X-Next-Cursor': page.nextCursor ?? undefined,
      });
    }),
  );
  router.get(
    '/parts/facets',
    handle({ query: partListQuery }, async ({ query }, req) => parts.facets(query, await getActor(req))),
  );
  // The signed-in seller's own listings in every state (withdrawn and sold included), for "My listings".
  router.get(
    '/parts/mine',
    requireSignIn,
    handle({ query: sellerPartsQuery }, async ({ query }, req, res) => sendList(res, await listings.mine(query, await requireActor(req)))),
  );
  router.get(
    '/parts/pending',
    requireRole('admin'),
    handle({ query: pageQuery }, async ({ query }, _req, res) => sendList(res, await review.pending(query))),
  );
  router.get(
    '/parts/:id',
    handle({ params: partIdParams }, async ({ params }, req) => parts.get(params.id, await getActor(req))),
  );
  router.post(
    '/parts',
    requireSignIn,
    handle({ body: partCreateSchema }, async ({ body }, req) => listings.create(body, await requireActor(req)), 201),
  );
  router.patch(
    '/parts/:id/approve',
    requireRole('admin'),
    handle({ params: partIdParams, body: approveSchema }, async ({ params }, req) =>
      review.approve(params.id, await requireActor(req)),
    ),
  );
  router.patch(
    '/parts/:id/reject',
    requireRole('admin'),
    handle({ params: partIdParams, body: rejectSchema }, async ({ params, body }, req) =>
      review.reject(params.id, body.rejectionReason, await requireActor(req)),
    ),
  );
  router.patch(
    '/parts/:id',
    requireSignIn,
    handle({ params: partIdParams, body: partUpdateSchema }, async ({ params, body }, req) =>
      listings.update(params.id, body, await requireActor(req)),
    ),
  );
  router.post(
    '/parts/:id/withdraw',
    requireSignIn,
    handle({ params: partIdParams }, async ({ params }, req) => listings.remove(params.id, await requireActor(req))),
  );
  router.post(
    '/parts/:id/relist',
    requireSignIn,
    handle({ params: partIdParams }, async ({ params }, req) => listings.relist(params.id, await requireActor(req))),
  );
  router.post(
    '/parts/:id/mark-sold',
    requireSignIn,
    handle({ params: partIdParams }, async ({ params }, req) => listings.markSold(params.id, await requireActor(req))),
  );
  router.delete(
    '/parts/:id',
    requireSignIn,
    handle({ params: partIdParams }, async ({ params }, req) => listings.remove(params.id, await requireActor(req))),
  );

  // Photos: only people who may list can upload; the body is read only after that check.
  const mayList: RequestHandler = async (req, _res, next) => {
    const actor = await requireActor(req);
    if (!(await sellers.listingTerms(actor.id, actor.role)).canList) throw Errors.forbidden(NOT_A_SELLER_MESSAGE);
    next();
  };
  const photos = photoUploadHandlers(uploads, container.get(RateLimits));
  router.post(
    '/uploads',
    mayList,
    photos.budget,
    photos.receive,
    handle({}, async (_input, req) => uploads.store(req.file), 201),
  );
  // Photos are read through the FileStore (the local folder or the shared bucket), whichever node stored them.
  router.get(
    '/uploads/files/:key',
    (req, res, next) => {
      // Errors go through the error handler, so a 404 is never stored by a cache (no-store) like every error.
      if (!UPLOAD_FILE_NAME.test(String(req.params.key))) throw Errors.notFound('Photo');
      // A photo is the same whoever asks: it keeps its year-long caching, signed in or not.
      res.removeHeader('Cache-Control');
      next();
    },
    serveStoredFile(uploads.files),
    () => {
      throw Errors.notFound('Photo');
    },
  );

  router.get(
    '/watchlist',
    requireSignIn,
    handle({ query: pageQuery }, async ({ query }, req, res) => sendList(res, await watchlist.list(await requireActor(req), query))),
  );
  router.post(
    '/watchlist',
    requireSignIn,
    handle({ body: watchlistAddSchema }, async ({ body }, req, res) => {
      const { entry, created } = await watchlist.add(await requireActor(req), body.partId);
      res.status(created ? 201 : 200).json(entry);
      return undefined;
    }),
  );
  router.delete(
    '/watchlist/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => watchlist.remove(await requireActor(req), params.id)),
  );

  return router;
}

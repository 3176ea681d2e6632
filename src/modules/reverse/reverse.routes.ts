import { Router, type Request } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { handle, idParams, parseOrThrow, sendList } from '../../platform/http/validate.js';
import { QuoteService } from './quote.service.js';
import { awardSchema, idempotencyKey, quoteListQuery, quoteSchema, reverseCreateSchema, reverseListQuery } from './reverse.schemas.js';
import { ReverseService } from './reverse.service.js';

const keyOf = (req: Request) => {
  const key = req.get('Idempotency-Key');
  return key === undefined ? undefined : parseOrThrow(idempotencyKey, key);
};

/** Wanted-part requests, quotes, awards and watching (mounted under /api). */
export function reverseRoutes(container: Container): Router {
  const requests = container.get(ReverseService);
  const quotes = container.get(QuoteService);
  const router = Router();

  router.get(
    '/reverse-auctions',
    handle({ query: reverseListQuery }, async ({ query }, req, res) => sendList(res, await requests.list(query, await getActor(req)))),
  );
  router.post(
    '/reverse-auctions',
    requireSignIn,
    handle({ body: reverseCreateSchema }, async ({ body }, req) => requests.create(body, await requireActor(req)), 201),
  );
  router.get('/reverse-auctions/stats', handle({}, () => requests.stats()));
  router.get(
    '/reverse-auctions/:id',
    handle({ params: idParams }, async ({ params }, req) => requests.get(params.id, await getActor(req))),
  );
  router.get(
    '/reverse-auctions/:id/bids',
    handle({ params: idParams, query: quoteListQuery }, async ({ params, query }, req, res) =>
      sendList(res, await quotes.bids(params.id, await getActor(req), query)),
    ),
  );
  router.post(
    '/reverse-auctions/:id/bids',
    requireSignIn,
    handle({ params: idParams, body: quoteSchema }, async ({ params, body }, req, res) => {
      const { status, body: answer } = await quotes.quote(params.id, body, await requireActor(req), keyOf(req));
      res.status(status).json(answer);
    }),
  );
  router.post(
    '/reverse-auctions/:id/award',
    requireSignIn,
    handle({ params: idParams, body: awardSchema }, async ({ params, body }, req) => quotes.award(params.id, body.bidId, await requireActor(req))),
  );
  // The buyer calls off a request that has no quotes.
  router.post(
    '/reverse-auctions/:id/cancel',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => requests.cancel(params.id, await requireActor(req))),
  );
  router.post(
    '/reverse-auctions/:id/watch',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => requests.watch(params.id, await requireActor(req))),
  );
  router.delete(
    '/reverse-auctions/:id/watch',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => requests.unwatch(params.id, await requireActor(req))),
  );
  return router;
}

import type { RequestHandler, Response } from 'express';

/** Marks an answer as never to be stored by a browser or a shared cache. */
export const noStore = (res: Response): void => {
  res.setHeader('Cache-Control', 'no-store');
};

/**
 * Cache-Control of the API (docs/decisions/platform.md, "Private answers are never stored"): `no-store` on every
 * answer that may depend on who asks, which is any request carrying the session cookie (or credentials of another
 * kind), and every request that is not a GET or HEAD; errors get it in errorHandler. That covers every non-public
 * route, since an anonymous request to one is an error. A GET or HEAD without the cookie is the same for everyone
 * and keeps whatever caching its route sets (photos: a year); a route whose answer is the same whoever asks may
 * remove the header again (photos do).
 */
export function privateByDefault(sessionCookie: string): RequestHandler {
  return (req, res, next) => {
    const anonymousRead =
      (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization && !req.headers.cookie?.includes(`${sessionCookie}=`);
    if (!anonymousRead) noStore(res);
    next();
  };
}

import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

/**
 * Refuses cross-site state changes: a browser's Sec-Fetch-Site or Origin must say the call comes from
 * our own origin, and a body must be JSON or multipart (a cross-site HTML form can send neither).
 */
export function csrfGuard(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError('forbidden', 'csrf', 'Cross-site request refused');
    }
    const origin = req.get('origin');
    if (origin && origin !== 'null' && !allowed.has(origin) && origin !== requestOrigin(req)) {
      throw new AppError('forbidden', 'csrf', 'Cross-site request refused');
    }
    if (origin === 'null') throw new AppError('forbidden', 'csrf', 'Cross-site request refused');
    const length = Number(req.get('content-length') ?? 0);
    const chunked = req.get('transfer-encoding') !== undefined;
    if ((length > 0 || chunked) && !req.is(['application/json', 'multipart/form-data'])) {
      throw new AppError('invalid', 'unsupported_media_type', 'Send the request body as JSON or multipart/form-data');
    }
    next();
  };
}

import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { FileStore } from './file-store.js';
import { LocalFileStore } from './local-store.js';
import { IMMUTABLE, S3FileStore } from './s3-store.js';

export { contentTypeOf, FileStore, isSafeKey, type StoredEntry, type StoredFile } from './file-store.js';
export { LocalFileStore } from './local-store.js';
export { S3FileStore, type S3Settings } from './s3-store.js';

/** The store the configuration names: the bucket when S3_BUCKET is set, else the local folder. */
export function createFileStore(config: Pick<Config, 'uploadsDir' | 's3'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.uploadsDir);
}

/**
 * GET and HEAD of one stored file by its key (the route's `:key`), proxied through the server whichever the store:
 * same origin for the page (no CORS, no signed-URL expiry in cached HTML), the bucket private, and the answer
 * cacheable for ever by browsers and any CDN in front (keys are never reused). 304 on a matching If-None-Match.
 */
export function serveStoredFile(store: FileStore): RequestHandler {
  return async (req, res, next) => {
    const key = String(req.params.key ?? '');
    const file = await store.get(key);
    if (!file) return next();
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', file.etag);
    res.setHeader('Last-Modified', file.lastModified.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    if (req.method === 'HEAD') {
      file.body.destroy();
      res.end();
      return;
    }
    file.body.on('error', (error) => (res.headersSent ? res.destroy(error) : next(error)));
    file.body.pipe(res);
  };
}

import type { RequestHandler } from 'express';
import multer from 'multer';
import { Errors } from '../../platform/errors.js';
import { requireActor } from '../../platform/http/auth.js';
import type { RateLimits } from '../../platform/http/rate-limit.js';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMIT_WINDOW_MS, UPLOAD_MESSAGES, type UploadService } from './upload.service.js';

export interface PhotoUploadHandlers {
  /** The account's hourly upload budget: every upload writes files until something claims them. */
  budget: RequestHandler;
  /** One photo in the multipart field "file", at most MAX_UPLOAD_BYTES, into `req.file` (400 naming `file` otherwise). */
  receive: RequestHandler;
}

const made = new WeakMap<UploadService, PhotoUploadHandlers>();

/**
 * The photo upload's middleware (the listings' `POST /api/uploads`, the returns' photos): one per UploadService,
 * so every endpoint that takes photos draws on the same hourly budget of an account.
 */
export function photoUploadHandlers(uploads: UploadService, limits: RateLimits): PhotoUploadHandlers {
  const existing = made.get(uploads);
  if (existing) return existing;
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } }).single('file');
  const handlers: PhotoUploadHandlers = {
    budget: limits.limit('uploads', {
      windowMs: UPLOAD_LIMIT_WINDOW_MS,
      limit: uploads.hourlyLimitPerAccount,
      message: UPLOAD_MESSAGES.tooMany,
      key: async (req) => (await requireActor(req)).id,
    }),
    receive: (req, res, next) => {
      single(req, res, (error: unknown) => {
        if (!error) return next();
        if (error instanceof multer.MulterError) {
          const message =
            error.code === 'LIMIT_FILE_SIZE'
              ? UPLOAD_MESSAGES.size
              : error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT'
                ? 'Send one photo per request, in the form field "file"'
                : 'The upload could not be read';
          return next(Errors.invalid(`upload_${error.code.toLowerCase()}`, message, { file: message }));
        }
        next(error);
      });
    },
  };
  made.set(uploads, handlers);
  return handlers;
}

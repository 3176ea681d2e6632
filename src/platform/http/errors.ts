import type { ErrorRequestHandler, RequestHandler } from 'express';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** Unknown /api paths are JSON 404s, never the web app's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.baseUrl}${req.path}`, code: 'not_found' });
};

/** Maps every error to the one JSON shape `{message, code, errors?}`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      res.status(error.status).json({
        message: error.message,
        code: error.code,
        ...(error.details ? { errors: error.details } : {}),
      });
      return;
    }
    // body-parser errors: malformed JSON, too large
    const status = (error as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      const message =
        (error as { type?: string }).type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : (error as Error).message;
      res.status(status).json({ message, code: 'bad_request' });
      return;
    }
    if (error instanceof UniqueConstraintViolationException) {
      res.status(409).json({ message: 'That record already exists', code: 'conflict' });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
  };
}

import type { ErrorRequestHandler, RequestHandler } from 'express';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import multer from 'multer';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { databaseBusy, isAcquireTimeout } from '../db/database.js';
import { noStore } from './cache-control.js';

/** Unknown /api paths are JSON 404s, never the web app's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  noStore(res);
  res.status(404).json({ message: `No API route for ${req.method} ${req.baseUrl}${req.path}`, code: 'not_found' });
};

/** body-parser's error types (express.json, express.raw): the answer each gets. */
const BODY_PARSER_FAILURES: Record<string, { status: number; code: string; message: string }> = {
  'entity.parse.failed': { status: 400, code: 'malformed_body', message: 'The request body is not valid JSON' },
  'entity.too.large': { status: 413, code: 'body_too_large', message: 'The request body is too large' },
  'entity.not.utf8': { status: 400, code: 'malformed_body', message: 'The request body is not valid UTF-8' },
  'entity.verify.failed': { status: 400, code: 'malformed_body', message: 'The request body could not be verified' },
  'request.size.invalid': { status: 400, code: 'malformed_body', message: 'The request body does not match its Content-Length' },
  'request.aborted': { status: 400, code: 'request_aborted', message: 'The request was aborted before its body arrived' },
  'charset.unsupported': { status: 415, code: 'unsupported_charset', message: 'The request body must be UTF-8' },
  'encoding.unsupported': { status: 415, code: 'unsupported_encoding', message: 'The request body\'s Content-Encoding is not supported' },
};

/**
 * What busboy (multer's parser) reports for a form it cannot read; they are plain Errors, told apart by
 * their messages (busboy 1.x). multer adds the two for a client that leaves mid-upload.
 */
const MULTIPART_FAILURES = [
  'Multipart: Boundary not found',
  'Malformed part header',
  'Unexpected end of form',
  'Unexpected end of file',
  'Malformed content type',
  'Missing Content-Type',
  'Malformed urlencoded form',
  'Request aborted',
  'Request closed',
];

/** The 4xx answer for a request body that could not be parsed (JSON or multipart), or undefined. */
export function bodyFailure(error: unknown): { status: number; code: string; message: string } | undefined {
  if (error instanceof multer.MulterError) {
    return { status: error.code === 'LIMIT_FILE_SIZE' ? 413 : 400, code: `upload_${error.code.toLowerCase()}`, message: `The upload could not be read: ${error.message}` };
  }
  if (!(error instanceof Error)) return undefined;
  const { status, type } = error as { status?: number; type?: string };
  if (typeof type === 'string' && type in BODY_PARSER_FAILURES) return BODY_PARSER_FAILURES[type];
  if (MULTIPART_FAILURES.includes(error.message) || error.message.startsWith('Unsupported content type: ')) {
    return { status: 400, code: 'malformed_body', message: `The multipart form could not be read: ${error.message}` };
  }
  // Other http-errors with a client status (a path parameter that is not valid percent-encoding, say).
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, code: 'bad_request', message: error.message };
  return undefined;
}

/** Maps every error to the one JSON shape `{message, code, errors?}`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    // No database connection within the acquire timeout: a clear 503 to retry, never an endless wait.
    if (!(error instanceof AppError) && isAcquireTimeout(error)) error = databaseBusy();
    // An error may be about who asks (401, 403, a 404 of someone else's order): never stored.
    noStore(res);
    if (error instanceof AppError) {
      if (error.kind === 'unavailable') res.setHeader('Retry-After', '2');
      res.status(error.status).json({
        message: error.message,
        code: error.code,
        ...(error.details ? { errors: error.details } : {}),
      });
      return;
    }
    const failure = bodyFailure(error);
    if (failure) {
      res.status(failure.status).json({ message: failure.message, code: failure.code });
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
